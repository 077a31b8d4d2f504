/* <cudnn_cnn.h> stand-in: part of cudnn.h. */
#include "cudnn.h"
