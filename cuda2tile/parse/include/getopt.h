/* <getopt.h> stand-in (host code): getopt and GNU getopt_long. */
#ifndef CUDA2TILE_GETOPT_H
#define CUDA2TILE_GETOPT_H
#include "cuda2tile_prelude.h"
extern "C" {
extern char *optarg;
extern int optind, opterr, optopt;
struct option {
  const char *name;
  int has_arg;
  int *flag;
  int val;
};
#define no_argument 0
#define required_argument 1
#define optional_argument 2
__host__ int getopt(int argc, char *const *argv, const char *shortopts);
__host__ int getopt_long(int argc, char *const *argv, const char *shortopts,
                         const struct option *longopts, int *longind);
__host__ int getopt_long_only(int argc, char *const *argv,
                              const char *shortopts,
                              const struct option *longopts, int *longind);
}
#endif /* CUDA2TILE_GETOPT_H */
