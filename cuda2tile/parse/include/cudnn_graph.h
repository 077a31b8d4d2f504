/* <cudnn_graph.h> stand-in: part of cudnn.h. */
#include "cudnn.h"
