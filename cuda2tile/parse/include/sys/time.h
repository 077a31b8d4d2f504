/* <sys/time.h> stand-in (host code). */
#ifndef CUDA2TILE_SYS_TIME_H
#define CUDA2TILE_SYS_TIME_H
#include "../cuda2tile_prelude.h"
struct timeval { time_t tv_sec; long tv_usec; };
struct timezone { int tz_minuteswest; int tz_dsttime; };
extern "C" __host__ int gettimeofday(struct timeval *tv, void *tz);
#endif
