#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static void bind(int c){cpu_set_t s;CPU_ZERO(&s);CPU_SET(c,&s);sched_setaffinity(0,sizeof s,&s);}
int main(int argc,char**argv){
  int v=atoi(argv[1]);
  double t0=now(), in[4]={0}, w=0;
  omp_set_dynamic(0);
  if(v>=1){
#pragma omp parallel num_threads(v==4?2:3)
    { int t=omp_get_thread_num(); if((v==3||v==4) && t<2) bind(t); }
  }
  w=now();
#pragma omp parallel num_threads(2)
  { int t=omp_get_thread_num(); if(v>=2) bind(t); in[t]=now(); volatile double x=0; for(int i=0;i<2000000;i++) x+=i; }
  double t1=now();
  printf("%d %.3f %.3f %.3f %.3f\n",v,w-t0,in[0]-t0,in[1]-t0,t1-t0);
  return 0;
}
