#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Build the nccl-tests log fuzzer with clang (libFuzzer, AddressSanitizer, UndefinedBehaviorSanitizer)
# outside the g++ build, and run it with the real logs as seeds.
#   run_fuzz.sh CLANGXX SOURCE_DIR WORK_DIR [SECONDS]
# New inputs go to WORK_DIR/corpus; a crash leaves WORK_DIR/crash-* and fails (exit 1).
set -eu
cxx=$1
src=$2
work=$3
seconds=${4:-25}
mkdir -p "$work/corpus"
exe="$work/fuzz_nccl_log"
sources="$src/model/nccl/nccllog.cpp $src/model/nccl/calibration.cpp $src/model/engine/collectives.cpp
  $src/model/engine/enginetext.cpp $src/tests/fuzz/fuzz_nccl_log.cpp"

rebuild=1
if [ -x "$exe" ]; then
  rebuild=0
  for f in $sources "$src"/model/nccl/*.h "$src"/model/engine/collectives.h "$src"/model/engine/plan.h \
           "$src"/model/engine/enginetext.h \
           "$src"/tests/fuzz/reference_hardware.h "$src"/tests/fuzz/sentencecheck.h; do
    if [ "$f" -nt "$exe" ]; then rebuild=1; fi
  done
fi
if [ "$rebuild" = 1 ]; then
  echo "building $exe with $cxx"
  # shellcheck disable=SC2086
  "$cxx" -std=c++20 -g -O1 -Wall -Wextra -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$src/model" $sources -o "$exe.tmp"
  mv "$exe.tmp" "$exe"
fi

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
exec "$exe" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -dict="$src/tests/fuzz/nccl.dict" -print_final_stats=1 -artifact_prefix="$work/" \
  "$work/corpus" "$src/tests/fixtures/nccl"
