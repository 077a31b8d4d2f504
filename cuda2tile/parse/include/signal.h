/* <signal.h> stand-in (host code): glibc's x86_64 signal numbers, types and
 * calls. */
#ifndef CUDA2TILE_SIGNAL_H
#define CUDA2TILE_SIGNAL_H
#include "sys/types.h"
typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
typedef __sighandler_t sighandler_t;
typedef struct { unsigned long __val[1024 / (8 * sizeof(unsigned long))]; } sigset_t;
union sigval { int sival_int; void *sival_ptr; };
typedef union sigval sigval_t;
/* The kernel's siginfo is a union of per-signal layouts; the common fields
 * and the ones programs read are kept, the size (128 bytes) is glibc's. */
typedef struct {
  int si_signo;
  int si_errno;
  int si_code;
  int __pad0;
  union {
    int _pad[28];
    struct { pid_t si_pid; uid_t si_uid; int si_status; } __c2t_kill;
    struct { void *si_addr; } __c2t_fault;
  } __c2t_fields;
} siginfo_t;
#define si_pid __c2t_fields.__c2t_kill.si_pid
#define si_uid __c2t_fields.__c2t_kill.si_uid
#define si_status __c2t_fields.__c2t_kill.si_status
#define si_addr __c2t_fields.__c2t_fault.si_addr
struct sigaction {
  union {
    __sighandler_t sa_handler;
    void (*sa_sigaction)(int, siginfo_t *, void *);
  } __sigaction_handler;
  sigset_t sa_mask;
  int sa_flags;
  void (*sa_restorer)(void);
};
#define sa_handler __sigaction_handler.sa_handler
#define sa_sigaction __sigaction_handler.sa_sigaction
typedef struct { void *ss_sp; int ss_flags; size_t ss_size; } stack_t;
#define SIG_ERR ((__sighandler_t)-1)
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT SIGABRT
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGPOLL 29
#define SIGIO SIGPOLL
#define SIGPWR 30
#define SIGSYS 31
#define NSIG 65
#define SA_NOCLDSTOP 1
#define SA_NOCLDWAIT 2
#define SA_SIGINFO 4
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000
#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2
extern "C" {
__host__ __sighandler_t signal(int sig, __sighandler_t handler);
__host__ int raise(int sig);
__host__ int kill(pid_t pid, int sig);
__host__ int sigaction(int sig, const struct sigaction *__restrict__ act,
                       struct sigaction *__restrict__ oact);
__host__ int sigemptyset(sigset_t *set);
__host__ int sigfillset(sigset_t *set);
__host__ int sigaddset(sigset_t *set, int signo);
__host__ int sigdelset(sigset_t *set, int signo);
__host__ int sigismember(const sigset_t *set, int signo);
__host__ int sigprocmask(int how, const sigset_t *__restrict__ set,
                         sigset_t *__restrict__ oset);
__host__ int pthread_sigmask(int how, const sigset_t *__restrict__ newmask,
                             sigset_t *__restrict__ oldmask);
__host__ int pthread_kill(pthread_t threadid, int signo);
__host__ int sigaltstack(const stack_t *__restrict__ ss,
                         stack_t *__restrict__ oss);
__host__ int sigwait(const sigset_t *__restrict__ set, int *__restrict__ sig);
__host__ int pause(void);
}
#endif /* CUDA2TILE_SIGNAL_H */
