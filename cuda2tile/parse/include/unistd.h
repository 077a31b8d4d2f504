/* <unistd.h> stand-in (host code): a few POSIX calls. */
#ifndef CUDA2TILE_UNISTD_H
#define CUDA2TILE_UNISTD_H
#include "cuda2tile_prelude.h"
typedef long ssize_t;
typedef int pid_t;
extern "C" {
__host__ unsigned int sleep(unsigned int seconds);
__host__ int usleep(unsigned int usec);
__host__ pid_t getpid(void);
__host__ int close(int fd);
__host__ ssize_t read(int fd, void *buf, size_t count);
__host__ ssize_t write(int fd, const void *buf, size_t count);
__host__ int access(const char *path, int mode);
__host__ int gethostname(char *name, size_t len);
__host__ long sysconf(int name);
__host__ char *getcwd(char *buf, size_t size);
__host__ int unlink(const char *path);
}
#define F_OK 0
#define R_OK 4
#define W_OK 2
#define X_OK 1
#define _SC_NPROCESSORS_ONLN 84
#endif
