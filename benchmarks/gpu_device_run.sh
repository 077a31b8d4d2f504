#!/usr/bin/env bash
# The GPU speed benchmark on a bare GPU machine, in one command of about 8 minutes.
#
# Prepare here, once: `bash benchmarks/gpu_payload.sh` (writes .whl/gpu-site.tar.xz, about 50 MB).
# Then run through the device tool, with `.whl` in carry:
#
#     bash benchmarks/gpu_device_run.sh [BUDGET_S]          (timeout_s 600 for the default)
#
# On the machine: unpacks the packages its image lacks (tilelang, libclang, ...) into /tmp/c2t-site,
# checks that cupy, torch, TileLang and libclang import and see the GPU, then runs
# benchmarks/gpu_speed.py over the corpus at GPU sizes: every kernel built and checked first by 12
# parallel workers (filling TileLang's and cupy's disk caches), then the serial timed pass, each
# kernel under its own 100 s limit, none started after BUDGET_S seconds (default 400) from the
# start of this script. A kernel that fails, hangs or crashes is reported and the run goes on.
# With TUNE_SHAPES=N (default 0: off), `cuda2tile tune --target cuda --gpu-size --max-shapes N` first
# chooses the tile shapes of the raised matrix products (tiles.json, tune.log) and the benchmark runs
# with them (`--tiles`); budget about 20 s of compile and timing per shape and kernel.
# Writes under $OUT: gpu_speed.json, gpu_speed.md (the table for docs/performance.md),
# gpu_speed.log, setup.log.
set -uo pipefail
cd "$(dirname "$0")/.."
START=$(date +%s)
BUDGET=${1:-400}
OUT=${OUT:-/tmp/cuda2tile-gpu-out}
SITE=${C2T_SITE:-/tmp/c2t-site}
PY=${PYTHON:-python3}
mkdir -p "$OUT"
log() { echo "[gpu_device_run +$(( $(date +%s) - START ))s] $*" | tee -a "$OUT/setup.log"; }

log "GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv,noheader 2>&1)"
if [ ! -f "$SITE/.unpacked" ]; then
    if [ ! -f .whl/gpu-site.tar.xz ]; then
        log "no .whl/gpu-site.tar.xz: run benchmarks/gpu_payload.sh here first and carry .whl"; exit 3
    fi
    mkdir -p "$SITE"
    if ! xz -dc -T0 .whl/gpu-site.tar.xz | tar -C "$SITE" -xf -; then
        log "cannot unpack .whl/gpu-site.tar.xz"; exit 3
    fi
    touch "$SITE/.unpacked"
fi
log "packages unpacked in $SITE"
export PYTHONPATH="$PWD:$SITE${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1 TILELANG_PRINT_ON_COMPILATION=0
if [ -z "${CUDA_HOME:-}" ]; then  # TileLang looks for CUDA's headers and nvcc there
    for home in "$(dirname "$(dirname "$(readlink -f "$(command -v nvcc || echo /nonexistent/bin/nvcc)")")")" \
                /usr/local/cuda; do
        if [ -f "$home/include/cuda_runtime.h" ]; then export CUDA_HOME="$home"; break; fi
    done
fi
log "nvcc: $(nvcc --version 2>&1 | tail -1); CUDA_HOME=${CUDA_HOME:-unset}; $($PY --version 2>&1)"

if ! timeout 120 "$PY" - >>"$OUT/setup.log" 2>&1 <<'PY'
import cupy, torch, tilelang, clang.cindex
from cuda2tile.parse.frontend import FrontendOptions  # noqa: F401 (libclang loads)
print("cupy", cupy.__version__, "devices", cupy.cuda.runtime.getDeviceCount())
print("torch", torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available())
print("tilelang", tilelang.__version__)
assert torch.cuda.is_available()
PY
then
    log "the import check failed (setup.log has the traceback)"; tail -30 "$OUT/setup.log"; exit 3
fi
log "imports ok: $(tail -3 "$OUT/setup.log" | tr '\n' ' ')"

TILES=()
if [ "${TUNE_SHAPES:-0}" -gt 0 ]; then
    log "cuda2tile tune corpus/linalg, at most $TUNE_SHAPES shapes per kernel"
    timeout 300 "$PY" -m cuda2tile tune corpus/linalg corpus/cooperative --target cuda --arch sm_90a --gpu-size \
        --max-shapes "$TUNE_SHAPES" --json "$OUT/tiles.json" > "$OUT/tune.log" 2>&1
    log "tune exited with $?: $(grep -c 'best' "$OUT/tune.log") kernels tuned"
    if [ -s "$OUT/tiles.json" ]; then TILES=(--tiles "$OUT/tiles.json"); fi
fi

LEFT=$(( BUDGET - ($(date +%s) - START) ))
if [ "$LEFT" -lt 60 ]; then log "only ${LEFT}s of the budget left after setup"; exit 3; fi
log "gpu_speed.py over corpus/, ${LEFT}s budget"
# the whole-run kill is a last resort (gpu_speed stops starting kernels at --budget and writes its JSON)
timeout --kill-after=20 $(( LEFT + 150 )) "$PY" benchmarks/gpu_speed.py corpus --arch sm_90a \
    --warmup 5 --repeat 50 --timeout 100 --prebuild-jobs 12 --budget "$LEFT" \
    --json "$OUT/gpu_speed.json" --markdown "$OUT/gpu_speed.md" ${TILES[@]+"${TILES[@]}"} 2>&1 | tee "$OUT/gpu_speed.log"
RC=${PIPESTATUS[0]}
log "gpu_speed.py exited with $RC"
exit "$RC"
