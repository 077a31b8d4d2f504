// Stencils that stage their input, halo included, in shared memory:
//   stencil1d_halo  7-point box sum; the first RADIUS threads also load the
//                   left and right halos
//   stencil2d_halo  3x3 binomial blur on a (16+2)x(16+2) tile; edge threads
//                   load the halo rows / columns, corner threads the corners
//                   (loads go through a __device__ helper)
//   conv2d_shared   3x3 filter from a global buffer, staged in shared memory
//                   with the input tile loaded by a strided loop
// Values outside the input count as 0 (zero padding); every in-range output
// is written.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define RADIUS 3
#define BLOCK1D 128
#define TILE 16

// y[i] = scale * (x[i-3] + ... + x[i+3]), x = 0 outside [0, n); blockDim.x == BLOCK1D
__global__ void stencil1d_halo(int n, float scale, const float* x, float* y)
{
    __shared__ float temp[BLOCK1D + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    temp[l] = (g < n) ? x[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        int left = g - RADIUS;
        int right = g + BLOCK1D;
        temp[l - RADIUS] = (left >= 0 && left < n) ? x[left] : 0.0f;
        temp[l + BLOCK1D] = (right < n) ? x[right] : 0.0f;
    }
    __syncthreads();
    if (g < n) {
        float s = 0.0f;
        for (int off = -RADIUS; off <= RADIUS; off++)
            s += temp[l + off];
        y[g] = scale * s;
    }
}

__device__ float load_or_zero(const float* img, int H, int W, int r, int c)
{
    if (r < 0 || r >= H || c < 0 || c >= W) return 0.0f;
    return img[r * W + c];
}

// out = 1/4 centre + 1/8 (N + S + W + E) + 1/16 (four corners), 16x16 blocks
__global__ void stencil2d_halo(int H, int W, const float* img, float* out)
{
    __shared__ float tile[TILE + 2][TILE + 2];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int c = blockIdx.x * TILE + tx;
    int r = blockIdx.y * TILE + ty;
    tile[ty + 1][tx + 1] = load_or_zero(img, H, W, r, c);
    if (ty == 0) tile[0][tx + 1] = load_or_zero(img, H, W, r - 1, c);
    if (ty == TILE - 1) tile[TILE + 1][tx + 1] = load_or_zero(img, H, W, r + 1, c);
    if (tx == 0) tile[ty + 1][0] = load_or_zero(img, H, W, r, c - 1);
    if (tx == TILE - 1) tile[ty + 1][TILE + 1] = load_or_zero(img, H, W, r, c + 1);
    if (tx == 0 && ty == 0) tile[0][0] = load_or_zero(img, H, W, r - 1, c - 1);
    if (tx == TILE - 1 && ty == 0) tile[0][TILE + 1] = load_or_zero(img, H, W, r - 1, c + 1);
    if (tx == 0 && ty == TILE - 1) tile[TILE + 1][0] = load_or_zero(img, H, W, r + 1, c - 1);
    if (tx == TILE - 1 && ty == TILE - 1) tile[TILE + 1][TILE + 1] = load_or_zero(img, H, W, r + 1, c + 1);
    __syncthreads();
    if (r < H && c < W) {
        int i = ty + 1;
        int j = tx + 1;
        float edges = tile[i - 1][j] + tile[i + 1][j] + tile[i][j - 1] + tile[i][j + 1];
        float corners = tile[i - 1][j - 1] + tile[i - 1][j + 1] + tile[i + 1][j - 1] + tile[i + 1][j + 1];
        out[r * W + c] = 0.25f * tile[i][j] + 0.125f * edges + 0.0625f * corners;
    }
}

// out[r][c] = sum over dr, dc in 0..2 of filt[dr*3 + dc] * img[r + dr - 1][c + dc - 1]
__global__ void conv2d_shared(int H, int W, const float* img, const float* filt, float* out)
{
    __shared__ float tile[TILE + 2][TILE + 2];
    __shared__ float f[9];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int tid = ty * TILE + tx;
    int r0 = blockIdx.y * TILE - 1;
    int c0 = blockIdx.x * TILE - 1;
    if (tid < 9) f[tid] = filt[tid];
    for (int k = tid; k < (TILE + 2) * (TILE + 2); k += TILE * TILE) {
        int tr = k / (TILE + 2);
        int tc = k % (TILE + 2);
        int gr = r0 + tr;
        int gc = c0 + tc;
        tile[tr][tc] = (gr >= 0 && gr < H && gc >= 0 && gc < W) ? img[gr * W + gc] : 0.0f;
    }
    __syncthreads();
    int r = blockIdx.y * TILE + ty;
    int c = blockIdx.x * TILE + tx;
    if (r < H && c < W) {
        float acc = 0.0f;
        for (int dr = 0; dr < 3; dr++)
            for (int dc = 0; dc < 3; dc++)
                acc += f[dr * 3 + dc] * tile[ty + dr][tx + dc];
        out[r * W + c] = acc;
    }
}

int main()
{
    const int N = 1000;
    const int H = 50;
    const int W = 77;
    const int HC = 45;   // conv2d_shared runs on a 45 x 70 image
    const int WC = 70;
    float* h = (float*)malloc(H * W * sizeof(float));
    for (int i = 0; i < H * W; i++) h[i] = (float)(i % 10);
    float hf[9] = {0.0625f, 0.125f, 0.0625f, 0.125f, 0.25f, 0.125f, 0.0625f, 0.125f, 0.0625f};

    float *x, *y, *img, *out, *filt;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&img, H * W * sizeof(float));
    cudaMalloc(&out, H * W * sizeof(float));
    cudaMalloc(&filt, 9 * sizeof(float));
    cudaMemcpy(x, h, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(img, h, H * W * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(filt, hf, 9 * sizeof(float), cudaMemcpyHostToDevice);

    stencil1d_halo<<<(N + BLOCK1D - 1) / BLOCK1D, BLOCK1D>>>(N, 0.5f, x, y);
    dim3 block(TILE, TILE);
    dim3 grid((W + TILE - 1) / TILE, (H + TILE - 1) / TILE);
    stencil2d_halo<<<grid, block>>>(H, W, img, out);
    dim3 grid_conv((WC + TILE - 1) / TILE, (HC + TILE - 1) / TILE);
    conv2d_shared<<<grid_conv, block>>>(HC, WC, img, filt, out);
    cudaDeviceSynchronize();

    cudaMemcpy(h, out, H * W * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[W + 1] = %f\n", h[W + 1]);
    free(h);
    cudaFree(x);
    cudaFree(y);
    cudaFree(img);
    cudaFree(out);
    cudaFree(filt);
    return 0;
}
