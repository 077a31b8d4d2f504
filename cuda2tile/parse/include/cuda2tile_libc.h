/* cuda2tile_libc.h -- the C library subset CUDA programs use.
 * printf, malloc, free, memcpy, memset and assert are usable on the device
 * (declared __host__ __device__, as CUDA's common_functions.h allows);
 * everything else is host-only, so calling it from a kernel is diagnosed the
 * same way nvcc/clang would.  Included by cuda2tile_prelude.h. */
#ifndef CUDA2TILE_LIBC_H
#define CUDA2TILE_LIBC_H

/* glibc's <stdlib.h> includes <sys/types.h> (uint, ushort, ssize_t, pid_t,
 * pthread_t...); nvcc's force-included cuda_runtime.h includes <stdlib.h>. */
#include "sys/types.h"

#define __C2T_LIBC_HD extern "C" __host__ __device__
#define __C2T_LIBC_H extern "C" __host__

/* <stdio.h> */
typedef struct _IO_FILE FILE;
typedef long fpos_t;
extern "C" FILE *stdin;
extern "C" FILE *stdout;
extern "C" FILE *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr
#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
__C2T_LIBC_HD int printf(const char *__restrict__ format, ...);
__C2T_LIBC_HD int vprintf(const char *format, __builtin_va_list ap);
__C2T_LIBC_H int fprintf(FILE *__restrict__ stream,
                         const char *__restrict__ format, ...);
__C2T_LIBC_H int sprintf(char *__restrict__ s, const char *__restrict__ format,
                         ...);
__C2T_LIBC_H int snprintf(char *__restrict__ s, size_t n,
                          const char *__restrict__ format, ...);
__C2T_LIBC_H int vfprintf(FILE *__restrict__ stream,
                          const char *__restrict__ format,
                          __builtin_va_list ap);
__C2T_LIBC_H int vsnprintf(char *__restrict__ s, size_t n,
                           const char *__restrict__ format,
                           __builtin_va_list ap);
__C2T_LIBC_H int scanf(const char *__restrict__ format, ...);
__C2T_LIBC_H int fscanf(FILE *__restrict__ stream,
                        const char *__restrict__ format, ...);
__C2T_LIBC_H int sscanf(const char *__restrict__ s,
                        const char *__restrict__ format, ...);
__C2T_LIBC_H int puts(const char *s);
__C2T_LIBC_H int fputs(const char *__restrict__ s, FILE *__restrict__ stream);
__C2T_LIBC_H int putchar(int c);
__C2T_LIBC_H int fputc(int c, FILE *stream);
__C2T_LIBC_H int getchar(void);
__C2T_LIBC_H int fgetc(FILE *stream);
__C2T_LIBC_H char *fgets(char *__restrict__ s, int n,
                         FILE *__restrict__ stream);
__C2T_LIBC_H FILE *fopen(const char *__restrict__ filename,
                         const char *__restrict__ modes);
__C2T_LIBC_H int fclose(FILE *stream);
__C2T_LIBC_H int fflush(FILE *stream);
__C2T_LIBC_H size_t fread(void *__restrict__ ptr, size_t size, size_t n,
                          FILE *__restrict__ stream);
__C2T_LIBC_H size_t fwrite(const void *__restrict__ ptr, size_t size, size_t n,
                           FILE *__restrict__ s);
__C2T_LIBC_H int fseek(FILE *stream, long off, int whence);
__C2T_LIBC_H long ftell(FILE *stream);
__C2T_LIBC_H void rewind(FILE *stream);
__C2T_LIBC_H int feof(FILE *stream);
__C2T_LIBC_H int ferror(FILE *stream);
__C2T_LIBC_H void perror(const char *s);
__C2T_LIBC_H int remove(const char *filename);
/* more of <stdio.h> (glibc, _GNU_SOURCE as with g++) */
__C2T_LIBC_H int rename(const char *old, const char *new_name);
__C2T_LIBC_H FILE *freopen(const char *__restrict__ filename,
                           const char *__restrict__ modes,
                           FILE *__restrict__ stream);
