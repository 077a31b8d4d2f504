"""Whole trees as real projects lay them out (issue 17), in small trees written here.

Kernels in headers are converted once, with the header; includes are found in the project without
`-I`; `-I` and `-p` still win; every `__global__` definition written is found or reported; template
kernels nothing instantiates are converted for float and double; host code that does not parse
changes no kernel's conversion.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c2t_testsupport import run_cli  # noqa: E402

from cuda2tile.driver import ConvertOptions  # noqa: E402
from cuda2tile.parse.frontend import FrontendOptions  # noqa: E402
from cuda2tile.parse.tree_scan import ProjectIndex, scan_text  # noqa: E402
from cuda2tile.session import Session  # noqa: E402

OPS_H = """#pragma once
// a project header reached as "util/ops.h" from src/, through include/ (no -I given)
#define GRID_STRIDE_LOOP(i, n) \\
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)
__device__ inline float twice(float v) { return 2.0f * v; }
"""

KERNELS_CUH = """#pragma once
#include "util/ops.h"

template <typename T>
__global__ void scale_kernel(const T* x, T* y, int n) {
  GRID_STRIDE_LOOP(i, n) {
    y[i] = twice(x[i]);
  }
}

__global__ void fill_kernel(float* y, int n) {
  GRID_STRIDE_LOOP(i, n) { y[i] = 1.0f; }
}
"""

A_CU = """#include "kernels.cuh"
void run_a(const float* x, float* y, int n) { scale_kernel<float><<<4, 128>>>(x, y, n); }
"""

B_CU = """#include "kernels.cuh"
#include <util/ops.h>
void run_b(const double* x, double* y, int n) {
  scale_kernel<double><<<4, 128>>>(x, y, n);
  fill_kernel<<<1, 32>>>(nullptr, n);
}
"""


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _project(tmp_path: Path, marker: str | None = "CMakeLists.txt") -> Path:
    """proj/{CMakeLists.txt, include/util/ops.h, src/{kernels.cuh, a.cu, b.cu}}: the build file marks
    the project's top (no `.git` here), where `include/` and `src/` sit side by side."""
    files = {"include/util/ops.h": OPS_H, "src/kernels.cuh": KERNELS_CUH, "src/a.cu": A_CU, "src/b.cu": B_CU}
    if marker:
        files[marker] = "# the project's build\n"
    return _write(tmp_path / "proj", files)


def _convert(sources: list[str], out: Path, **frontend) -> dict:
    session = Session(ConvertOptions(frontend=FrontendOptions(**frontend)), cache=False)
    tree = session.convert_to_directory(sources, out)
    return {result.source: (result, target) for result, target in tree}


# ------------------------------------------------------------ kernels in headers

def test_a_kernel_in_a_header_included_twice_is_converted_once_with_its_header(tmp_path):
    root = _project(tmp_path)
    results = _convert([str(root / "src")], tmp_path / "out")
    assert sorted(results) == ["a.cu", "b.cu", "kernels.cuh"]
    header, module = results["kernels.cuh"]
    # each includer's instantiation, once: a.cu launches the float one, b.cu the double one
    assert sorted(k.cuda_name for k in header.kernels) == ["fill_kernel", "scale_kernel<double>",
                                                           "scale_kernel<float>"]
    assert all(k.status == "converted" for k in header.kernels), [k.diagnostics for k in header.kernels]
    # instantiated as the .cu files launch them, not by default
    assert not [d for k in header.kernels for d in k.diagnostics if d.code == "C2T1106"]
    assert module == tmp_path / "out" / "kernels.py"
    every = [k.cuda_name for result, _ in results.values() for k in result.kernels]
    assert len(every) == len(set(every)) == 3
    for name in ("a.cu", "b.cu"):
        result, _ = results[name]
        assert result.kernels == []
        note = next(d for d in result.diagnostics if d.code == "C2T1003")
        assert "fill_kernel" in note.message or name == "a.cu"
        assert "scale_kernel" in note.message and "kernels.cuh" in note.message
    text = module.read_text()
    # the comment above the emitted loop quotes the macro as written in the header
    assert "# kernels.cuh:6: GRID_STRIDE_LOOP(i, n) {" in text
    # code from another file (twice() in util/ops.h) never quotes the header's line of the same number
    assert "kernels.cuh:5:" not in text


