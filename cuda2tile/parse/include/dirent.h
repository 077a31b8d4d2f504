/* <dirent.h> stand-in (host code): glibc's struct dirent and the calls. */
#ifndef CUDA2TILE_DIRENT_H
#define CUDA2TILE_DIRENT_H
#include "sys/types.h"
struct dirent {
  ino_t d_ino;
  off_t d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[256];
};
typedef struct __dirstream DIR;
enum {
  DT_UNKNOWN = 0,
  DT_FIFO = 1,
  DT_CHR = 2,
  DT_DIR = 4,
  DT_BLK = 6,
  DT_REG = 8,
  DT_LNK = 10,
  DT_SOCK = 12,
  DT_WHT = 14
};
extern "C" {
__host__ DIR *opendir(const char *name);
__host__ DIR *fdopendir(int fd);
__host__ int closedir(DIR *dirp);
__host__ struct dirent *readdir(DIR *dirp);
__host__ void rewinddir(DIR *dirp);
__host__ int dirfd(DIR *dirp);
__host__ int scandir(const char *__restrict__ dir,
                     struct dirent ***__restrict__ namelist,
                     int (*selector)(const struct dirent *),
                     int (*cmp)(const struct dirent **, const struct dirent **));
__host__ int alphasort(const struct dirent **e1, const struct dirent **e2);
}
#endif /* CUDA2TILE_DIRENT_H */
