// Host-side helpers of the kind real projects keep beside their kernels. cuda2tile's hermetic parse
// has no <map>, so line 5 is a clang error there (it compiles with g++ and nvcc).
#include <map>

std::map<int, float> host_lookup_table(int n);