def test_diagnostics_of_a_header_kernel_point_at_the_header(tmp_path):
    root = _write(tmp_path / "proj", {
        "k.cuh": "#pragma once\n\n__global__ void bad(float* x) {\n  goto done;\n  done: x[0] = 1.0f;\n}\n",
        "main.cu": '#include "k.cuh"\nvoid run(float* x) { bad<<<1, 1>>>(x); }\n'})
    results = _convert([str(root)], tmp_path / "out")
    kernel, = results["k.cuh"][0].kernels
    assert kernel.status == "unsupported"
    where = kernel.diagnostics[0].loc
    assert (where.file, where.line) == ("k.cuh", 4)


# ------------------------------------------------------------ includes found in the project

def test_includes_are_found_in_a_sibling_include_folder_without_flags(tmp_path):
    root = _project(tmp_path)
    results = _convert([str(root / "src")], tmp_path / "out")
    for result, _ in results.values():
        assert not [d for d in result.diagnostics if d.code in ("C2T1101", "C2T1102")], result.diagnostics
    # and without the project's include folder the same tree misses the header: the test can fail
    shutil.rmtree(root / "include")
    results = _convert([str(root / "src")], tmp_path / "out2")
    assert any(d.code == "C2T1102" for d in results["a.cu"][0].diagnostics)
    assert all(k.status == "unsupported" for k in results["kernels.cuh"][0].kernels)


def test_the_project_reaches_up_to_the_repository_root(tmp_path):
    root = _project(tmp_path, marker=None)
    (root / "src" / "deeper").mkdir()
    (root / "src" / "deeper" / "Makefile").write_text("# a build file below the top is not the top\n")
    # no .git and no build file at the top: the given tree is the project, and include/ is not in it
    results = _convert([str(root / "src")], tmp_path / "out")
    assert any(d.code == "C2T1102" for d in results["a.cu"][0].diagnostics)
    (root / ".git").mkdir()
    results = _convert([str(root / "src" / "a.cu"), str(root / "src" / "kernels.cuh")], tmp_path / "out2")
    assert {k.status for k in results["kernels.cuh"][0].kernels} == {"converted"}


def test_user_include_paths_and_compile_commands_win_over_the_project_search(tmp_path):
    root = _write(tmp_path / "proj", {
        "Makefile": "", "a/cfg.h": "#define SCALE 2.0f\n", "b/cfg.h": "#define SCALE 3.0f\n",
        "src/k.cu": '#include "cfg.h"\n__global__ void k(float* y) { y[threadIdx.x] = SCALE; }\n'})
    found = _convert([str(root / "src")], tmp_path / "o1")["k.cu"][1].read_text()
    assert "T.float32(2.0)" in found  # the first candidate: `a/` before `b/` at equal distance
    with_i = _convert([str(root / "src")], tmp_path / "o2", include_dirs=(str(root / "b"),))
    assert "T.float32(3.0)" in with_i["k.cu"][1].read_text()
    db = tmp_path / "db"
    db.mkdir()
    (db / "compile_commands.json").write_text(json.dumps([{
        "directory": str(root), "file": "src/k.cu", "command": "nvcc -Ib -c src/k.cu"}]))
    with_p = _convert([str(root / "src")], tmp_path / "o3", compile_commands_dir=str(db))
    assert "T.float32(3.0)" in with_p["k.cu"][1].read_text()


def test_include_search_prefers_the_folder_nearest_the_includer(tmp_path):
    root = _write(tmp_path / "proj", {
        "lib1/include/common.h": "", "lib2/include/common.h": "",
        "lib2/src/x.cu": '#include "common.h"\n'})
    dirs, reached = ProjectIndex([str(root)]).closure(str(root / "lib2/src/x.cu"))
    assert dirs == (str((root / "lib2/include").resolve()),)
    assert str((root / "lib2/include/common.h").resolve()) in reached


# ------------------------------------------------------------ the inventory

