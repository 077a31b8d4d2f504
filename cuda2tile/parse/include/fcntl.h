/* <fcntl.h> stand-in (host code): glibc's x86_64 flag values and calls. */
#ifndef CUDA2TILE_FCNTL_H
#define CUDA2TILE_FCNTL_H
#include "sys/types.h"
#include "sys/stat.h"
#define O_ACCMODE 0003
#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_CREAT 0100
#define O_EXCL 0200
#define O_NOCTTY 0400
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_NDELAY O_NONBLOCK
#define O_DSYNC 010000
#define O_ASYNC 020000
#define O_DIRECT 040000
#define O_LARGEFILE 0
#define O_DIRECTORY 0200000
#define O_NOFOLLOW 0400000
#define O_NOATIME 01000000
#define O_CLOEXEC 02000000
#define O_SYNC 04010000
#define O_FSYNC O_SYNC
#define O_RSYNC O_SYNC
#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2
#define FD_CLOEXEC 1
#define AT_FDCWD -100
#define AT_REMOVEDIR 0x200
#define POSIX_FADV_NORMAL 0
#define POSIX_FADV_RANDOM 1
#define POSIX_FADV_SEQUENTIAL 2
#define POSIX_FADV_WILLNEED 3
#define POSIX_FADV_DONTNEED 4
#define POSIX_FADV_NOREUSE 5
struct flock {
  short l_type;
  short l_whence;
  off_t l_start;
  off_t l_len;
  pid_t l_pid;
};
extern "C" {
__host__ int open(const char *file, int oflag, ...);
__host__ int openat(int fd, const char *file, int oflag, ...);
__host__ int creat(const char *file, mode_t mode);
__host__ int fcntl(int fd, int cmd, ...);
__host__ int posix_fadvise(int fd, off_t offset, off_t len, int advise);
__host__ int posix_fallocate(int fd, off_t offset, off_t len);
}
#endif /* CUDA2TILE_FCNTL_H */
