// RUN: %cuda2tile convert %s -o - --quiet --no-raise 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A warp operation's mask must be provably the whole warp. It is folded with C's integer semantics
// through locals that are never reassigned (`unsigned mask = 0xffffffff;`, `const unsigned FULL =
// ~0u;`, `__activemask()`); a mask that is reassigned or computed from threadIdx is refused (C2T1215).
// CHECK: # reassigned_mask (mask_folding.cu:{{[0-9]+}}): not converted, C2T1215
// CHECK: # thread_dependent_mask (mask_folding.cu:{{[0-9]+}}): not converted, C2T1215

__global__ void local_mask(const float* in, float* out) {
  unsigned mask = 0xffffffff;
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(mask, v, offset);
  out[threadIdx.x] = v;
}
// CHECK-LABEL: def local_mask(
// CHECK:          mask = T.uint32(4294967295)
// CHECK:          while offset_next > 0:
// CHECK:                  warp_exchange_float32_0[tx] = v[tx]
// CHECK-NEXT:         T.sync_threads()  # warp exchange / __syncwarp()
// CHECK-NEXT:         for tx in T.Parallel(block_x):
// CHECK-NEXT:             v[tx] = v[tx] + T.if_then_else(T.truncmod(tx, 32) + offset < 32 and tx + offset < block_x, warp_exchange_float32_0[tx + offset], warp_exchange_float32_0[tx])

__global__ void folded_masks(const int* in, int* out) {
  const unsigned FULL = ~0u;
  unsigned active = __activemask();
  unsigned both = FULL & active;
  out[threadIdx.x] = __any_sync(both, in[threadIdx.x] > 0) + __all_sync(FULL, in[threadIdx.x] > 0);
}
// CHECK-LABEL: def folded_masks(
// CHECK:          FULL = ~T.uint32(0)
// CHECK:          active = T.uint32(4294967295)
// CHECK:          both = FULL & active
// CHECK:              warp_exchange_int32_0[tx] = T.cast(in_[tx] > 0, "int32")
// CHECK-NEXT:         warp_exchange_int32_1[tx] = T.cast(in_[tx] > 0, "int32")
// CHECK-NEXT:     T.sync_threads()  # warp exchange / __syncwarp()
// CHECK:              for vote_lane in T.serial(32):
// CHECK:              for vote_lane_1 in T.serial(32):

__global__ void reassigned_mask(const int* in, int* out, int n) {
  unsigned mask = 0xffffffff;
  if (n < 32) mask = (1u << n) - 1;
  if (threadIdx.x % 32 < n) out[threadIdx.x] = __ballot_sync(mask, in[threadIdx.x] > 0);
}

__global__ void thread_dependent_mask(const float* in, float* out) {
  unsigned mask = (threadIdx.x & 16) ? 0xffff0000u : 0x0000ffffu;
  out[threadIdx.x] = __shfl_down_sync(mask, in[threadIdx.x], 1, 16);
}
// DIAG: mask_folding.cu:{{[0-9]+}}:{{[0-9]+}}: warning: C2T1215: kernel 'reassigned_mask' is not converted: '__ballot_sync' with a mask other than 0xffffffff
// DIAG: mask_folding.cu:{{[0-9]+}}:{{[0-9]+}}: warning: C2T1215: kernel 'thread_dependent_mask' is not converted: '__shfl_down_sync' with a mask other than 0xffffffff
