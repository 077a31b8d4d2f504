/* cuda2tile_math.h -- the CUDA math library (math_functions.h): the C
 * functions (double `f` and float `ff`), the C++ float overloads `f(float)`
 * that CUDA declares in the global namespace, generic templates that promote
 * integer / mixed arguments to double (as <cmath> does), classification
 * functions, abs/min/max overloads, and the std:: names of <cmath>/<cstdlib>.
 * All are __host__ __device__.  Included by cuda2tile_prelude.h after
 * cuda2tile_std.h. */
#ifndef CUDA2TILE_MATH_H
#define CUDA2TILE_MATH_H

/* Internal promotion traits: a nested `type` exists only for arithmetic
 * arguments, so the generic templates drop out of overload resolution for
 * anything else (e.g. __half). */
template <class _Tp, bool = __is_integral(_Tp)> struct __c2t_promote1 {
  typedef _Tp type;
};
template <class _Tp> struct __c2t_promote1<_Tp, true> { typedef double type; };
template <class _A, class _B,
          bool = __is_arithmetic(_A) && __is_arithmetic(_B)>
struct __c2t_promote2 {};
template <class _A, class _B> struct __c2t_promote2<_A, _B, true> {
  typedef decltype(typename __c2t_promote1<_A>::type() +
                   typename __c2t_promote1<_B>::type()) type;
};
template <class _A, class _B, class _C,
          bool = __is_arithmetic(_A) && __is_arithmetic(_B) &&
                 __is_arithmetic(_C)>
struct __c2t_promote3 {};
template <class _A, class _B, class _C>
struct __c2t_promote3<_A, _B, _C, true> {
  typedef decltype(typename __c2t_promote1<_A>::type() +
                   typename __c2t_promote1<_B>::type() +
                   typename __c2t_promote1<_C>::type()) type;
};
template <class _Tp>
using __c2t_if_integral_double =
    typename std::enable_if<__is_integral(_Tp), double>::type;

#define __C2T_MC extern "C" __host__ __device__
#define __C2T_MX __host__ __device__

/* T f(T) */
#define __C2T_M1(N)                                                            \
  __C2T_MC double N(double x);                                                 \
  __C2T_MC float N##f(float x);                                                \
  __C2T_MX float N(float x);                                                   \
  template <class _Tp> __C2T_MX __c2t_if_integral_double<_Tp> N(_Tp x);
/* T f(T, T) */
#define __C2T_M2(N)                                                            \
  __C2T_MC double N(double x, double y);                                       \
  __C2T_MC float N##f(float x, float y);                                       \
  __C2T_MX float N(float x, float y);                                          \
  template <class _A, class _B>                                                \
  __C2T_MX typename __c2t_promote2<_A, _B>::type N(_A x, _B y);
/* T f(T, T, T) */
#define __C2T_M3(N)                                                            \
  __C2T_MC double N(double x, double y, double z);                             \
  __C2T_MC float N##f(float x, float y, float z);                              \
  __C2T_MX float N(float x, float y, float z);                                 \
  template <class _A, class _B, class _C>                                      \
  __C2T_MX typename __c2t_promote3<_A, _B, _C>::type N(_A x, _B y, _C z);

/* C99 / C++ <cmath> functions */
__C2T_M1(acos)
__C2T_M1(acosh)
__C2T_M1(asin)
__C2T_M1(asinh)
__C2T_M1(atan)
__C2T_M1(atanh)
__C2T_M1(cbrt)
__C2T_M1(ceil)
__C2T_M1(cos)
__C2T_M1(cosh)
__C2T_M1(erf)
__C2T_M1(erfc)
__C2T_M1(exp)
__C2T_M1(exp2)
__C2T_M1(expm1)
__C2T_M1(fabs)
__C2T_M1(floor)
__C2T_M1(lgamma)
__C2T_M1(log)
__C2T_M1(log10)
__C2T_M1(log1p)
__C2T_M1(log2)
__C2T_M1(logb)
__C2T_M1(nearbyint)
__C2T_M1(rint)
__C2T_M1(round)
__C2T_M1(sin)
__C2T_M1(sinh)
__C2T_M1(sqrt)
__C2T_M1(tan)
__C2T_M1(tanh)
__C2T_M1(tgamma)
__C2T_M1(trunc)
__C2T_M2(atan2)
__C2T_M2(copysign)
__C2T_M2(fdim)
__C2T_M2(fmax)
__C2T_M2(fmin)
__C2T_M2(fmod)
__C2T_M2(hypot)
__C2T_M2(nextafter)
__C2T_M2(pow)
__C2T_M2(remainder)
__C2T_M3(fma)
/* CUDA-specific functions */
__C2T_M1(exp10)
__C2T_M1(rsqrt)
__C2T_M1(rcbrt)
__C2T_M1(sinpi)
__C2T_M1(cospi)
__C2T_M1(erfinv)
__C2T_M1(erfcinv)
__C2T_M1(erfcx)
__C2T_M1(normcdf)
__C2T_M1(normcdfinv)
__C2T_M1(j0)
__C2T_M1(j1)
__C2T_M1(y0)
__C2T_M1(y1)
__C2T_M1(cyl_bessel_i0)
__C2T_M1(cyl_bessel_i1)
__C2T_M2(rhypot)
__C2T_M2(fdivide)
__C2T_M3(norm3d)
__C2T_M3(rnorm3d)
#undef __C2T_M1
#undef __C2T_M2
#undef __C2T_M3

