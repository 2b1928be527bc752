#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <fcntl.h>
static double now(void){struct timespec ts;clock_gettime(CLOCK_MONOTONIC,&ts);return ts.tv_sec+1e-9*ts.tv_nsec;}
static double idle(void){double s=0;char path[128];for(int c=0;c<2;c++)for(int k=0;k<4;k++){snprintf(path,sizeof path,"/sys/devices/system/cpu/cpu%d/cpuidle/state%d/time",c,k);FILE*f=fopen(path,"r");if(!f)continue;unsigned long long v;if(fscanf(f,"%llu",&v)==1)s+=v;fclose(f);}return s*1e-6;}
int main(int argc,char**argv){double r0=idle();double t0=now();pid_t p=fork();if(!p){int fd=open("/dev/null",O_WRONLY);dup2(fd,1);execv(argv[1],argv+1);_exit(127);}int st;struct rusage ru;wait4(p,&st,0,&ru);double t1=now();double r1=idle();
double cpu=ru.ru_utime.tv_sec+1e-6*ru.ru_utime.tv_usec+ru.ru_stime.tv_sec+1e-6*ru.ru_stime.tv_usec;
fprintf(stderr,"%.6f -1 0 fork\n%.6f -1 0 reaped\n%.6f -1 0 cpu\n%.6f -1 0 other\n",t0,t1,cpu,2*(t1-t0)-(r1-r0)-cpu);return 0;}
