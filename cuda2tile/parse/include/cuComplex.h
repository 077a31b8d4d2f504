/* <cuComplex.h> stand-in: cuFloatComplex/cuDoubleComplex (float2/double2)
 * and the __host__ __device__ helpers, with straightforward bodies.
 * cuCdiv/cuCabs scale their operands to avoid overflow as CUDA's do, so
 * the results agree to rounding. */
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_
#include "cuda2tile_prelude.h"
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
#define __C2T_CX(T, S, CX, ABS, SQRT)                                          \
  __C2T_HDI T cuCreal##S(CX x) { return x.x; }                                  \
  __C2T_HDI T cuCimag##S(CX x) { return x.y; }                                  \
  __C2T_HDI CX cuConj##S(CX x) { CX r; r.x = x.x; r.y = -x.y; return r; }       \
  __C2T_HDI CX cuCadd##S(CX x, CX y) {                                          \
    CX r; r.x = x.x + y.x; r.y = x.y + y.y; return r;                           \
  }                                                                             \
  __C2T_HDI CX cuCsub##S(CX x, CX y) {                                          \
    CX r; r.x = x.x - y.x; r.y = x.y - y.y; return r;                           \
  }                                                                             \
  __C2T_HDI CX cuCmul##S(CX x, CX y) {                                          \
    CX r; r.x = x.x * y.x - x.y * y.y; r.y = x.x * y.y + x.y * y.x; return r;   \
  }                                                                             \
  __C2T_HDI CX cuCdiv##S(CX x, CX y) {                                          \
    T s = ABS(y.x) + ABS(y.y);                                                  \
    T inv = (T)1 / s;                                                           \
    T ar = x.x * inv, ai = x.y * inv, br = y.x * inv, bi = y.y * inv;           \
    T d = (T)1 / (br * br + bi * bi);                                           \
    CX r; r.x = (ar * br + ai * bi) * d; r.y = (ai * br - ar * bi) * d;         \
    return r;                                                                   \
  }                                                                             \
  __C2T_HDI T cuCabs##S(CX x) {                                                 \
    T a = ABS(x.x), b = ABS(x.y);                                               \
    T hi = a > b ? a : b, lo = a > b ? b : a;                                   \
    if (hi == (T)0) return hi;                                                  \
    T q = lo / hi;                                                              \
    return hi * SQRT((T)1 + q * q);                                             \
  }
__C2T_CX(float, f, cuFloatComplex, fabsf, sqrtf)
__C2T_CX(double, , cuDoubleComplex, fabs, sqrt)
#undef __C2T_CX
__C2T_HDI cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex c; c.x = r; c.y = i; return c;
}
__C2T_HDI cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex c; c.x = r; c.y = i; return c;
}
__C2T_HDI cuComplex make_cuComplex(float x, float y) {
  return make_cuFloatComplex(x, y);
}
__C2T_HDI cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
__C2T_HDI cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}
__C2T_HDI cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
  return make_cuComplex(x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y);
}
__C2T_HDI cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                 cuDoubleComplex d) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y + d.x,
                              x.x * y.y + x.y * y.x + d.y);
}
#endif /* CU_COMPLEX_H_ */
