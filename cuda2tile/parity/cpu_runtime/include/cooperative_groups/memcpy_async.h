// cuda2tile CPU SIMT runtime: stand-in for <cooperative_groups/memcpy_async.h> (see c2t/c2t_cg.h).
#pragma once
#include "../cuda_cpu_runtime.h"
