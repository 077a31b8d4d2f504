// a header whose line 4 is an error for cuda2tile's parse (no stand-in for boost; nvcc with boost compiles it)
#include <boost/container/flat_map.hpp>

boost::container::flat_map<int, float> host_table(int n);
