"""Tests for the library stand-ins in cuda2tile/parse/include (README-libraries.md).

The stand-ins declare the C++ standard library containers and utilities, the
POSIX/glibc headers, the CUDA math libraries (cuBLAS, cuFFT, cuSPARSE,
cuRAND, cuDNN, NCCL, NVML, NVTX), Thrust, CUB and MPI, so that the host code
of real projects parses with no error.  The sources below are written for
these tests.

* each stand-in parses alone, twice included, with no diagnostic at all (the
  raw clang diagnostics too: the front end hides those located in our
  headers, so a broken stand-in would otherwise go unnoticed);
* a file that uses many of them parses clean and its plain kernel converts;
* the stand-ins are not permissive: wrong calls are still C2T1101 errors;
* no stand-in declares an inline or constexpr function without a body
  (clang warns -Wundefined-inline at every use).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ci = pytest.importorskip("clang.cindex")

from cuda2tile.driver import convert_source  # noqa: E402
from cuda2tile.parse.frontend import FrontendOptions, clang_args, parse_file  # noqa: E402

INCLUDE_DIR = Path(__file__).resolve().parents[2] / "cuda2tile" / "parse" / "include"

# The stand-ins of README-libraries.md (the internal cuda2tile_*.h ones are
# reached through them).
LIBRARY_HEADERS = [
    # C++ standard library
    "array", "atomic", "bitset", "cctype", "cerrno", "complex", "condition_variable", "csignal",
    "cstdbool", "deque", "functional", "ios", "iosfwd", "iostream", "fstream", "iterator", "list",
    "map", "memory", "mutex", "optional", "queue", "set", "stack", "streambuf", "string",
    "string_view", "thread", "tr1/tuple", "tuple", "unordered_map", "unordered_set", "valarray",
    "vector", "algorithm", "numeric", "ratio", "stdexcept", "type_traits", "utility",
    # C / POSIX / glibc
    "sys/types.h", "sys/stat.h", "sys/mman.h", "sys/wait.h", "sys/timeb.h", "sys/resource.h",
    "sys/ipc.h", "sys/shm.h", "fcntl.h", "pthread.h", "errno.h", "signal.h", "ctype.h",
    "getopt.h", "libgen.h", "dirent.h", "dlfcn.h", "sched.h", "semaphore.h", "cxxabi.h",
    "execinfo.h", "malloc.h", "omp.h", "regex.h", "cstdio", "cstdlib", "cstring", "ctime",
    # CUDA libraries
    "library_types.h", "cuComplex.h", "cublas_api.h", "cublas_v2.h", "cublas.h", "cublasLt.h",
    "cufft.h", "cufftXt.h", "cusparse.h", "cusparse_v2.h", "curand.h", "curand_kernel.h",
    "cudnn.h", "cudnn_version.h", "cudnn_backend.h", "cudnn_ops.h", "cudnn_cnn.h", "nccl.h",
    "nvml.h", "nvToolsExt.h", "nvtx3/nvToolsExt.h", "nvToolsExtCudaRt.h", "cuda_profiler_api.h",
    "cuda/atomic", "cuda/std/atomic", "cuda/std/tuple", "cuda/std/array", "cuda/std/functional",
    "cuda/std/optional", "cuda/std/cstdint",
    # Thrust, CUB, MPI
    "thrust/device_vector.h", "thrust/host_vector.h", "thrust/device_ptr.h", "thrust/functional.h",
    "thrust/reduce.h", "thrust/sort.h", "thrust/transform.h", "thrust/copy.h", "thrust/fill.h",
    "thrust/sequence.h", "thrust/count.h", "thrust/scan.h", "thrust/extrema.h",
    "thrust/execution_policy.h", "thrust/for_each.h", "thrust/inner_product.h",
    "thrust/iterator/counting_iterator.h", "thrust/iterator/transform_iterator.h",
    "thrust/iterator/zip_iterator.h", "thrust/tuple.h", "thrust/pair.h", "thrust/complex.h",
    "thrust/random.h", "thrust/system/cuda/execution_policy.h", "thrust/detail/config.h",
    "cub/cub.cuh", "cub/block/block_reduce.cuh", "cub/block/block_scan.cuh",
    "cub/block/block_load.cuh", "cub/block/block_store.cuh", "cub/warp/warp_reduce.cuh",
    "cub/device/device_reduce.cuh", "cub/device/device_scan.cuh",
    "cub/device/device_radix_sort.cuh", "cub/util_allocator.cuh",
    "mpi.h",
]

_INDEX = ci.Index.create()


def _write(tmp_path: Path, source: str, name: str = "t.cu") -> str:
    path = tmp_path / name
    path.write_text(source)
    return str(path)


def raw_diagnostics(path: str) -> list[str]:
    """clang's own warnings and errors, wherever they are (our headers included)."""
    tu = _INDEX.parse(path, args=clang_args(FrontendOptions(), path), options=0x200)
    out = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Warning:
            continue
        # A declaration-only template instantiated with a lambda (std::sort(..., [](...){...}))
        # "is used but not defined": expected of declarations, and located in our header.
        if "is used but not defined in this translation unit" in d.spelling:
            continue
        out.append(f"{d.location.file}:{d.location.line}: {d.spelling}")
    return out


