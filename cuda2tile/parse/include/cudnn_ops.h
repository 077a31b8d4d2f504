/* <cudnn_ops.h> stand-in: part of cudnn.h. */
#include "cudnn.h"
