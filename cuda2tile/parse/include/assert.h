/* <assert.h> stand-in.  No include guard on purpose: like the real header it
 * may be re-included after changing NDEBUG.  The expansion is glibc's, so in
 * the AST an assert is a CONDITIONAL_OPERATOR whose false branch is a
 * CALL_EXPR to __assert_fail(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__). */
#include "cuda2tile_prelude.h"
#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#define assert(expr)                                                           \
  (static_cast<bool>(expr)                                                     \
       ? void(0)                                                               \
       : __assert_fail(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#endif
