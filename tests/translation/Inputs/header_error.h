// a header whose line 4 is an error for cuda2tile's parse (no <map> in its prelude)
#include <map>

std::map<int, float> host_table(int n);
