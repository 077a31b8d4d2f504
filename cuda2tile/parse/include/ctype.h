/* <ctype.h> stand-in (host code): the character classification functions
 * (functions, not glibc's table macros). */
#ifndef CUDA2TILE_CTYPE_H
#define CUDA2TILE_CTYPE_H
#include "cuda2tile_prelude.h"
extern "C" {
__host__ int isalnum(int c);
__host__ int isalpha(int c);
__host__ int isblank(int c);
__host__ int iscntrl(int c);
__host__ int isdigit(int c);
__host__ int isgraph(int c);
__host__ int islower(int c);
__host__ int isprint(int c);
__host__ int ispunct(int c);
__host__ int isspace(int c);
__host__ int isupper(int c);
__host__ int isxdigit(int c);
__host__ int isascii(int c);
__host__ int toascii(int c);
__host__ int tolower(int c);
__host__ int toupper(int c);
}
#endif /* CUDA2TILE_CTYPE_H */
