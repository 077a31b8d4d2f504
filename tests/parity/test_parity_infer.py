"""Launch specs inferred from host code: constant-size launches in `main()` need no `.toml`."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from c2t_testsupport import CORPUS  # noqa: E402
from cuda2tile.parity.original_cupy import nvrtc_source  # noqa: E402
from cuda2tile.parse.host_info import analyze  # noqa: E402
from cuda2tile.spec.cexpr import evaluate  # noqa: E402
from cuda2tile.spec.infer import index_buffer_params, infer_specs  # noqa: E402
from cuda2tile.spec.launch_spec import load_spec  # noqa: E402

# files whose host main() launches every kernel with constant sizes (and no index buffers)
NO_SPEC_NEEDED = ["blas1/level1.cu", "elementwise/basic_arith.cu", "activations/gelu.cu", "stencil/laplace2d.cu",
                  "misc/hash.cu", "linalg/transpose.cu", "blas1/scale_template.cu", "cooperative/block_reduce.cu"]


def _infer(source: str):
    path = CORPUS / source
    return infer_specs(analyze(str(path)), source)


def test_host_launches_of_level1():
    info = analyze(str(CORPUS / "blas1/level1.cu")).info
    assert [(s.cuda_name, s.grid, s.block, s.shared_bytes) for s in info.launches] == [
        ("saxpy", (40,), (256,), 0), ("axpby", (40,), (256,), 0), ("partial_dot", (8,), (128,), 0),
        ("partial_asum", (8,), (128,), 0)]
    saxpy = info.launches[0]
    assert [a.value for a in saxpy.args[:2]] == [10000, 2.5]
    assert (saxpy.args[2].variable, saxpy.args[2].alloc_bytes, saxpy.args[2].alloc_text) == \
        ("x", 200000, "BIG * sizeof ( float )")
    assert [f[0] for f in info.host_functions] == ["main"]
    assert [i.header for i in info.includes] == ["cuda_runtime.h", "math.h", "stdio.h", "stdlib.h"]


@pytest.mark.parametrize("source", NO_SPEC_NEEDED)
def test_inferred_specs_agree_with_the_written_ones(source):
    """Grid, block and scalars equal the .toml's; buffers have the dtype and at least its length."""
    inferred = _infer(source)
    assert inferred and all(i.spec is not None for i in inferred), [i.reason for i in inferred]
    written = load_spec((CORPUS / source).with_suffix(".toml"))
    for spec in written:
        candidates = [i.spec for i in inferred if i.kernel == spec.cuda_name]
        assert candidates, f"no inferred launch of {spec.cuda_name}"
        scalars = {n: evaluate(a.value, spec.sizes) for n, a in spec.args.items() if not a.is_buffer}

        def matches(got):
            return all(got.args[n].value == pytest.approx(v, rel=1e-6) for n, v in scalars.items())

        got = next((c for c in candidates if matches(c)), None)
        assert got is not None, f"{spec.cuda_name}: scalars {scalars} not among the inferred launches"
        assert got.grid_values() == spec.grid_values() + (1,) * (len(got.grid) - len(spec.grid))
        assert (tuple(got.block) + (1, 1))[:3] == (tuple(spec.block) + (1, 1))[:3]
        for name, arg in spec.args.items():
            if arg.is_buffer:
                want = 1
                for s in arg.shape:
                    want *= int(evaluate(s, spec.sizes))
                assert got.args[name].dtype == arg.dtype
                assert got.args[name].shape[0] >= want


def test_inference_covers_at_least_five_files():
    assert len([s for s in NO_SPEC_NEEDED if all(i.spec for i in _infer(s))]) >= 5


def test_inferred_inputs_follow_the_default_distributions():
    spec = next(i.spec for i in _infer("misc/hash.cu") if i.kernel == "hash_keys")
    inputs = spec.make_inputs(0)
    assert inputs["keys"].dtype.name == "uint32" and 1 <= inputs["keys"].min() and inputs["keys"].max() < 32
    assert inputs["seed"] == 3735928559 and spec.args["out"].output and not spec.args["keys"].output
    spec = next(i.spec for i in _infer("blas1/level1.cu") if i.kernel == "saxpy")
    x = spec.make_inputs(0)["x"]
    assert x.dtype.name == "float32" and -1 <= x.min() and x.max() < 1