def codes(diagnostics, *wanted: str) -> list[str]:
    return [f"{d.code} {d.loc} {d.message}" for d in diagnostics if d.code in wanted]


def test_library_header_list_matches_files():
    missing = [h for h in LIBRARY_HEADERS if not (INCLUDE_DIR / h).is_file()]
    assert missing == []


@pytest.mark.parametrize("header", LIBRARY_HEADERS)
def test_each_library_header_parses_alone(tmp_path, header):
    path = _write(tmp_path, f"#include <{header}>\n#include <{header}>\n__global__ void k(float* p) {{ p[0] = 1.f; }}\n")
    parsed = parse_file(path)
    assert [f"{d.code} {d.message}" for d in parsed.diagnostics] == []
    assert raw_diagnostics(path) == []


INTEGRATION = r"""
#include <vector>
#include <memory>
#include <map>
#include <string>
#include <stdexcept>
#include <type_traits>
#include <sys/types.h>
#include <cublas_v2.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <curand_kernel.h>
#include <cufft.h>
#include <cub/cub.cuh>
#include <iostream>
#include <algorithm>

typedef std::common_type<int, float>::type real;  // float
static_assert(std::is_same<real, float>::value, "common_type");
uint g_count;  // glibc's <sys/types.h> typedef

__global__ void scale(float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i];
}

__global__ void noise(curandState* states, float* out, unsigned long long seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, i, 0, &states[i]);
  out[i] = curand_uniform(&states[i]);
}

__global__ void block_sum(const float* in, float* out) {
  typedef cub::BlockReduce<float, 256> Reduce;
  __shared__ typename Reduce::TempStorage storage;
  float total = Reduce(storage).Sum(in[blockIdx.x * 256 + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

struct Layer {
  std::string name;
  std::vector<float> weights;
};

float run(int n) {
  if (n <= 0) throw std::logic_error("n must be positive: " + std::to_string(n));
  std::map<std::string, std::unique_ptr<Layer>> layers;
  layers["fc"] = std::unique_ptr<Layer>(new Layer{"fc", std::vector<float>(n, 1.0f)});
  std::shared_ptr<Layer> shared = std::make_shared<Layer>();
  shared->weights.resize(n);
  for (auto& kv : layers) std::cout << kv.first << " " << kv.second->weights.size() << std::endl;

  thrust::device_vector<float> d(layers["fc"]->weights.begin(), layers["fc"]->weights.end());
  float* raw = thrust::raw_pointer_cast(d.data());
  scale<<<(n + 255) / 256, 256>>>(raw, 2.0f, n);
  float sum = thrust::reduce(d.begin(), d.end(), 0.0f, thrust::plus<float>());

  cublasHandle_t handle;
  cublasCreate(&handle);
  const float alpha = 1.0f, beta = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, raw, n, raw, n, &beta, raw, n);
  cublasDestroy(handle);

  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftExecC2C(plan, (cufftComplex*)raw, (cufftComplex*)raw, CUFFT_FORWARD);
  cufftDestroy(plan);

  void* temp = nullptr;
  size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(temp, temp_bytes, raw, raw, n);
  std::vector<int> order(n);
  std::sort(order.begin(), order.end());
  return sum + (float)g_count;
}
"""


