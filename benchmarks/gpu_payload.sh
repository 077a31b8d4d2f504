#!/usr/bin/env bash
# Build .whl/gpu-site.tar.xz: the Python packages cuda2tile needs that the GPU machine's image lacks
# (tilelang and its libraries, libclang, pycparser), for its Python 3.12, in one archive small
# enough to travel with the working tree (the device tool carries 64 MiB in all).
#
#     bash benchmarks/gpu_payload.sh          # here, once (a few minutes: pip download + xz)
#     then: benchmarks/gpu_device_run.sh on the GPU machine, with `.whl` in the run's carry list
#
# Wheels are unpacked (not installed: pip here is not the target's Python) into one site folder;
# a wheel's .data/purelib and .data/platlib go to the top, as pip would put them. Left out, since
# nothing imports them: z3's command-line binary and its second copy of libz3 (a link replaces it).
# Versions are the project's pins (pyproject.toml) and what tilelang 0.1.15 requires.
set -euo pipefail
cd "$(dirname "$0")/.."
PKGS=(tilelang==0.1.15 apache-tvm-ffi==0.1.12 z3-solver==4.15.4.0 torch-c-dlpack-ext==0.1.5
      libclang==18.1.1 pycparser==3.0)
OUT=.whl/gpu-site.tar.xz
STAGE=.whl/stage
rm -rf "$STAGE" && mkdir -p "$STAGE/wheels" "$STAGE/site"
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux_2_24_x86_64 \
    --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 --platform manylinux2010_x86_64 \
    -d "$STAGE/wheels" "${PKGS[@]}"
for w in "$STAGE"/wheels/*.whl; do
    python3 -m zipfile -e "$w" "$STAGE/site"
done
for d in "$STAGE"/site/*.data; do
    for sub in purelib platlib; do
        [ -d "$d/$sub" ] && cp -a "$d/$sub/." "$STAGE/site/"
    done
    rm -rf "$d"
done
if [ -f "$STAGE/site/z3/lib/libz3.so.4.15" ]; then
    rm -f "$STAGE/site/z3/lib/libz3.so" && ln -s libz3.so.4.15 "$STAGE/site/z3/lib/libz3.so"
fi
find "$STAGE/site" -name __pycache__ -prune -exec rm -rf {} +
chmod -R u+rwX,go+rX "$STAGE/site"
tar -C "$STAGE/site" -cf - . | xz -T0 -8 > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
rm -rf "$STAGE"
ls -l "$OUT"
