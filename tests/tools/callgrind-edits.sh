#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Instructions the GUI thread spends per edit of one kind, counted by callgrind, so independent
# of the machine's load: bench_gui --callgrind-kind dumps the counts before and after each edit
# of that kind (from the edit to its ranges painted), and this sums the GUI thread's dumps of
# those edits. KIND: nodes, pipeline_depth, dp_overlap_slider, gpu_preset, global_batch or all.
# Prints the instructions of each edit and their mean, in millions.
# Usage: tests/tools/callgrind-edits.sh [BUILD_DIR] [KIND] [EDITS]
set -euo pipefail
build=${1:-build}
kind=${2:-gpu_preset}
edits=${3:-100}
bench="$build/tests/bench_gui"
[ -x "$bench" ] || { echo "no $bench: build the bench_gui target first" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
QT_QPA_PLATFORM=offscreen valgrind --tool=callgrind --separate-threads=yes \
  --callgrind-out-file="$out/cg" "$bench" --edits "$edits" --callgrind-kind "$kind" >/dev/null 2>&1
python3 - "$out" <<'PY'
import glob, re, statistics, sys
counts = []
for f in sorted(glob.glob(sys.argv[1] + "/cg.*-01"), key=lambda p: int(re.search(r"cg\.(\d+)-01$", p)[1])):
    text = open(f).read()
    if "Client Request: edit " not in text:
        continue
    counts.append(int(re.search(r"^totals: (\d+)", text, re.M)[1]) / 1e6)
if not counts:
    sys.exit("no edit of that kind was dumped")
print("edits:", len(counts))
print("million instructions per edit:", " ".join(f"{c:.1f}" for c in counts))
print(f"mean {statistics.mean(counts):.1f}, median {statistics.median(counts):.1f}, max {max(counts):.1f}")
PY