def test_many_libraries_in_one_file(tmp_path):
    path = _write(tmp_path, INTEGRATION, "integration.cu")
    parsed = parse_file(path)
    assert codes(parsed.diagnostics, "C2T1101", "C2T1102") == []
    assert raw_diagnostics(path) == []
    result, text = convert_source(path, "integration.cu")
    assert codes(result.all_diagnostics(), "C2T1101", "C2T1102") == []
    status = {k.cuda_name: k.status for k in result.kernels}
    assert status["scale"] == "converted", status
    assert text is not None


@pytest.mark.parametrize("include", ["", "#include <sys/types.h>\n", "#include <cstdlib>\n",
                                     "#include <stdlib.h>\n", "#include <cmath>\n"])
def test_glibc_typedefs_are_visible_as_with_nvcc(tmp_path, include):
    # nvcc force-includes cuda_runtime.h, which includes <stdlib.h>; glibc's <stdlib.h> includes
    # <sys/types.h> under _GNU_SOURCE (g++'s default): so these need no #include in a .cu file.
    src = include + ("uint a; ushort b; ulong c; u_int d; u_char e; u_int32_t f; ssize_t g;"
                     " pid_t h; off_t i; pthread_t j; pthread_mutex_t k;\n"
                     "__global__ void kern(uint* p, ushort s) { p[0] = s; }\n")
    path = _write(tmp_path, src)
    assert raw_diagnostics(path) == []


