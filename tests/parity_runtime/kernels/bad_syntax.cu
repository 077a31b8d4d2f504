__global__ void broken(float* out) {
    out[threadIdx.x] = undefined_variable_xyz + 1.0f;
}