/* CUDA's pow(x, int) overloads (so pow(float, int) stays float). */
__C2T_MX float pow(float x, int y);
__C2T_MX double pow(double x, int y);

/* Functions with other signatures: C double/float forms + float overload. */
#define __C2T_MOTHER(RET_D, RET_F, N, PARAMS_D, PARAMS_F)                       \
  __C2T_MC RET_D N PARAMS_D;                                                   \
  __C2T_MC RET_F N##f PARAMS_F;                                                \
  __C2T_MX RET_F N PARAMS_F;
__C2T_MOTHER(double, float, frexp, (double x, int *e), (float x, int *e))
__C2T_MOTHER(double, float, ldexp, (double x, int e), (float x, int e))
__C2T_MOTHER(double, float, modf, (double x, double *i), (float x, float *i))
__C2T_MOTHER(double, float, scalbn, (double x, int n), (float x, int n))
__C2T_MOTHER(double, float, scalbln, (double x, long n), (float x, long n))
__C2T_MOTHER(double, float, remquo, (double x, double y, int *q),
             (float x, float y, int *q))
__C2T_MOTHER(double, float, jn, (int n, double x), (int n, float x))
__C2T_MOTHER(double, float, yn, (int n, double x), (int n, float x))
__C2T_MOTHER(double, float, norm4d, (double a, double b, double c, double d),
             (float a, float b, float c, float d))
__C2T_MOTHER(double, float, rnorm4d, (double a, double b, double c, double d),
             (float a, float b, float c, float d))
__C2T_MOTHER(double, float, norm, (int dim, const double *p),
             (int dim, const float *p))
__C2T_MOTHER(double, float, rnorm, (int dim, const double *p),
             (int dim, const float *p))
__C2T_MOTHER(void, void, sincos, (double x, double *s, double *c),
             (float x, float *s, float *c))
__C2T_MOTHER(void, void, sincospi, (double x, double *s, double *c),
             (float x, float *s, float *c))
__C2T_MOTHER(int, int, ilogb, (double x), (float x))
__C2T_MOTHER(long, long, lrint, (double x), (float x))
__C2T_MOTHER(long, long, lround, (double x), (float x))
__C2T_MOTHER(long long, long long, llrint, (double x), (float x))
__C2T_MOTHER(long long, long long, llround, (double x), (float x))
#undef __C2T_MOTHER
__C2T_MC double nan(const char *tag);
__C2T_MC float nanf(const char *tag);
__C2T_MC float fdividef(float x, float y);

/* Classification (C macros, C++ overloaded functions; CUDA provides both
 * the C++ overloads and the glibc-internal __isnan & co). */
__C2T_MC int __isnanf(float x);
__C2T_MC int __isnan(double x);
__C2T_MC int __isinff(float x);
__C2T_MC int __isinf(double x);
__C2T_MC int __finitef(float x);
__C2T_MC int __finite(double x);
__C2T_MC int __signbitf(float x);
__C2T_MC int __signbit(double x);
#define __C2T_CLASSIFY(N, BUILTIN)                                             \
  __C2T_MX inline bool N(float x) { return BUILTIN(x); }                       \
  __C2T_MX inline bool N(double x) { return BUILTIN(x); }                      \
  template <class _Tp>                                                         \
  __C2T_MX inline typename std::enable_if<__is_integral(_Tp), bool>::type N(   \
      _Tp x) {                                                                 \
    return BUILTIN((double)x);                                                 \
  }
__C2T_CLASSIFY(isnan, __builtin_isnan)
__C2T_CLASSIFY(isinf, __builtin_isinf)
__C2T_CLASSIFY(isfinite, __builtin_isfinite)
__C2T_CLASSIFY(isnormal, __builtin_isnormal)
__C2T_CLASSIFY(signbit, __builtin_signbit)
#undef __C2T_CLASSIFY
__C2T_MX inline int fpclassify(float x) {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL,
                              FP_ZERO, x);
}
__C2T_MX inline int fpclassify(double x) {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL,
                              FP_ZERO, x);
}

/* abs (stdlib.h + C++ overloads) */
__C2T_MC int abs(int x);
__C2T_MC long labs(long x);
__C2T_MC long long llabs(long long x);
__C2T_MX long abs(long x);
__C2T_MX long long abs(long long x);
__C2T_MX float abs(float x);
__C2T_MX double abs(double x);

