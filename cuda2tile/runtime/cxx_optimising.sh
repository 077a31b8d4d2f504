#!/bin/sh
# C++ compiler wrapper for TileLang's C back end, which runs g++ without -O (TILELANG_FACTS §12).
exec "${CUDA2TILE_CXX:-g++}" -O2 "$@"
