/* <sys/timeb.h> stand-in (host code): the obsolete ftime(). */
#ifndef CUDA2TILE_SYS_TIMEB_H
#define CUDA2TILE_SYS_TIMEB_H
#include "types.h"
struct timeb {
  time_t time;
  unsigned short millitm;
  short timezone;
  short dstflag;
};
extern "C" __host__ int ftime(struct timeb *tp);
#endif /* CUDA2TILE_SYS_TIMEB_H */