def test_index_buffers_are_refused_with_the_reason():
    inferred = {i.kernel: i for i in _infer("indexing/gather_scatter.cu")}
    assert set(inferred) == {"gather", "scatter", "gather_rows"}
    for name, buffer in (("gather", "idx"), ("scatter", "perm"), ("gather_rows", "row_idx")):
        assert inferred[name].spec is None
        assert f"the values of buffer '{buffer}' are used as indices" in inferred[name].reason
        assert "write a launch spec" in inferred[name].reason
    # float data turned into a bin number is an index too
    hist = {i.kernel: i for i in _infer("cooperative/histogram_shared.cu")}
    assert "'x' are used as indices" in hist["histogram_float_bins"].reason


HOST = textwrap.dedent("""
    #include <cuda_runtime.h>
    #include <stdlib.h>
    __global__ void scale(int n, float a, const float* x, float* y) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) y[i] = a * x[i];
    }
    __global__ void csr_row_sums(int rows, const int* ptr, const float* val, float* out) {
        int r = blockIdx.x * blockDim.x + threadIdx.x;
        if (r >= rows) return;
        float s = 0.0f;
        for (int j = ptr[r]; j < ptr[r + 1]; ++j) s += val[j];
        out[r] = s;
    }
    __device__ float fetch(const float* t, int k) { return t[k]; }
    __global__ void via_helper(int n, const int* k, const float* t, float* y) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) y[i] = fetch(t, k[i]);
    }
    int main(int argc, char** argv) {
        int n = 1 << 12;                      // not const: folded through the local
        size_t bytes = n * sizeof(float);
        int m = argc > 1 ? atoi(argv[1]) : 64;  // only known at run time
        float *x, *y, *z;
        int *p;
        cudaMalloc(&x, bytes);
        cudaMalloc((void**)&y, bytes);
        cudaMalloc(&z, m * sizeof(float));
        cudaMalloc(&p, 65 * sizeof(int));
        dim3 block(128);
        scale<<<(n + 127) / 128, block>>>(n, 0.5f, x, y);
        scale<<<4, 128>>>(m, 0.5f, x, y);
        scale<<<4, 128>>>(n, 0.5f, x, z);
        scale<<<4, 128>>>(n, 0.5f, x, x);
        scale<<<4, 128>>>(n, 0.5f, x + 8, y);
        csr_row_sums<<<1, 64>>>(64, p, x, y);
        via_helper<<<1, 64>>>(64, p, x, y);
        return 0;
    }
""")


def test_inference_folds_locals_and_refuses_what_it_cannot_know(tmp_path):
    cu = tmp_path / "host.cu"
    cu.write_text(HOST)
    inferred = infer_specs(analyze(str(cu)), "host.cu")
    first = inferred[0]
    assert first.spec is not None and first.spec.grid == (32,) and first.spec.block == (128,)
    assert first.spec.args["x"].shape == (4096,) and first.spec.args["a"].value == 0.5
    reasons = [i.reason for i in inferred[1:]]
    assert "argument 'n' (`m`) is not a compile-time constant" in reasons[0]
    assert "the size of 'z' (`m * sizeof ( float )`) is not a compile-time constant" in reasons[1]
    assert "'x' is passed as both 'x' and 'y'" in reasons[2]
    assert "pointer argument 'x' (`x + 8`) is not a device allocation variable" in reasons[3]
    assert "the values of buffer 'ptr' are used as indices" in reasons[4]  # loop bounds
    assert "the values of buffer 'k' are used as indices" in reasons[5]  # through a __device__ helper


def test_index_analysis_ignores_data_that_only_flows_into_values():
    unit = analyze(str(CORPUS / "misc/hash.cu")).unit
    kernels = {f.name: f for f in unit.functions if f.is_kernel}
    functions = {f.name: f for f in unit.functions if not f.is_kernel}
    for kernel in kernels.values():
        assert index_buffer_params(kernel, functions) == {}


def test_nvrtc_source_keeps_device_code_line_for_line():
    path = CORPUS / "blas1/level1.cu"
    analysis = analyze(str(path))
    text = path.read_text()
    out = nvrtc_source(text, analysis.info, "level1.cu")
    body = out.split('#line 1 "level1.cu"\n', 1)[1].splitlines()
    original = text.splitlines()
    assert len(body) == len(original)
    assert body[3].startswith("// (host header, not for NVRTC) #include <cuda_runtime.h>")
    main_line = next(i for i, ln in enumerate(original) if ln.startswith("int main"))
    assert body[main_line] == "" and "cudaMalloc" not in "\n".join(body)
    assert body[10:14] == original[10:14]  # saxpy untouched
    assert "#define INFINITY" in out