# Sizes, offsets and values printed by gcc against glibc on x86_64 (the host the stand-ins model).
GLIBC_X86_64 = r"""
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/timeb.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <semaphore.h>
#include <dirent.h>
#include <fcntl.h>
#include <dlfcn.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <getopt.h>
#include <regex.h>
#include <cstddef>
static_assert(sizeof(struct stat) == 144, "struct stat");
static_assert(offsetof(struct stat, st_size) == 48, "struct stat.st_size");
static_assert(offsetof(struct stat, st_mode) == 24, "struct stat.st_mode");
static_assert(offsetof(struct stat, st_mtim) == 88, "struct stat.st_mtim");
static_assert(sizeof(struct timeb) == 16, "struct timeb");
static_assert(sizeof(struct rusage) == 144, "struct rusage");
static_assert(sizeof(struct rlimit) == 16, "struct rlimit");
static_assert(sizeof(struct shmid_ds) == 112, "struct shmid_ds");
static_assert(sizeof(struct ipc_perm) == 48, "struct ipc_perm");
static_assert(sizeof(pthread_t) == 8, "pthread_t");
static_assert(sizeof(pthread_mutex_t) == 40, "pthread_mutex_t");
static_assert(sizeof(pthread_cond_t) == 48, "pthread_cond_t");
static_assert(sizeof(pthread_attr_t) == 56, "pthread_attr_t");
static_assert(sizeof(pthread_rwlock_t) == 56, "pthread_rwlock_t");
static_assert(sizeof(pthread_barrier_t) == 32, "pthread_barrier_t");
static_assert(sizeof(pthread_mutexattr_t) == 4, "pthread_mutexattr_t");
static_assert(sizeof(pthread_key_t) == 4, "pthread_key_t");
static_assert(sizeof(pthread_once_t) == 4, "pthread_once_t");
static_assert(sizeof(sigset_t) == 128, "sigset_t");
static_assert(sizeof(struct sigaction) == 152, "struct sigaction");
static_assert(offsetof(struct sigaction, sa_mask) == 8, "struct sigaction.sa_mask");
static_assert(offsetof(struct sigaction, sa_flags) == 136, "struct sigaction.sa_flags");
static_assert(sizeof(siginfo_t) == 128, "siginfo_t");
static_assert(sizeof(stack_t) == 24, "stack_t");
static_assert(sizeof(cpu_set_t) == 128, "cpu_set_t");
static_assert(sizeof(sem_t) == 32, "sem_t");
static_assert(sizeof(struct dirent) == 280, "struct dirent");
static_assert(offsetof(struct dirent, d_name) == 19, "struct dirent.d_name");
static_assert(offsetof(struct dirent, d_type) == 18, "struct dirent.d_type");
static_assert(sizeof(struct flock) == 32, "struct flock");
static_assert(sizeof(Dl_info) == 32, "Dl_info");
static_assert(sizeof(struct option) == 32, "struct option");
static_assert(sizeof(struct sched_param) == 4, "struct sched_param");
static_assert(sizeof(off_t) == 8, "off_t");
static_assert(sizeof(ssize_t) == 8, "ssize_t");
static_assert(sizeof(pid_t) == 4, "pid_t");
static_assert(sizeof(mode_t) == 4, "mode_t");
static_assert(sizeof(dev_t) == 8, "dev_t");
static_assert(sizeof(ino_t) == 8, "ino_t");
static_assert(sizeof(uid_t) == 4, "uid_t");
static_assert(sizeof(blksize_t) == 8, "blksize_t");
static_assert(sizeof(u_int64_t) == 8, "u_int64_t");
static_assert(sizeof(key_t) == 4, "key_t");
static_assert((long)(O_CREAT) == 64, "O_CREAT");
static_assert((long)(O_TRUNC) == 512, "O_TRUNC");
static_assert((long)(O_APPEND) == 1024, "O_APPEND");
static_assert((long)(O_NONBLOCK) == 2048, "O_NONBLOCK");
static_assert((long)(O_DIRECT) == 16384, "O_DIRECT");
static_assert((long)(O_DIRECTORY) == 65536, "O_DIRECTORY");
static_assert((long)(O_CLOEXEC) == 524288, "O_CLOEXEC");
static_assert((long)(O_SYNC) == 1052672, "O_SYNC");
static_assert((long)(F_SETFL) == 4, "F_SETFL");
static_assert((long)(F_GETLK) == 5, "F_GETLK");
static_assert((long)(F_SETLK) == 6, "F_SETLK");
static_assert((long)(F_SETLKW) == 7, "F_SETLKW");
static_assert((long)(S_IFMT) == 61440, "S_IFMT");
static_assert((long)(S_IFDIR) == 16384, "S_IFDIR");
static_assert((long)(S_IRWXU) == 448, "S_IRWXU");
static_assert((long)(MAP_ANONYMOUS) == 32, "MAP_ANONYMOUS");
static_assert((long)(MAP_HUGETLB) == 262144, "MAP_HUGETLB");
static_assert((long)(MAP_POPULATE) == 32768, "MAP_POPULATE");
static_assert((long)(MAP_NORESERVE) == 16384, "MAP_NORESERVE");
static_assert((long)(MS_SYNC) == 4, "MS_SYNC");
static_assert((long)(MADV_HUGEPAGE) == 14, "MADV_HUGEPAGE");
static_assert((long)(SIGUSR1) == 10, "SIGUSR1");
static_assert((long)(SIGCHLD) == 17, "SIGCHLD");
static_assert((long)(SIGWINCH) == 28, "SIGWINCH");
static_assert((long)(SA_RESTART) == 268435456, "SA_RESTART");
static_assert((long)(SA_SIGINFO) == 4, "SA_SIGINFO");
static_assert((long)(SIG_SETMASK) == 2, "SIG_SETMASK");
static_assert((long)(NSIG) == 65, "NSIG");
static_assert((long)(RTLD_NOW) == 2, "RTLD_NOW");
static_assert((long)(RTLD_GLOBAL) == 256, "RTLD_GLOBAL");
static_assert((long)(RLIMIT_STACK) == 3, "RLIMIT_STACK");
static_assert((long)(RLIMIT_NOFILE) == 7, "RLIMIT_NOFILE");
static_assert((long)(RLIMIT_AS) == 9, "RLIMIT_AS");
static_assert((long)(RLIMIT_MEMLOCK) == 8, "RLIMIT_MEMLOCK");
static_assert((long)(ETIMEDOUT) == 110, "ETIMEDOUT");
static_assert((long)(EOPNOTSUPP) == 95, "EOPNOTSUPP");
static_assert((long)(ECANCELED) == 125, "ECANCELED");
static_assert((long)(ENOTRECOVERABLE) == 131, "ENOTRECOVERABLE");
static_assert((long)(EAGAIN) == 11, "EAGAIN");
static_assert((long)(PTHREAD_MUTEX_RECURSIVE) == 1, "PTHREAD_MUTEX_RECURSIVE");
static_assert((long)(PTHREAD_CREATE_DETACHED) == 1, "PTHREAD_CREATE_DETACHED");
static_assert((long)(PTHREAD_PROCESS_SHARED) == 1, "PTHREAD_PROCESS_SHARED");
static_assert((long)(WNOHANG) == 1, "WNOHANG");
static_assert((long)(SCHED_BATCH) == 3, "SCHED_BATCH");
static_assert((long)(SCHED_IDLE) == 5, "SCHED_IDLE");
static_assert((long)(IPC_CREAT) == 512, "IPC_CREAT");
static_assert((long)(SHM_RDONLY) == 4096, "SHM_RDONLY");
static_assert((long)(DT_DIR) == 4, "DT_DIR");
static_assert((long)(DT_REG) == 8, "DT_REG");
static_assert(sizeof(regex_t) == 64, "regex_t");
static_assert(REG_ESPACE == 12, "REG_ESPACE");
"""


