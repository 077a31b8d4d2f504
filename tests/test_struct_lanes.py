"""cuda2tile/lift/struct_lanes.py: a struct of one scalar type is seen as the vector it is laid out as
(its lanes named by its fields) in pointees, locals, elements and __device__ parameters; a kernel's
by-value struct parameters keep their struct type; mixed, padded or over-wide structs are left alone;
the rewrite is pure. The numbers are in corpus/misc/point_structs.cu (verify and parity) and its
mutation in tests/test_mutation.py."""

from __future__ import annotations

from pathlib import Path

from cuda2tile.driver import convert_source
from cuda2tile.lift.struct_lanes import MAX_LANES, lanes_view, struct_lanes
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import parse_file

SOURCE = """
struct Point3 { float x, y, z; };
struct Mixed { int id; float w; };
struct alignas(16) Padded { float a, b; };
union Slot { unsigned long long data; };
union Pun { float f; int i; };
__device__ float norm2(Point3 p) { return p.x * p.x + p.y * p.y + p.z * p.z; }
__global__ void k(int n, Point3 origin, const Point3* pts, float* out, Slot* slots, const Mixed* m,
                  const Padded* pad) {
  int i = threadIdx.x;
  Point3 p = pts[i];
  out[i] = norm2(p) + origin.x + m[i].w + pad[i].a;
  slots[i].data += 1;
}
"""


def _functions(tmp_path) -> dict[str, A.Function]:
    src = tmp_path / "k.cu"
    src.write_text(SOURCE)
    return {f.name: f for f in parse_file(str(src)).unit.functions}


def _param(fn: A.Function, name: str) -> A.Param:
    return next(p for p in fn.params if p.name == name)


def test_one_scalar_type_structs_are_vectors_with_their_field_names(tmp_path):
    k = _functions(tmp_path)["k"]
    point = _param(k, "pts").type.pointee
    assert lanes_view(point) == A.Vector("float32", 3, ("x", "y", "z"))
    assert lanes_view(_param(k, "slots").type.pointee) == A.Vector("uint64", 1, ("data",))  # a one-member union
    assert lanes_view(_param(k, "m").type.pointee) is None  # int and float
    assert lanes_view(_param(k, "pad").type.pointee) is None  # sizeof 16, not 8
    wide = A.Struct("Wide", tuple(A.Field(f"f{j}", A.Scalar("float32"), 4 * j) for j in range(MAX_LANES + 1)),
                    4 * (MAX_LANES + 1))
    assert lanes_view(wide) is None


def test_pointees_locals_and_device_parameters_are_viewed_kernel_struct_parameters_kept(tmp_path):
    fns = _functions(tmp_path)
    k = struct_lanes(fns["k"])
    assert isinstance(_param(k, "pts").type.pointee, A.Vector)
    assert isinstance(_param(k, "origin").type, A.Struct)  # flattened into kernel arguments elsewhere
    assert isinstance(_param(k, "m").type.pointee, A.Struct)
    local = next(n for n in A.walk(k.body) if isinstance(n, A.VarDecl) and n.name == "p")
    assert local.type == A.Vector("float32", 3, ("x", "y", "z"))
    origin_refs = [n for n in A.walk(k.body) if isinstance(n, A.VarRef) and n.name == "origin"]
    assert origin_refs and all(isinstance(n.type, A.Struct) for n in origin_refs)
    assert isinstance(_param(struct_lanes(fns["norm2"]), "p").type, A.Vector)


def test_the_rewrite_is_pure(tmp_path):
    fns = _functions(tmp_path)
    before = fns["k"]
    after = struct_lanes(before)
    assert after is not before and struct_lanes(after) is after  # nothing left to view: the same object
    assert isinstance(_param(before, "pts").type.pointee, A.Struct)  # the input is untouched


def test_a_union_of_several_members_is_not_a_struct(tmp_path):
    src = tmp_path / "u.cu"
    src.write_text("union Pun { float f; int i; };\n__global__ void u(Pun* p) { p[0].i = 1; }\n")
    fn = parse_file(str(src)).unit.functions[0]
    assert not isinstance(fn.params[0].type.pointee, A.Struct)


def test_a_users_struct_named_half_is_one_float():
    """tests/regressions/cases/audit_user_types.cu: `struct half { float v; }` is not __half."""
    case = Path(__file__).resolve().parent / "regressions" / "cases" / "audit_user_types.cu"
    result, module = convert_source(str(case), case.name)
    assert {k.cuda_name: k.status for k in result.kernels}["user_half_struct"] == "converted"
    assert 'def user_half_struct(out: T.Tensor((out_len,), "float32")' in module
    assert "out[tx] = T.float32(1.0)" in module or "out[tx] = T.float32(1)" in module