def test_every_kernel_written_is_found_or_reported(tmp_path):
    root = _write(tmp_path / "proj", {"k.cu": """
__global__ void found_one(float* y) { y[0] = 1.0f; }
#ifdef USE_OTHER_BACKEND
__global__ void other_backend(float* y) { y[0] = 2.0f; }
#endif
#if 0
__global__ void disabled(float* y) { y[0] = 3.0f; }
#endif
#define DECLARE_KERNEL __global__ void from_macro(float* y)
// __global__ void in_a_comment(float* y) { }
extern "C"__global__ void glued_to_a_literal(float* y) { y[0] = 4.0f; }
#ifdef HAS_FAST_PATH
__global__ void variant(float* y) { y[0] = 5.0f; }
#else
__global__ void variant(float* y) { y[0] = 6.0f; }
#endif
"""})
    result, _ = _convert([str(root)], tmp_path / "out")["k.cu"]
    # the stub of `variant` in the branch not taken is the same kernel as the one compiled: found
    assert result.inventory == {"defined": 5, "found": 3, "not_compiled": 1, "missed": 1}
    assert [k.cuda_name for k in result.kernels] == ["found_one", "variant"]
    assert any(d.code == "C2T1011" and d.loc.line == 13 and "variant" in d.message for d in result.diagnostics)
    codes = {d.code: d for d in result.diagnostics if d.loc.line < 12}
    assert "other_backend" in codes["C2T1011"].message and codes["C2T1011"].loc.line == 4
    assert "glued_to_a_literal" in codes["C2T1009"].message and codes["C2T1009"].loc.line == 11
    done = run_cli("convert", str(root), "-o", str(tmp_path / "cli"), "--report", str(tmp_path / "r.json"))
    assert "3 of 5 kernel definitions found" in done.stderr
    inventory = json.loads((tmp_path / "r.json").read_text())["summary"]["inventory"]
    assert inventory == {"defined": 5, "found": 3, "not_compiled": 1, "missed": 1}


@pytest.mark.parametrize("text, names", [
    ("__global__ void __launch_bounds__(256) k1(float* x) {}", ["k1"]),
    ("template <typename T> __global__ void C10_LAUNCH_BOUNDS_1(128) k2(T* x) {}", ["k2"]),
    ("__global__ void decl_only(float* x);\n__global__ void k3(\n  float* x)\n{\n}", ["k3"]),
    ('const char* s = "__global__ void not_code() {}";', []),
    ("/* __global__ void c() {} */ __global__ void k4(int n) { }", ["k4"]),
])
def test_lexical_scan_counts_definitions_only(text, names):
    assert [k.name for k in scan_text(text).kernels] == names


# ------------------------------------------------------------ templates nothing instantiates

def test_a_template_kernel_nothing_instantiates_is_converted_for_float_and_double(tmp_path):
    kernel = "template <typename T>\n__global__ void axpy(T a, const T* x, T* y, int n)\n" \
             "{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }\n"
    root = _write(tmp_path / "p", {"k.cu": kernel})
    result, module = _convert([str(root)], tmp_path / "out")["k.cu"]
    assert [k.cuda_name for k in result.kernels] == ["axpy<float>", "axpy<double>"]
    assert all(k.status == "converted" for k in result.kernels)
    assert all("C2T1106" in [d.code for d in k.diagnostics] for k in result.kernels)
    # the same conversion as when the instantiation is asked for by name
    asked = _convert([str(root)], tmp_path / "out2", instantiate=(("axpy", ("float",)), ("axpy", ("double",))))
    result2, module2 = asked["k.cu"]
    assert module2.read_text() == module.read_text()
    assert not any(d.code == "C2T1106" for k in result2.kernels for d in k.diagnostics)


def test_a_template_with_a_value_parameter_is_not_guessed(tmp_path):
    root = _write(tmp_path / "p", {"k.cu": "template <typename T, int N>\n__global__ void k(T* x) { x[0] = N; }\n"})
    result, _ = _convert([str(root)], tmp_path / "out")["k.cu"]
    kernel, = result.kernels
    assert kernel.status == "unsupported" and kernel.diagnostics[0].code == "C2T1208"


# ------------------------------------------------------------ nothing lost while reading whole trees

BROKEN_HOST = {
    # host code that does not parse, in a header of the project and in the .cu, on lines that are
    # comments in the clean copy (so no line number moves and the modules compare byte for byte)
    "src/a.cu": A_CU + "// clean\n",
    "src/kernels.cuh": KERNELS_CUH + "// clean\n",
}


