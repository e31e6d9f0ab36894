#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A long fuzzing campaign on one libFuzzer target, with a corpus that persists between campaigns.
#   tests/fuzz/campaign.sh TARGET RUNS_OR_SECONDS
#     TARGET           scenario | presets | nccl | training | comparison   (or fuzz_scenario,
#                      fuzz_presets, fuzz_nccl_log, fuzz_training_log, fuzz_comparison)
#     RUNS_OR_SECONDS  a number of executions (10000000), or a duration with a unit (600s, 90m, 2h)
# Environment:
#   FUZZ_BUILD_DIR  the clang build of preset "fuzz" (default: build-fuzz); configured and built
#                   here when needed (cmake --preset fuzz)
#   NICE            niceness of the fuzzer (default 10: leaves a core to everyone else)
#   MAX_SECONDS     with a number of runs: stop after this many seconds all the same
#   KEEP_GOING=1    fork mode: carry on after a crash, a timeout or an OOM (each one is saved).
#                   To stop it early, SIGTERM the parent fuzzer process (libFuzzer 14 ignores
#                   SIGINT there), then its current job; the summary is still written.
# One process, one core. Everything lands in FUZZ_BUILD_DIR/campaign/TARGET/:
#   corpus/      the persistent corpus (reused by the next campaign; the seeds are read only)
#   artifacts/   crash-*, leak-*, timeout-*, oom-* inputs (copy reproducers to tests/fuzz/findings/)
#   log-*.txt    libFuzzer's output;  summary.txt  one line per campaign (execs, exec/s, cov, ft...)
set -euo pipefail

usage() { sed -n '2,16p' "$0" >&2; exit 2; }
[ $# -eq 2 ] || usage
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
case "$1" in
  scenario|fuzz_scenario) target=fuzz_scenario ;;
  presets|fuzz_presets) target=fuzz_presets ;;
  nccl|nccl_log|fuzz_nccl_log) target=fuzz_nccl_log ;;
  training|training_log|fuzz_training_log) target=fuzz_training_log ;;
  comparison|fuzz_comparison) target=fuzz_comparison ;;
  *) echo "campaign.sh: unknown target '$1'" >&2; usage ;;
esac
amount=$2
case "$amount" in
  *[0-9]s) limit=(-max_total_time="${amount%s}") ;;
  *[0-9]m) limit=(-max_total_time="$(( ${amount%m} * 60 ))") ;;
  *[0-9]h) limit=(-max_total_time="$(( ${amount%h} * 3600 ))") ;;
  *[!0-9]*|"") echo "campaign.sh: '$amount' is neither a number of runs nor a duration" >&2; usage ;;
  *) limit=(-runs="$amount") ;;
esac
if [ -n "${MAX_SECONDS:-}" ] && [[ "${limit[0]}" == -runs=* ]]; then limit+=(-max_total_time="$MAX_SECONDS"); fi

build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
nice_level=${NICE:-10}
if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=()
  if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  cmake -S "$root" --preset fuzz -B "$build" "${launcher[@]}" >/dev/null
fi
nice -n "$nice_level" cmake --build "$build" --target "$target"
mapfile -t seeds < <(grep -v '^$' "$build/tests/fuzz/$target.seeds")
dict=$(head -n1 "$build/tests/fuzz/$target.dict.path")

work="$build/campaign/$target"
mkdir -p "$work/corpus" "$work/artifacts"
# A private copy: a rebuild of the target during the campaign must not change the fork-mode jobs.
exe="$work/$target"
cp "$build/tests/fuzz/$target" "$exe.tmp"
mv "$exe.tmp" "$exe"
stamp=$(date +%Y%m%d-%H%M%S)
log="$work/log-$stamp.txt"
mode=()
if [ "${KEEP_GOING:-0}" = 1 ]; then
  mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:allow_user_segv_handler=0:check_initialization_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
echo "==> $target, ${limit[*]}, corpus $work/corpus ($(find "$work/corpus" -type f | wc -l) inputs), log $log"
start=$(date +%s)
set +e
nice -n "$nice_level" "$exe" "${limit[@]}" "${mode[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -dict="$dict" -print_final_stats=1 -artifact_prefix="$work/artifacts/" -close_fd_mask=1 \
  "$work/corpus" "${seeds[@]}" >"$log" 2>&1
status=$?
set -e
secs=$(( $(date +%s) - start ))

# The figures: libFuzzer's final stats (non-fork mode), else its last status line.
stat() { grep -o "^stat::$1: *[0-9]*" "$log" | tail -n1 | grep -o '[0-9]*$' || true; }
execs=$(stat number_of_executed_units)
rate=$(stat average_exec_per_sec)
rss=$(stat peak_rss_mb)
last=$(grep -E '^#[0-9]+' "$log" | tail -n1 || true)
# Fork mode (KEEP_GOING=1): the parent's own stats count nothing; its status lines count the jobs.
if [ -z "$execs" ] || [ "$execs" = 0 ]; then
  execs=$(sed -n 's/^#\([0-9]*\).*/\1/p' <<<"$last")
  rate=""
fi
if [ -z "$rate" ] && [ -n "$execs" ] && [ "$secs" -gt 0 ]; then rate=$(( execs / secs )); fi
cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || true)
corp=$(find "$work/corpus" -type f | wc -l)
total_found=$(find "$work/artifacts" -type f | wc -l)
line="$stamp target=$target limit=${limit[*]} status=$status seconds=$secs execs=${execs:-?} exec_per_s=${rate:-?} cov=${cov:-?} ft=${ft:-?} corpus=$corp peak_rss_mb=${rss:-?} artifacts=$total_found"
echo "$line" >>"$work/summary.txt"
echo "$line"
if [ "$total_found" -gt 0 ]; then
  echo "artifacts (reproduce: $exe FILE):"
  ls -1 "$work/artifacts"
fi
exit "$status"
