/* <cudnn_backend.h> stand-in: part of cudnn.h. */
#include "cudnn.h"