__C2T_LIBC_H FILE *fdopen(int fd, const char *modes);
__C2T_LIBC_H FILE *popen(const char *command, const char *modes);
__C2T_LIBC_H int pclose(FILE *stream);
__C2T_LIBC_H FILE *tmpfile(void);
__C2T_LIBC_H int fileno(FILE *stream);
__C2T_LIBC_H void clearerr(FILE *stream);
__C2T_LIBC_H int setvbuf(FILE *__restrict__ stream, char *__restrict__ buf,
                         int modes, size_t n);
__C2T_LIBC_H void setbuf(FILE *__restrict__ stream, char *__restrict__ buf);
__C2T_LIBC_H int vsprintf(char *__restrict__ s, const char *__restrict__ format,
                          __builtin_va_list ap);
__C2T_LIBC_H int vscanf(const char *__restrict__ format, __builtin_va_list ap);
__C2T_LIBC_H int vsscanf(const char *__restrict__ s,
                         const char *__restrict__ format, __builtin_va_list ap);
__C2T_LIBC_H int getc(FILE *stream);
__C2T_LIBC_H int putc(int c, FILE *stream);
__C2T_LIBC_H int ungetc(int c, FILE *stream);
__C2T_LIBC_H long getline(char **__restrict__ lineptr, size_t *__restrict__ n,
                          FILE *__restrict__ stream);
__C2T_LIBC_H int fgetpos(FILE *__restrict__ stream, fpos_t *__restrict__ pos);
__C2T_LIBC_H int fsetpos(FILE *stream, const fpos_t *pos);
__C2T_LIBC_H int fseeko(FILE *stream, long off, int whence);
__C2T_LIBC_H long ftello(FILE *stream);
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
#define L_tmpnam 20
#define TMP_MAX 238328
#define FOPEN_MAX 16

/* <stdlib.h> */
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
typedef struct { int quot; int rem; } div_t;
typedef struct { long quot; long rem; } ldiv_t;
__C2T_LIBC_HD void *malloc(size_t size);
__C2T_LIBC_HD void free(void *ptr);
__C2T_LIBC_H void *calloc(size_t nmemb, size_t size);
__C2T_LIBC_H void *realloc(void *ptr, size_t size);
__C2T_LIBC_H void *aligned_alloc(size_t alignment, size_t size);
__C2T_LIBC_H int posix_memalign(void **memptr, size_t alignment, size_t size);
__C2T_LIBC_H __attribute__((noreturn)) void exit(int status);
__C2T_LIBC_H __attribute__((noreturn)) void _Exit(int status);
__C2T_LIBC_H __attribute__((noreturn)) void abort(void);
__C2T_LIBC_H int atexit(void (*func)(void));
__C2T_LIBC_H int atoi(const char *nptr);
__C2T_LIBC_H long atol(const char *nptr);
__C2T_LIBC_H long long atoll(const char *nptr);
__C2T_LIBC_H double atof(const char *nptr);
__C2T_LIBC_H long strtol(const char *__restrict__ nptr,
                         char **__restrict__ endptr, int base);
__C2T_LIBC_H unsigned long strtoul(const char *__restrict__ nptr,
                                   char **__restrict__ endptr, int base);
__C2T_LIBC_H long long strtoll(const char *__restrict__ nptr,
                               char **__restrict__ endptr, int base);
__C2T_LIBC_H unsigned long long strtoull(const char *__restrict__ nptr,
                                         char **__restrict__ endptr, int base);
__C2T_LIBC_H double strtod(const char *__restrict__ nptr,
                           char **__restrict__ endptr);
__C2T_LIBC_H float strtof(const char *__restrict__ nptr,
                          char **__restrict__ endptr);
