#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Run one CMake-built libFuzzer target briefly under ctest (tests/fuzz/CMakeLists.txt):
#   run_target.sh FUZZER CORPUS_DIR [-libFuzzer options...] [read-only seed dirs...]
# CORPUS_DIR is emptied first, so that every ctest run starts from the checked-in seeds; libFuzzer
# writes new inputs only to its first directory, CORPUS_DIR, never to the seed dirs in the source.
set -euo pipefail
exe=$1
corpus=$2
shift 2
opts=()
seeds=()
for a in "$@"; do
  case "$a" in -*) opts+=("$a") ;; *) seeds+=("$a") ;; esac
done
rm -rf "$corpus"
mkdir -p "$corpus"
exec "$exe" "${opts[@]}" "$corpus" "${seeds[@]}"
