"""Constructs that need the cooperative lift or TileLang's tile primitives: the warp ops and
barriers not in `language.py`, fences, cooperative groups, asynchronous copies, tensor cores,
textures and surfaces.

Front-end spellings differ from the documented ones for namespaced and member calls: clang gives
the bare name (`wmma::mma_sync(...)` -> `mma_sync`, `block.sync()` -> `sync`), hence the aliases.
"""

from __future__ import annotations

from op_coverage.records import Construct, Status

PL, U = Status.PLANNED, Status.UNSUPPORTED
_COOP = "C2T1204"
_CG_TESTS = ("tests/translation/cooperative_groups.cu", "corpus/cooperative/cg_reduce.cu")

COOPERATION: list[Construct] = [
    *[Construct(cuda=n, category="barrier", status=PL, tilelang="phase split + T.sync_threads() + reduction",
                code=_COOP, effort="high") for n in (
        "__syncthreads_count", "__syncthreads_and", "__syncthreads_or")],
    *[Construct(cuda=n, category="barrier", status=Status.SUPPORTED,
                tilelang=f"c2t_{n[2:]} helper (CUDA's {n} on GPUs; on C, where blocks run in turn, a compiler "
                         "barrier)", tests=("corpus/cooperative/last_block_sum.cu",))
      for n in ("__threadfence_block", "__threadfence_system")],
    *[Construct(cuda=n, category="warp", status=PL, tilelang="shared scratch + phases", code=_COOP, effort="high")
      for n in (
        "__match_any_sync", "__match_all_sync", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
        "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync", "__lanemask_lt", "__lanemask_le",
        "__lanemask_eq")],
    *[Construct(cuda=n, category="warp", status=Status.SUPPORTED, tilelang=f"as {n}_sync with the full mask",
                tests=("tests/translation/legacy_warp_ops.cu", "corpus/cooperative/warp_shuffle.cu"),
                note="the pre-CUDA 9 form (no mask) exchanges among the active lanes, and a read of an inactive "
                     "lane is undefined: the whole-warp exchange gives every active lane what CUDA gives it")
      for n in ("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor")],
    *[Construct(cuda=n, category="warp", status=U, code=_COOP, effort="medium",
                note="the pre-CUDA 9 vote counts only the active lanes (a vote inside a branch sees fewer): use "
                     "the _sync form with the full mask where every lane takes part") for n in (
        "__any", "__all", "__ballot")],
    # lifted as the block and warp primitives they are built on (tests/translation/cooperative_groups.cu)
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=Status.SUPPORTED,
                tilelang=tl, note=note, aliases=(n,), tests=_CG_TESTS) for n, tl, note in (
        ("this_thread_block", "the T.Kernel block", ""),
        ("tiled_partition", "warp-sized groups of the T.Parallel threads", "tiles of 1-32 threads"),
        ("sync", "T.sync_threads()", "`block.sync()`; `tile.sync()` is a warp barrier"),
        ("thread_rank", "the linear thread index (mod the tile size)", ""))],
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=PL, tilelang=tl, code=_COOP,
                effort="high", note=note, aliases=(n,)) for n, tl, note in (
        ("this_grid", "", "grid-wide sync needs a cooperative launch"),
        ("coalesced_threads", "", ""),
        ("memcpy_async", "T.copy", ""))],
    Construct(cuda="cooperative_groups::reduce", category="cooperative-groups", status=Status.SUPPORTED,
              tilelang="the xor butterfly over the tile (shared scratch + phases); T.reduce_sum when raised "
                       "(warp_reduce)",
              note="over tiles of 1-32 threads, with cg::plus, less, greater, bit_and, bit_or, bit_xor; as the value "
                   "of a declaration or an assignment (`float s = cg::reduce(tile, v, cg::plus<float>());`)",
              aliases=("reduce",), tests=_CG_TESTS),
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=Status.SUPPORTED,
                tilelang=tl, note="operator functor of cg::reduce", tests=_CG_TESTS) for n, tl in (
        ("plus", "+"), ("less", "(b < a) ? b : a"), ("greater", "(a < b) ? b : a"), ("bit_and", "&"),
        ("bit_or", "|"), ("bit_xor", "^"))],
    # group member functions; the front end spells them `cooperative_groups::<name>` (no bare aliases:
    # `size` or `any` alone would name too many unrelated calls)
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=Status.SUPPORTED,
                tilelang=tl, note=note, tests=_CG_TESTS) for n, tl, note in (
        ("shfl", "shared scratch + phases", "group member function, tiles of 1-32 threads"),
        ("shfl_up", "shared scratch + phases", "group member function, tiles of 1-32 threads"),
        ("shfl_down", "shared scratch + phases", "group member function, tiles of 1-32 threads"),
        ("shfl_xor", "shared scratch + phases", "group member function, tiles of 1-32 threads"),
        ("any", "shared scratch + phases", "group member function, 32-thread tiles"),
        ("all", "shared scratch + phases", "group member function, 32-thread tiles"),
        ("ballot", "shared scratch + phases", "group member function, 32-thread tiles"),
        ("size", "the tile size / block thread count", "group member function"),
        ("num_threads", "the tile size / block thread count", "group member function"),
        ("meta_group_rank", "the linear thread index / the tile size", "group member function"))],
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=PL, tilelang=tl, code=_COOP,
                effort="high", note="group member function")
      for names, tl in ((("match_any", "match_all"), "shared scratch + phases"),
                        (("meta_group_size", "thread_index", "group_index", "dim_threads", "group_dim", "is_valid"),
                         "a loop bound or index expression"))
      for n in names],
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=Status.SUPPORTED,
                tilelang=tl, tests=_CG_TESTS) for n, tl in (
        ("thread_block", "the block's threads"), ("thread_block_tile", "warp-sized tiles of the block"))],
    *[Construct(cuda=f"cooperative_groups::{n}", category="cooperative-groups", status=PL, code=_COOP, effort="high")
      for n in (
        "grid_group", "coalesced_group")],
    *[Construct(cuda=n, category="async-copy", status=PL, tilelang="T.copy into T.alloc_shared", code=_COOP,
                effort="high", aliases=a) for n, a in (
        ("__pipeline_memcpy_async", ()), ("__pipeline_commit", ()), ("__pipeline_wait_prior", ()),
        ("cuda::memcpy_async", ()), ("cuda::barrier", ()), ("cuda::pipeline", ()))],
    *[Construct(cuda=f"wmma::{n}", category="tensor-core", status=PL, tilelang=tl, code="C2T1203", effort="high",
                aliases=(n, f"nvcuda::wmma::{n}")) for n, tl in (
        ("fragment", "T.alloc_fragment"), ("load_matrix_sync", "T.copy to a fragment"),
        ("store_matrix_sync", "T.copy from a fragment"), ("mma_sync", "T.gemm"), ("fill_fragment", "T.fill"))],
    *[Construct(cuda=n, category="texture-surface", status=U, tilelang="buffer load with explicit addressing",
                code="C2T1203", effort="high", note="read the underlying array as a buffer argument") for n in (
        "tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered", "texCubemap", "tex2Dgather",
        "tex2DLod", "surf1Dread", "surf2Dread", "surf3Dread", "surf1Dwrite", "surf2Dwrite", "surf3Dwrite")],
    *[Construct(cuda=f"{op}_{scope}", category="atomic", status=PL, tilelang="T.atomic_* (scope is the whole device)",
                code="C2T1205", effort="medium")
      for op in ("atomicAdd", "atomicSub", "atomicMax", "atomicMin", "atomicCAS", "atomicExch")
      for scope in ("block", "system")],
    Construct(cuda="texture reference", category="texture-surface", status=U, code="C2T1203", effort="high",
              note="`texture<T, dim>` references were removed in CUDA 12; pass the array as a buffer"),
    Construct(cuda="surface reference", category="texture-surface", status=U, code="C2T1203", effort="high"),
    Construct(cuda="cudaTextureObject_t", category="texture-surface", status=U, code="C2T1203", effort="high",
              aliases=("cudaSurfaceObject_t",)),
]
