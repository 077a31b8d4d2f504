// Host-side helpers of the kind real projects keep beside their kernels, from a library cuda2tile has no
// stand-in for (boost here): g++ and nvcc, where it is installed, see its declaration; cuda2tile's parse
#ifndef __CUDA2TILE_PRELUDE__  // does not, so line 6 is a clang error there and only there
namespace boost { namespace container { template <class K, class V> struct flat_map {}; } }
#endif
boost::container::flat_map<int, float> host_lookup_table(int n);