def test_posix_layouts_and_values_match_glibc(tmp_path):
    assert raw_diagnostics(_write(tmp_path, GLIBC_X86_64)) == []


DEVICE_USES = r"""
#include <array>
#include <tuple>
#include <optional>
#include <utility>
#include <functional>
#include <cuda/std/atomic>
#include <thrust/complex.h>
#include <thrust/iterator/counting_iterator.h>
#include <cuComplex.h>
__device__ float dev(std::array<float, 3> a, cuda::std::atomic<int>* counter) {
  auto t = std::make_tuple(a[0], 2);
  auto [x, y] = std::pair<float, int>(std::get<0>(t), std::get<1>(t));
  std::optional<float> o;
  if (x > 0) o = x;
  counter->fetch_add(1, cuda::std::memory_order_relaxed);
  thrust::complex<float> z(1.f, 2.f);
  z = z * z;
  cuFloatComplex c = cuCmulf(make_cuFloatComplex(1.f, 0.f), make_cuFloatComplex(0.f, 1.f));
  thrust::counting_iterator<int> it(0);
  return o.value_or(1.f) + y + std::plus<float>()(a[1], a[2]) + z.real() + cuCrealf(c) + it[3];
}
"""


def test_constexpr_and_device_parts_work_in_device_code(tmp_path):
    assert raw_diagnostics(_write(tmp_path, DEVICE_USES)) == []


# Each must be an error: the stand-ins declare the real APIs, not anything-goes.
NOT_PERMISSIVE = {
    "cublas_missing_argument": (
        "#include <cublas_v2.h>\n"
        "void f(cublasHandle_t h, const float* a, float* c) {\n"
        "  float one = 1.f;\n"
        "  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, a, 4, a, 4, &one, c);\n}\n"),
    "vector_no_such_method": (
        "#include <vector>\nvoid f() { std::vector<int> v; v.no_such_method(); }\n"),
    "list_iterator_is_not_random_access": (
        "#include <list>\nvoid f(std::list<int>& l) { auto it = l.begin() + 1; (void)it; }\n"),
    "unordered_map_iterator_is_forward_only": (
        "#include <unordered_map>\nvoid f(std::unordered_map<int, int>& m) { auto it = m.end(); --it; }\n"),
    "set_elements_are_const": (
        "#include <set>\nvoid f(std::set<int>& s) { *s.begin() = 3; }\n"),
    "unique_ptr_is_not_copyable": (
        "#include <memory>\nvoid f(std::unique_ptr<int> p) { std::unique_ptr<int> q = p; }\n"),
    "mpi_handles_are_distinct_types": (
        "#include <mpi.h>\nvoid f(int* x) { MPI_Send(x, 1, MPI_SUM, 0, 0, MPI_COMM_WORLD); }\n"),
    "vector_is_host_only": (
        "#include <vector>\n__device__ int f(std::vector<int>& v) { return (int)v.size(); }\n"),
    "cufft_wrong_handle_type": (
        "#include <cufft.h>\nvoid f(float* p) { cufftExecC2C(p, 0, 0, CUFFT_FORWARD); }\n"),
    "thrust_policy_is_not_an_iterator": (
        "#include <thrust/reduce.h>\nfloat f(float* p) { return thrust::reduce(p, thrust::device, p); }\n"),
    "missing_include_still_needed": (
        "#include <vector>\nvoid f() { std::map<int, int> m; }\n"),
    "cudnn_unknown_enum": (
        "#include <cudnn.h>\ncudnnDataType_t t = CUDNN_DATA_NO_SUCH_TYPE;\n"),
}


