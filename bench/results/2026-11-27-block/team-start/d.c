#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static void *idle(void *a){return a;}
int main(int argc,char**argv){
  int v=atoi(argv[1]);
  double t0=now(), in[4]={0};
  if(v==2){pthread_t p;pthread_create(&p,NULL,idle,NULL);pthread_join(p,NULL);}
  if(v==1){
#pragma omp parallel num_threads(3)
    { if(0) puts(""); }
  }
  omp_set_dynamic(0);
#pragma omp parallel num_threads(2)
  { in[omp_get_thread_num()]=now(); }
  double t1=now();
  printf("%d %.3f %.3f %.3f\n",v,in[0]-t0,in[1]-t0,t1-t0);
  return 0;
}
