/* <cudnn_adv.h> stand-in: part of cudnn.h. */
#include "cudnn.h"
