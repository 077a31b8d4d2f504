/* curand.h stand-in: cuRAND host API subset. */
#ifndef CUDA2TILE_CURAND_H
#define CUDA2TILE_CURAND_H

#include "cuda2tile_prelude.h"

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;
enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;
enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;
enum curandDirectionVectorSet {
  CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
typedef struct curandGenerator_st *curandGenerator_t;

extern "C" {
__host__ curandStatus_t curandCreateGenerator(curandGenerator_t *generator,
                                              curandRngType_t rng_type);
__host__ curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator,
                                                  curandRngType_t rng_type);
__host__ curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
__host__ curandStatus_t curandSetStream(curandGenerator_t generator,
                                        cudaStream_t stream);
__host__ curandStatus_t curandSetPseudoRandomGeneratorSeed(
    curandGenerator_t generator, unsigned long long seed);
__host__ curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator,
                                                 unsigned long long offset);
__host__ curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator,
                                                   curandOrdering_t order);
__host__ curandStatus_t curandSetQuasiRandomGeneratorDimensions(
    curandGenerator_t generator, unsigned int num_dimensions);
__host__ curandStatus_t curandGenerate(curandGenerator_t generator,
                                       unsigned int *outputPtr, size_t num);
__host__ curandStatus_t curandGenerateUniform(curandGenerator_t generator,
                                              float *outputPtr, size_t num);
__host__ curandStatus_t curandGenerateUniformDouble(
    curandGenerator_t generator, double *outputPtr, size_t num);
__host__ curandStatus_t curandGenerateNormal(curandGenerator_t generator,
                                             float *outputPtr, size_t n,
                                             float mean, float stddev);
__host__ curandStatus_t curandGenerateNormalDouble(
    curandGenerator_t generator, double *outputPtr, size_t n, double mean,
    double stddev);
__host__ curandStatus_t curandGetDirectionVectors32(
    curandDirectionVectors32_t *vectors[], curandDirectionVectorSet_t set);
__host__ curandStatus_t curandGetDirectionVectors64(
    curandDirectionVectors64_t *vectors[], curandDirectionVectorSet_t set);
}

#endif /* CUDA2TILE_CURAND_H */