def test_host_code_that_does_not_parse_changes_no_kernel_of_a_tree(tmp_path):
    clean = _project(tmp_path / "clean")
    for name, text in BROKEN_HOST.items():
        (clean / name).write_text(text)
    broken = tmp_path / "broken" / "proj"
    shutil.copytree(clean, broken)
    for name, text in BROKEN_HOST.items():
        (broken / name).write_text(text.replace(
            "// clean\n", "void host_helper() { std::vector<NotAType> v; undefined_call(v, 3); }\n"))
    want = _convert([str(clean / "src")], tmp_path / "o_clean", include_dirs=(str(clean / "include"),))
    got = _convert([str(broken / "src")], tmp_path / "o_broken")
    assert sorted(got) == sorted(want)
    assert any(d.code == "C2T1101" for result, _ in got.values() for d in result.diagnostics)
    for name, (result, module) in want.items():
        other, other_module = got[name]
        assert [(k.cuda_name, k.status) for k in other.kernels] == [(k.cuda_name, k.status) for k in result.kernels]
        assert other_module.read_text() == module.read_text(), name


# ------------------------------------------------------------ the headers real projects include

EVERYTHING_CU = """#include <vector>
#include <stdexcept>
#include <cstdlib>
#include <cublas_v2.h>
#include <curand_kernel.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

template <typename scalar_t>
__global__ void shift_kernel(const scalar_t* __restrict__ x, scalar_t* __restrict__ y, uint n) {
  const uint i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] + scalar_t(1);
}

__global__ void noise_kernel(float* out, unsigned long long seed, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, i, 0, &state);
  if (i < n) out[i] = 0.0f;
}

float host_sum(const std::vector<float>& values) {
  if (values.empty()) throw std::logic_error("no values");
  thrust::device_vector<float> d(values.begin(), values.end());
  cublasHandle_t handle;
  cublasCreate(&handle);
  cublasDestroy(handle);
  return thrust::reduce(d.begin(), d.end(), 0.0f);
}

torch::Tensor shift(torch::Tensor x) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  auto y = torch::empty_like(x);
  const uint n = x.numel();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "shift", ([&] {
    shift_kernel<scalar_t><<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), n);
  }));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("shift", &shift, "shift (CUDA)"); }
"""


def test_a_file_using_the_libraries_real_projects_include_converts_its_kernels(tmp_path):
    root = _write(tmp_path / "ext", {"shift_cuda.cu": EVERYTHING_CU})
    result, module = _convert([str(root)], tmp_path / "out")["shift_cuda.cu"]
    assert not [d for d in result.all_diagnostics() if d.code in ("C2T1101", "C2T1102", "C2T1105")], \
        [f"{d.code} {d.loc.line}: {d.message}" for d in result.all_diagnostics()]
    # AT_DISPATCH_FLOATING_TYPES instantiates double then float, as ATen's macro does
    statuses = {k.cuda_name: k for k in result.kernels}
    assert sorted(statuses) == ["noise_kernel", "shift_kernel<double>", "shift_kernel<float>"]
    assert statuses["shift_kernel<double>"].status == statuses["shift_kernel<float>"].status == "converted"
    assert not [d for k in result.kernels for d in k.diagnostics if d.code == "C2T1106"]  # not by default
    # the front end reads curand's device API; the lift refuses it with the construct database's record
    # (op_coverage/language.py `curandState`, its first call `curand_init` named at its line)
    noise = statuses["noise_kernel"]
    assert noise.status == "unsupported" and noise.diagnostics[0].code == "C2T1207"
    assert "'curand_init' is not supported" in noise.diagnostics[0].message
    assert "cuRAND's device generator has no TileLang counterpart" in noise.diagnostics[0].message


# ------------------------------------------------------------ templates instantiated the ways real code does

INSTANTIATIONS_CU = """template <typename T> __global__ void fill(T* x) { x[threadIdx.x] = T(1); }
template <typename T> void launch_fill(T* x) { fill<T><<<1, 32>>>(x); }   // a templated host function...
void host(int* a) { launch_fill(a); }                                       // ...instantiated for int
template <typename T, int N> __global__ void add_n(T* x) { x[threadIdx.x] += T(N); }
template __global__ void add_n<short, 3>(short*);                           // explicit instantiation
#define INSTANTIATE_ADD_N(T) template __global__ void add_n<T, 7>(T*);
INSTANTIATE_ADD_N(int)                                                      // through a macro, as caffe does
template <typename T> __global__ void scale(T* x) { x[threadIdx.x] *= T(2); }
"""


