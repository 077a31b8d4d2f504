/* <sys/ipc.h> stand-in (host code): System V IPC keys. */
#ifndef CUDA2TILE_SYS_IPC_H
#define CUDA2TILE_SYS_IPC_H
#include "types.h"
#define IPC_CREAT 01000
#define IPC_EXCL 02000
#define IPC_NOWAIT 04000
#define IPC_RMID 0
#define IPC_SET 1
#define IPC_STAT 2
#define IPC_PRIVATE ((key_t)0)
struct ipc_perm {
  key_t __key;
  uid_t uid;
  gid_t gid;
  uid_t cuid;
  gid_t cgid;
  unsigned short mode;
  unsigned short __pad1;
  unsigned short __seq;
  unsigned short __pad2;
  unsigned long __glibc_reserved1;
  unsigned long __glibc_reserved2;
};
extern "C" __host__ key_t ftok(const char *pathname, int proj_id);
#endif /* CUDA2TILE_SYS_IPC_H */
