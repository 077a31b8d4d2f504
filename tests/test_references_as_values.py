"""cuda2tile/lift/references_as_values.py: reference parameters a device function only reads take
the type they refer to; written or address-taken ones stay references; the input is never changed."""

from __future__ import annotations

from cuda2tile.lift.references_as_values import references_as_values, written_or_addressed
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import parse_file


def _function(tmp_path, source: str, name: str) -> A.Function:
    src = tmp_path / "k.cu"
    src.write_text(source)
    return next(f for f in parse_file(str(src)).unit.functions if f.name == name)


def _kinds(fn: A.Function) -> dict[str, str]:
    return {p.name: type(p.type).__name__ for p in fn.params}


def test_read_only_references_become_values(tmp_path):
    fn = _function(tmp_path, "__device__ float tap(const float*& row, const float& w, int k)"
                             " { return row[k] * w; }\n"
                             "__global__ void k(float* o, const float* r) { o[0] = tap(r, o[1], 2); }\n", "tap")
    assert _kinds(fn)["row"] == "Reference" and _kinds(fn)["w"] == "Reference"
    out = references_as_values(fn)
    assert _kinds(out)["row"] != "Reference" and _kinds(out)["w"] != "Reference"
    assert out.params[0].type == fn.params[0].type.referred
    assert _kinds(fn)["w"] == "Reference"  # the input is left as it was


def test_written_and_address_taken_references_stay(tmp_path):
    fn = _function(tmp_path, "__device__ void f(float& acc, float& p, float& r, float v) {\n"
                             "  acc += v; float* q = &p; *q = r; }\n"
                             "__global__ void k(float* o) { f(o[0], o[1], o[2], o[3]); }\n", "f")
    out = references_as_values(fn)
    assert _kinds(out)["acc"] == "Reference" and _kinds(out)["p"] == "Reference"
    assert _kinds(out)["r"] == _kinds(out)["v"] != "Reference"  # read only: now a value like `v`


def test_element_address_is_not_the_reference_address(tmp_path):
    fn = _function(tmp_path, "__device__ const float* at(const float*& row, int k) { return &row[k]; }\n"
                             "__global__ void k(float* o, const float* r) { o[0] = *at(r, 1); }\n", "at")
    assert written_or_addressed(fn.body) == set()
    assert _kinds(references_as_values(fn))["row"] != "Reference"


def test_member_write_keeps_struct_reference(tmp_path):
    fn = _function(tmp_path, "struct P { float x; };\n__device__ void f(P& s, const P& t) { s.x = t.x; }\n"
                             "__global__ void k(P* o) { f(o[0], o[1]); }\n", "f")
    out = references_as_values(fn)
    assert _kinds(out)["s"] == "Reference" and _kinds(out)["t"] != "Reference"


def test_no_reference_returns_same_object(tmp_path):
    fn = _function(tmp_path, "__device__ int g(int a) { return a + 1; }\n"
                             "__global__ void k(int* o) { o[0] = g(o[1]); }\n", "g")
    assert references_as_values(fn) is fn


def test_references_passed_on_to_a_function_that_writes_them_stay(tmp_path):
    """mmcv's check_pt_in_box3d(pt, box, T& local_x, T& local_y) writes local_x only through
    lidar_to_local_coords(..., local_x, local_y): read as a value, the caller's local_x stayed 0."""
    source = ("__device__ void rotate(float x, float& ox, const float& w) { ox = x * w; }\n"
              "__device__ void relay(float x, float& ox, float& oy) { rotate(x, ox, oy); }\n"
              "__device__ int inside(float x, float& lx, float& ly, float& seen) {\n"
              "  relay(x, lx, ly); return seen > 0.0f; }\n"
              "__global__ void k(float* o) { float a = 0, b = 1, c = 2; o[0] = inside(o[1], a, b, c) + a; }\n")
    src = tmp_path / "k.cu"
    src.write_text(source)
    functions = {f.name: f for f in parse_file(str(src)).unit.functions if not f.is_kernel}
    inside = references_as_values(functions["inside"], functions)
    # lx reaches rotate's written `ox` through relay; ly reaches only `const float& w`; seen is only read
    assert _kinds(inside)["lx"] == "Reference"
    assert _kinds(inside)["ly"] != "Reference" and _kinds(inside)["seen"] != "Reference"
    # without the other functions nothing is known of the calls: the old reading
    assert _kinds(references_as_values(functions["inside"]))["lx"] != "Reference"
