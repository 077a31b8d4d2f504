// cuda2tile CPU SIMT runtime: PyTorch's tensor accessors only (c2t/c2t_torch_accessors.h says why).
#pragma once
#include "c2t/c2t_torch_accessors.h"
