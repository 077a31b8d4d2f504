/* <cxxabi.h> stand-in (host code): the Itanium C++ ABI runtime entry points
 * programs call directly (demangling, current exception type). */
#ifndef CUDA2TILE_CXXABI_H
#define CUDA2TILE_CXXABI_H
#include "typeinfo"
namespace __cxxabiv1 {
extern "C" {
__host__ char *__cxa_demangle(const char *mangled_name, char *output_buffer,
                              size_t *length, int *status);
__host__ std::type_info *__cxa_current_exception_type() noexcept;
__host__ void *__cxa_allocate_exception(size_t thrown_size) noexcept;
__host__ void __cxa_free_exception(void *thrown_exception) noexcept;
}
} /* namespace __cxxabiv1 */
namespace abi = __cxxabiv1;
#endif /* CUDA2TILE_CXXABI_H */