__C2T_LIBC_H int rand(void);
__C2T_LIBC_H void srand(unsigned int seed);
__C2T_LIBC_H double drand48(void);
__C2T_LIBC_H long lrand48(void);
__C2T_LIBC_H void srand48(long seedval);
__C2T_LIBC_H char *getenv(const char *name);
__C2T_LIBC_H int system(const char *command);
__C2T_LIBC_H void qsort(void *base, size_t nmemb, size_t size,
                        int (*compar)(const void *, const void *));
__C2T_LIBC_H void *bsearch(const void *key, const void *base, size_t nmemb,
                           size_t size,
                           int (*compar)(const void *, const void *));
__C2T_LIBC_H div_t div(int numer, int denom);
__C2T_LIBC_H ldiv_t ldiv(long numer, long denom);
/* abs/labs/llabs are declared with the math functions. */
/* more of <stdlib.h> (glibc, _GNU_SOURCE as with g++) */
__C2T_LIBC_H long random(void);
__C2T_LIBC_H void srandom(unsigned int seed);
__C2T_LIBC_H char *initstate(unsigned int seed, char *statebuf, size_t statelen);
__C2T_LIBC_H char *setstate(char *statebuf);
__C2T_LIBC_H int rand_r(unsigned int *seed);
__C2T_LIBC_H double erand48(unsigned short xsubi[3]);
__C2T_LIBC_H long nrand48(unsigned short xsubi[3]);
__C2T_LIBC_H long mrand48(void);
__C2T_LIBC_H int setenv(const char *name, const char *value, int replace);
__C2T_LIBC_H int unsetenv(const char *name);
__C2T_LIBC_H int putenv(char *string);
__C2T_LIBC_H int mkstemp(char *tmpl);
__C2T_LIBC_H char *mkdtemp(char *tmpl);
__C2T_LIBC_H char *realpath(const char *__restrict__ name,
                            char *__restrict__ resolved);
__C2T_LIBC_H long double strtold(const char *__restrict__ nptr,
                                 char **__restrict__ endptr);
__C2T_LIBC_H void *valloc(size_t size);
__C2T_LIBC_H __attribute__((noreturn)) void quick_exit(int status);
__C2T_LIBC_H int at_quick_exit(void (*func)(void));
typedef struct { long long quot; long long rem; } lldiv_t;
__C2T_LIBC_H lldiv_t lldiv(long long numer, long long denom);
/* <alloca.h>, included by glibc's <stdlib.h> */
#define alloca(size) __builtin_alloca(size)

/* <string.h> */
__C2T_LIBC_HD void *memcpy(void *__restrict__ dest,
                           const void *__restrict__ src, size_t n);
__C2T_LIBC_HD void *memset(void *s, int c, size_t n);
__C2T_LIBC_H void *memmove(void *dest, const void *src, size_t n);
__C2T_LIBC_H int memcmp(const void *s1, const void *s2, size_t n);
__C2T_LIBC_H void *memchr(const void *s, int c, size_t n);
__C2T_LIBC_H size_t strlen(const char *s);
__C2T_LIBC_H int strcmp(const char *s1, const char *s2);
__C2T_LIBC_H int strncmp(const char *s1, const char *s2, size_t n);
__C2T_LIBC_H char *strcpy(char *__restrict__ dest, const char *__restrict__ src);
__C2T_LIBC_H char *strncpy(char *__restrict__ dest,
                           const char *__restrict__ src, size_t n);
__C2T_LIBC_H char *strcat(char *__restrict__ dest, const char *__restrict__ src);
__C2T_LIBC_H char *strncat(char *__restrict__ dest,
                           const char *__restrict__ src, size_t n);