/* min / max: the overload set of CUDA's math_functions.h */
#define __C2T_MINMAX(N)                                                        \
  __C2T_MX int N(int a, int b);                                                \
  __C2T_MX unsigned int N(unsigned int a, unsigned int b);                     \
  __C2T_MX unsigned int N(int a, unsigned int b);                              \
  __C2T_MX unsigned int N(unsigned int a, int b);                              \
  __C2T_MX long N(long a, long b);                                             \
  __C2T_MX unsigned long N(unsigned long a, unsigned long b);                  \
  __C2T_MX unsigned long N(long a, unsigned long b);                           \
  __C2T_MX unsigned long N(unsigned long a, long b);                           \
  __C2T_MX long long N(long long a, long long b);                              \
  __C2T_MX unsigned long long N(unsigned long long a, unsigned long long b);   \
  __C2T_MX unsigned long long N(long long a, unsigned long long b);            \
  __C2T_MX unsigned long long N(unsigned long long a, long long b);            \
  __C2T_MX float N(float a, float b);                                          \
  __C2T_MX double N(double a, double b);                                       \
  __C2T_MX double N(float a, double b);                                        \
  __C2T_MX double N(double a, float b);
__C2T_MINMAX(min)
__C2T_MINMAX(max)
#undef __C2T_MINMAX
__C2T_MC unsigned int umin(unsigned int a, unsigned int b);
__C2T_MC unsigned int umax(unsigned int a, unsigned int b);
__C2T_MC long long llmin(long long a, long long b);
__C2T_MC long long llmax(long long a, long long b);
__C2T_MC unsigned long long ullmin(unsigned long long a, unsigned long long b);
__C2T_MC unsigned long long ullmax(unsigned long long a, unsigned long long b);

#undef __C2T_MC
#undef __C2T_MX

/* std:: names of <cmath> and <cstdlib> */
namespace std {
#define __C2T_USING2(N) using ::N; using ::N##f;
__C2T_USING2(acos) __C2T_USING2(acosh) __C2T_USING2(asin) __C2T_USING2(asinh)
__C2T_USING2(atan) __C2T_USING2(atanh) __C2T_USING2(cbrt) __C2T_USING2(ceil)
__C2T_USING2(cos) __C2T_USING2(cosh) __C2T_USING2(erf) __C2T_USING2(erfc)
__C2T_USING2(exp) __C2T_USING2(exp2) __C2T_USING2(expm1) __C2T_USING2(fabs)
__C2T_USING2(floor) __C2T_USING2(lgamma) __C2T_USING2(log) __C2T_USING2(log10)
__C2T_USING2(log1p) __C2T_USING2(log2) __C2T_USING2(logb)
__C2T_USING2(nearbyint) __C2T_USING2(rint) __C2T_USING2(round)
__C2T_USING2(sin) __C2T_USING2(sinh) __C2T_USING2(sqrt) __C2T_USING2(tan)
__C2T_USING2(tanh) __C2T_USING2(tgamma) __C2T_USING2(trunc)
__C2T_USING2(atan2) __C2T_USING2(copysign) __C2T_USING2(fdim)
__C2T_USING2(fmax) __C2T_USING2(fmin) __C2T_USING2(fmod) __C2T_USING2(hypot)
__C2T_USING2(nextafter) __C2T_USING2(pow) __C2T_USING2(remainder)
__C2T_USING2(fma) __C2T_USING2(frexp) __C2T_USING2(ldexp) __C2T_USING2(modf)
__C2T_USING2(scalbn) __C2T_USING2(scalbln) __C2T_USING2(remquo)
__C2T_USING2(ilogb) __C2T_USING2(lrint) __C2T_USING2(lround)
__C2T_USING2(llrint) __C2T_USING2(llround) __C2T_USING2(nan)
#undef __C2T_USING2
using ::isnan;
using ::isinf;
using ::isfinite;
using ::isnormal;
using ::signbit;
using ::fpclassify;
using ::abs;
using ::labs;
using ::llabs;
using ::div_t;
using ::ldiv_t;
using ::div;
using ::ldiv;
using ::malloc;
using ::free;
using ::calloc;
using ::realloc;
using ::exit;
using ::abort;
using ::atoi;
using ::atof;
using ::atol;
using ::strtol;
using ::strtoul;
using ::strtod;
using ::strtof;
using ::rand;
using ::srand;
using ::getenv;
using ::qsort;
using ::memcpy;
using ::memset;
using ::memmove;
using ::memcmp;
using ::strlen;
using ::strcmp;
using ::strncmp;
using ::strcpy;
using ::strncpy;
using ::strcat;
using ::strchr;
using ::strstr;
using ::FILE;
using ::printf;
using ::fprintf;
using ::sprintf;
using ::snprintf;
using ::puts;
using ::putchar;
using ::fopen;
using ::fclose;
using ::fflush;
using ::fread;
using ::fwrite;
using ::clock_t;
using ::time_t;
using ::clock;
using ::time;
} /* namespace std */

#endif /* CUDA2TILE_MATH_H */
