// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Votes stage their predicate; each thread ORs the bits of its own warp's 32 slots.

__global__ void votes(int n, const float* x, unsigned* ballots, int* flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned b = __ballot_sync(0xffffffff, i < n && x[i] > 0.0f);
  int any = __any_sync(0xffffffff, i < n);
  if ((threadIdx.x & 31) == 0) { ballots[i / 32] = b; flags[i / 32] = any; }
}
// CHECK:      warp_exchange_int32_0[tx] = T.cast(i < n and x[i] > T.float32(0.0), "int32")
// CHECK-NEXT: T.sync_threads()  # warp exchange / __syncwarp()
// CHECK:      vote_bits = T.uint32(0)
// CHECK-NEXT: vote_lanes = T.uint32(0)
// CHECK-NEXT: for vote_lane in T.serial(32):
// CHECK-NEXT:     if tx - T.truncmod(tx, 32) + vote_lane < block_x:
// CHECK-NEXT:         vote_lanes = vote_lanes | T.uint32(1) << T.reinterpret(vote_lane, "uint32")
// CHECK-NEXT:         if warp_exchange_int32_0[tx - T.truncmod(tx, 32) + vote_lane] != 0:
// CHECK-NEXT:             vote_bits = vote_bits | T.uint32(1) << T.reinterpret(vote_lane, "uint32")
// CHECK:      b[tx] = vote_bits