@pytest.mark.parametrize("name", sorted(NOT_PERMISSIVE))
def test_stand_ins_are_not_permissive(tmp_path, name):
    parsed = parse_file(_write(tmp_path, NOT_PERMISSIVE[name]))
    assert codes(parsed.diagnostics, "C2T1101"), f"{name}: no C2T1101 error"


def test_cudnn7_calls_removed_in_cudnn8_are_reported(tmp_path):
    src = ("#include <cudnn.h>\n"
           "void f(cudnnHandle_t h, cudnnTensorDescriptor_t x, cudnnFilterDescriptor_t w,\n"
           "       cudnnConvolutionDescriptor_t c, cudnnConvolutionFwdAlgo_t* algo) {\n"
           "  cudnnGetConvolutionForwardAlgorithm(h, x, w, c, x, CUDNN_CONVOLUTION_FWD_PREFER_FASTEST, 0, algo);\n"
           "}\n")
    path = _write(tmp_path, src)
    assert any("removed in cuDNN 8" in d for d in raw_diagnostics(path))
    assert codes(parse_file(path).diagnostics, "C2T1101") == []


_FUNCTION_KINDS = {ci.CursorKind.FUNCTION_DECL, ci.CursorKind.CXX_METHOD, ci.CursorKind.FUNCTION_TEMPLATE,
                   ci.CursorKind.CONSTRUCTOR, ci.CursorKind.DESTRUCTOR, ci.CursorKind.CONVERSION_FUNCTION}
_SCOPE_KINDS = {ci.CursorKind.NAMESPACE, ci.CursorKind.CLASS_DECL, ci.CursorKind.STRUCT_DECL,
                ci.CursorKind.CLASS_TEMPLATE, ci.CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION,
                ci.CursorKind.LINKAGE_SPEC, ci.CursorKind.UNEXPOSED_DECL}


def test_no_inline_declaration_without_body(tmp_path):
    """README rule: a declaration without a body is never inline (constexpr implies inline)."""
    path = _write(tmp_path, "".join(f"#include <{h}>\n" for h in LIBRARY_HEADERS if h != "cublas.h"))
    tu = _INDEX.parse(path, args=clang_args(FrontendOptions(), path), options=0x200)
    root = str(INCLUDE_DIR) + os.sep
    offenders: set[tuple[str, int, str]] = set()

    def walk(cursor):
        for c in cursor.get_children():
            f = c.location.file.name if c.location.file else ""
            if not f.startswith(root):
                continue
            if c.kind in _FUNCTION_KINDS and not c.is_definition() and c.get_definition() is None:
                tokens = [t.spelling for t in c.get_tokens()]
                head = tokens[:tokens.index("(")] if "(" in tokens else tokens
                tail = tokens[-3:]
                if ({"constexpr", "inline", "__forceinline__"} & set(head)
                        and "delete" not in tail and "default" not in tail):
                    offenders.add((os.path.relpath(f, INCLUDE_DIR), c.location.line, c.spelling))
            if c.kind in _SCOPE_KINDS:
                walk(c)

    walk(tu.cursor)
    assert sorted(offenders) == []
