/* <sys/shm.h> stand-in (host code): System V shared memory. */
#ifndef CUDA2TILE_SYS_SHM_H
#define CUDA2TILE_SYS_SHM_H
#include "ipc.h"
typedef unsigned long shmatt_t;
struct shmid_ds {
  struct ipc_perm shm_perm;
  size_t shm_segsz;
  time_t shm_atime;
  time_t shm_dtime;
  time_t shm_ctime;
  pid_t shm_cpid;
  pid_t shm_lpid;
  shmatt_t shm_nattch;
  unsigned long __glibc_reserved5;
  unsigned long __glibc_reserved6;
};
#define SHM_RDONLY 010000
#define SHM_RND 020000
extern "C" {
__host__ int shmget(key_t key, size_t size, int shmflg);
__host__ void *shmat(int shmid, const void *shmaddr, int shmflg);
__host__ int shmdt(const void *shmaddr);
__host__ int shmctl(int shmid, int cmd, struct shmid_ds *buf);
}
#endif /* CUDA2TILE_SYS_SHM_H */