def test_templates_are_instantiated_the_ways_real_code_does(tmp_path):
    root = _write(tmp_path / "p", {"k.cu": INSTANTIATIONS_CU})
    result, _ = _convert([str(root)], tmp_path / "out")["k.cu"]
    assert sorted(k.cuda_name for k in result.kernels) == [
        "add_n<int, 7>", "add_n<short, 3>", "fill<int>", "scale<double>", "scale<float>"]
    assert all(k.status == "converted" for k in result.kernels), [k.diagnostics for k in result.kernels]
    by_default = sorted(k.cuda_name for k in result.kernels if any(d.code == "C2T1106" for d in k.diagnostics))
    assert by_default == ["scale<double>", "scale<float>"]
    # --instantiate names another one; the template is then not instantiated by default
    done = run_cli("convert", str(root / "k.cu"), "-o", str(tmp_path / "cli"), "--no-cache",
                   "--instantiate", "scale<unsigned int>", "--report", str(tmp_path / "r.json"))
    assert done.returncode == 0, done.stderr
    names = [k["name"] for f in json.loads((tmp_path / "r.json").read_text())["files"] for k in f["kernels"]]
    assert "scale<unsigned int>" in names and "scale<float>" not in names
    bad = run_cli("convert", str(root / "k.cu"), "-o", str(tmp_path / "cli2"), "--instantiate", "scale")
    assert bad.returncode == 2 and "not a kernel with template arguments" in bad.stderr


def test_missing_headers_are_summarised_once_on_stderr_in_the_report_and_in_coverage(tmp_path):
    root = _project(tmp_path)
    shutil.rmtree(root / "include")
    done = run_cli("convert", str(root / "src"), "-o", str(tmp_path / "out"), "--no-cache",
                   "--report", str(tmp_path / "r.json"))
    assert "1 header not found (C2T1102)" in done.stderr
    assert done.stderr.count("  util/ops.h: included by") == 1
    missing = json.loads((tmp_path / "r.json").read_text())["summary"]["missing_headers"]
    assert [m["header"] for m in missing] == ["util/ops.h"]
    assert sorted(missing[0]["blocked_kernels"]) == ["kernels.cuh:fill_kernel", "kernels.cuh:scale_kernel<double>",
                                                     "kernels.cuh:scale_kernel<float>"]
    cov = run_cli("coverage", str(root / "src"), "--report-format", "json", "-o", str(tmp_path / "c.json"),
                  "--no-cache")
    assert cov.returncode in (0, 1), cov.stderr
    assert [m["header"] for m in json.loads((tmp_path / "c.json").read_text())["missing_headers"]] == ["util/ops.h"]


def test_a_header_beside_a_cu_of_the_same_name_gets_a_module_of_its_own(tmp_path):
    root = _write(tmp_path / "p", {
        "scan.cuh": "#pragma once\n__global__ void from_header(float* y) { y[threadIdx.x] = 1.0f; }\n",
        "scan.cu": '#include "scan.cuh"\n__global__ void from_source(float* y) { y[threadIdx.x] = 2.0f; }\n'})
    results = _convert([str(root)], tmp_path / "out")
    assert results["scan.cu"][1] == tmp_path / "out" / "scan.py"
    assert results["scan.cuh"][1] == tmp_path / "out" / "scan_cuh.py"
    assert [k.cuda_name for k in results["scan.cuh"][0].kernels] == ["from_header"]
    assert [k.cuda_name for k in results["scan.cu"][0].kernels] == ["from_source"]
    assert not [d for r, _ in results.values() for d in r.diagnostics if d.code == "C2T1005"]


def test_a_warning_in_a_header_does_not_make_a_kernel_partial(tmp_path):
    # the header's line 3 warns (a missing include); the kernel spans lines 2-4 of the .cu
    root = _write(tmp_path / "p", {
        "util.h": "#pragma once\n\n#include <not_installed_anywhere.h>\n",
        "k.cu": '#include "util.h"\n__global__ void k(float* y) {\n  y[threadIdx.x] = 1.0f;\n}\n'})
    result, _ = _convert([str(root)], tmp_path / "out")["k.cu"]
    assert any(d.code == "C2T1102" and d.loc.file == "util.h" and d.loc.line == 3 for d in result.diagnostics)
    assert [k.status for k in result.kernels] == ["converted"]
