/* <regex.h> stand-in (host code): POSIX regular expressions as glibc
 * declares them.  regex_t keeps glibc's public field re_nsub and its size
 * (64 bytes on x86_64); the other fields are private placeholders. */
#ifndef CUDA2TILE_REGEX_H
#define CUDA2TILE_REGEX_H
#include "sys/types.h"
typedef int regoff_t;
typedef struct re_pattern_buffer {
  void *__buffer;
  size_t __allocated;
  size_t __used;
  unsigned long __syntax;
  char *__fastmap;
  unsigned char *__translate;
  size_t re_nsub;
  unsigned int __flags;
} regex_t;
typedef struct {
  regoff_t rm_so;
  regoff_t rm_eo;
} regmatch_t;
#define REG_EXTENDED 1
#define REG_ICASE (1 << 1)
#define REG_NEWLINE (1 << 2)
#define REG_NOSUB (1 << 3)
#define REG_NOTBOL 1
#define REG_NOTEOL (1 << 1)
#define REG_STARTEND (1 << 2)
typedef enum {
  REG_ENOSYS = -1,
  REG_NOERROR = 0,
  REG_NOMATCH,
  REG_BADPAT,
  REG_ECOLLATE,
  REG_ECTYPE,
  REG_EESCAPE,
  REG_ESUBREG,
  REG_EBRACK,
  REG_EPAREN,
  REG_EBRACE,
  REG_BADBR,
  REG_ERANGE,
  REG_ESPACE,
  REG_BADRPT,
  REG_EEND,
  REG_ESIZE,
  REG_ERPAREN
} reg_errcode_t;
extern "C" {
__host__ int regcomp(regex_t *__restrict__ preg, const char *__restrict__ pattern, int cflags);
__host__ int regexec(const regex_t *__restrict__ preg, const char *__restrict__ string,
                     size_t nmatch, regmatch_t pmatch[], int eflags);
__host__ size_t regerror(int errcode, const regex_t *__restrict__ preg,
                         char *__restrict__ errbuf, size_t errbuf_size);
__host__ void regfree(regex_t *preg);
}
#endif /* CUDA2TILE_REGEX_H */
