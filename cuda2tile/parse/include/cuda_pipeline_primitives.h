/* cuda_pipeline_primitives.h stand-in. */
#include "cuda_pipeline.h"
