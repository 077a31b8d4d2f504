/* <sys/wait.h> stand-in (host code). */
#ifndef CUDA2TILE_SYS_WAIT_H
#define CUDA2TILE_SYS_WAIT_H
#include "types.h"
#define WNOHANG 1
#define WUNTRACED 2
#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WTERMSIG(s) ((s) & 0x7f)
#define WSTOPSIG(s) WEXITSTATUS(s)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((signed char)(((s) & 0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(s) (((s) & 0xff) == 0x7f)
extern "C" {
__host__ pid_t wait(int *stat_loc);
__host__ pid_t waitpid(pid_t pid, int *stat_loc, int options);
}
#endif /* CUDA2TILE_SYS_WAIT_H */
