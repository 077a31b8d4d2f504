"""Host-side constructs: kernel launches, the CUDA runtime API, and Thrust/CUB entry points.

cuda2tile converts kernels, not host programs: the caller of a converted module allocates with
torch and calls the kernel factory. These records give the torch/TileLang equivalent so that a
scan can count the host code to port (`cuda2tile coverage` reports it apart from device code).
Host records carry no diagnostic code because host code is never diagnosed.
"""

from __future__ import annotations

from op_coverage.records import Construct, Status

S, PL, U = Status.SUPPORTED, Status.PLANNED, Status.UNSUPPORTED
_RT = "host-runtime"

HOST: list[Construct] = [
    Construct(cuda="<<<grid, block>>>", category="launch", status=S,
              tilelang="factory(block=...) compiled, called with grid sizes", tests=("corpus",),
              note="constant block shapes become the factory's default"),
    Construct(cuda="<<<grid, block, shared bytes>>>", category="launch", status=PL,
              tilelang="T.alloc_shared of the given size", code="C2T1204", effort="high",
              note="dynamic shared memory needs the cooperative lift"),
    *[Construct(cuda=n, category=_RT, status=U, tilelang=tl, effort="low") for n, tl in (
        ("cudaMalloc", "torch.empty(n, dtype=..., device=\"cuda\")"), ("cudaMallocManaged", "torch.empty on the device"),
        ("cudaMallocHost", "torch.empty(..., pin_memory=True)"), ("cudaHostAlloc", "torch.empty(..., pin_memory=True)"),
        ("cudaMallocPitch", "torch.empty of the padded shape"), ("cudaMalloc3D", "torch.empty of the padded shape"),
        ("cudaFree", "(drop the tensor)"), ("cudaFreeHost", "(drop the tensor)"),
        ("cudaMemcpy", "tensor.copy_() / .to(\"cuda\") / .cpu()"), ("cudaMemcpyAsync", "tensor.copy_(non_blocking=True)"),
        ("cudaMemcpy2D", "slice assignment"), ("cudaMemcpy3D", "slice assignment"),
        ("cudaMemcpyToSymbol", "pass the table as a buffer argument"),
        ("cudaMemcpyFromSymbol", "pass the table as a buffer argument"),
        ("cudaMemset", "tensor.fill_() / torch.zeros"), ("cudaMemsetAsync", "tensor.fill_()"),
        ("cudaDeviceSynchronize", "torch.cuda.synchronize()"), ("cudaDeviceReset", "(nothing)"),
        ("cudaGetLastError", "(exceptions)"), ("cudaPeekAtLastError", "(exceptions)"),
        ("cudaGetErrorString", "(exceptions)"), ("cudaSetDevice", "torch.cuda.set_device"),
        ("cudaGetDevice", "torch.cuda.current_device"), ("cudaGetDeviceCount", "torch.cuda.device_count"),
        ("cudaGetDeviceProperties", "torch.cuda.get_device_properties"),
        ("cudaStreamCreate", "torch.cuda.Stream()"), ("cudaStreamCreateWithFlags", "torch.cuda.Stream()"),
        ("cudaStreamDestroy", "(drop the stream)"), ("cudaStreamSynchronize", "stream.synchronize()"),
        ("cudaStreamWaitEvent", "stream.wait_event"),
        ("cudaEventCreate", "torch.cuda.Event(enable_timing=True)"), ("cudaEventRecord", "event.record()"),
        ("cudaEventSynchronize", "event.synchronize()"), ("cudaEventElapsedTime", "start.elapsed_time(end)"),
        ("cudaEventDestroy", "(drop the event)"), ("cudaFuncSetAttribute", "(kernel attributes are TileLang's)"),
        ("cudaFuncGetAttributes", "(kernel attributes are TileLang's)"),
        ("cudaLaunchKernel", "call the compiled kernel"),
        ("cudaOccupancyMaxPotentialBlockSize", "choose block= for the factory"),
        ("cudaOccupancyMaxActiveBlocksPerMultiprocessor", "choose block= for the factory"),
        ("cudaCreateTextureObject", "pass the array as a buffer"), ("cudaDestroyTextureObject", "(nothing)"),
        ("cudaMallocArray", "torch.empty"), ("cudaMemcpyToArray", "tensor.copy_()"),
        ("cudaHostRegister", "tensor.pin_memory()"), ("cudaHostUnregister", "(nothing)"))],
    Construct(cuda="cudaLaunchCooperativeKernel", category=_RT, status=PL, effort="high",
              note="grid-wide synchronisation"),
    *[Construct(cuda=n, category="library-host", status=U, tilelang=tl, effort=e) for n, tl, e in (
        ("thrust::device_vector", "torch tensor on the device", "low"),
        ("thrust::host_vector", "numpy array / CPU tensor", "low"),
        ("thrust::device_ptr", "torch tensor", "low"), ("thrust::raw_pointer_cast", "(pass the tensor)", "low"),
        ("thrust::transform", "torch element-wise ops, or a converted kernel", "low"),
        ("thrust::reduce", "torch.sum / torch.max ...", "low"), ("thrust::transform_reduce", "torch ops + sum", "low"),
        ("thrust::sort", "torch.sort", "low"), ("thrust::sort_by_key", "torch.sort + gather", "low"),
        ("thrust::inclusive_scan", "torch.cumsum", "low"), ("thrust::exclusive_scan", "torch.cumsum shifted", "low"),
        ("thrust::copy", "tensor.copy_()", "low"), ("thrust::fill", "tensor.fill_()", "low"),
        ("thrust::sequence", "torch.arange", "low"), ("thrust::for_each", "a converted kernel", "medium"),
        ("thrust::count", "torch.count_nonzero", "low"), ("thrust::unique", "torch.unique", "low"),
        ("cub::DeviceReduce", "torch.sum / torch.max ...", "low"), ("cub::DeviceScan", "torch.cumsum", "low"),
        ("cub::DeviceRadixSort", "torch.sort", "low"), ("cub::DeviceSelect", "boolean-mask indexing", "low"),
        ("cub::DeviceSegmentedReduce", "torch.segment_reduce", "medium"),
        ("cub::DeviceHistogram", "torch.histc / torch.bincount", "low"))],
    *[Construct(cuda=n, category="library-device", status=PL, tilelang=tl, code="C2T1204", effort="high")
      for n, tl in (
        ("cub::BlockReduce", "T.reduce_sum over a shared tile"), ("cub::BlockScan", "T.cumsum over a shared tile"),
        ("cub::BlockLoad", "T.copy"), ("cub::BlockStore", "T.copy"), ("cub::BlockRadixSort", ""),
        ("cub::WarpReduce", "T.reduce_sum"), ("cub::WarpScan", "T.cumsum"))],
]