__C2T_LIBC_H char *strchr(const char *s, int c);
__C2T_LIBC_H char *strrchr(const char *s, int c);
__C2T_LIBC_H char *strstr(const char *haystack, const char *needle);
__C2T_LIBC_H char *strdup(const char *s);
__C2T_LIBC_H char *strtok(char *__restrict__ s, const char *__restrict__ delim);
__C2T_LIBC_H char *strerror(int errnum);
/* more of <string.h> (glibc, _GNU_SOURCE as with g++) */
__C2T_LIBC_H char *strndup(const char *s, size_t n);
__C2T_LIBC_H size_t strnlen(const char *s, size_t maxlen);
__C2T_LIBC_H char *strtok_r(char *__restrict__ s, const char *__restrict__ delim,
                            char **__restrict__ save_ptr);
__C2T_LIBC_H char *strsep(char **__restrict__ stringp,
                          const char *__restrict__ delim);
__C2T_LIBC_H size_t strspn(const char *s, const char *accept);
__C2T_LIBC_H size_t strcspn(const char *s, const char *reject);
__C2T_LIBC_H char *strpbrk(const char *s, const char *accept);
__C2T_LIBC_H int strcoll(const char *s1, const char *s2);
__C2T_LIBC_H size_t strxfrm(char *__restrict__ dest, const char *__restrict__ src,
                            size_t n);
__C2T_LIBC_H void *memccpy(void *__restrict__ dest, const void *__restrict__ src,
                           int c, size_t n);
__C2T_LIBC_H char *strsignal(int sig);
__C2T_LIBC_H char *strcasestr(const char *haystack, const char *needle);
/* <strings.h> (glibc's <string.h> exposes these too) */
__C2T_LIBC_H int strcasecmp(const char *s1, const char *s2);
__C2T_LIBC_H int strncasecmp(const char *s1, const char *s2, size_t n);

/* <time.h> (clock is also a device function in CUDA) */
#define CLOCKS_PER_SEC ((clock_t)1000000)
struct timespec { time_t tv_sec; long tv_nsec; };
struct tm {
  int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday,
      tm_isdst;
};
__C2T_LIBC_HD clock_t clock(void);
__C2T_LIBC_H time_t time(time_t *timer);
__C2T_LIBC_H double difftime(time_t time1, time_t time0);
__C2T_LIBC_H int clock_gettime(int clock_id, struct timespec *tp);
__C2T_LIBC_H struct tm *localtime(const time_t *timer);
__C2T_LIBC_H struct tm *gmtime(const time_t *timer);
__C2T_LIBC_H struct tm *localtime_r(const time_t *__restrict__ timer,
                                    struct tm *__restrict__ tp);
__C2T_LIBC_H struct tm *gmtime_r(const time_t *__restrict__ timer,
                                 struct tm *__restrict__ tp);
__C2T_LIBC_H time_t mktime(struct tm *tp);
__C2T_LIBC_H char *ctime(const time_t *timer);
__C2T_LIBC_H char *asctime(const struct tm *tp);
__C2T_LIBC_H size_t strftime(char *__restrict__ s, size_t maxsize,
                             const char *__restrict__ format,
                             const struct tm *__restrict__ tp);
__C2T_LIBC_H int nanosleep(const struct timespec *requested_time,
                           struct timespec *remaining);
__C2T_LIBC_H int clock_getres(int clock_id, struct timespec *res);
#define CLOCK_REALTIME 0
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_MONOTONIC 1

/* <assert.h>: device-side __assertfail as in clang's CUDA wrapper; the
 * assert() macro itself lives in assert.h (re-includable, honours NDEBUG)
 * and is pulled in here because nvcc's prelude makes assert available. */
__C2T_LIBC_HD void __assertfail(const char *message, const char *file,
                                unsigned int line, const char *function,
                                size_t charSize);
__C2T_LIBC_HD __attribute__((noreturn)) void
__assert_fail(const char *assertion, const char *file, unsigned int line,
              const char *function);

#undef __C2T_LIBC_HD
#undef __C2T_LIBC_H

#include "assert.h"

#endif /* CUDA2TILE_LIBC_H */
