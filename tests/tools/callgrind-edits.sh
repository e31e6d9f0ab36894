#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Instructions the GUI thread spends per edit of one kind, counted by callgrind, so independent
# of the machine's load: bench_gui --callgrind-kind dumps the counts before and after each edit
# of that kind (from the edit to its ranges painted), and this sums the GUI thread's dumps of
# those edits. KIND: nodes, pipeline_depth, dp_overlap_slider, gpu_preset, global_batch or all.
# Prints the instructions of each edit and, per kind, their mean, median and maximum, in millions,
# of the whole edit and of its part up to every chart painted (what bench_gui's latency times).
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
counts, painted, by_kind = [], [], {}
for f in sorted(glob.glob(sys.argv[1] + "/cg.*-01"), key=lambda p: int(re.search(r"cg\.(\d+)-01$", p)[1])):
    text = open(f).read()
    label = re.search(r"Client Request: edit (\w+) (painted|ranges)", text)
    if not label:
        continue
    count = int(re.search(r"^totals: (\d+)", text, re.M)[1]) / 1e6
    if label[2] == "painted":  # the edit up to every chart painted; its ranges come next
        painted.append(count)
        continue
    counts.append(painted[-1] + count)
    by_kind.setdefault(label[1], []).append((painted[-1] + count, painted[-1]))
if not counts:
    sys.exit("no edit of that kind was dumped")
print("edits:", len(counts))
print("million instructions per edit:", " ".join(f"{c:.1f}" for c in counts))
def line(name, pairs):
    whole, first = [p[0] for p in pairs], [p[1] for p in pairs]
    print(f"{name}: mean {statistics.mean(whole):.1f}, median {statistics.median(whole):.1f}, max {max(whole):.1f}; "
          f"up to every chart painted mean {statistics.mean(first):.1f}, median {statistics.median(first):.1f}, "
          f"max {max(first):.1f}")
for kind, pairs in by_kind.items():
    line(kind, pairs)
if len(by_kind) > 1:
    line("all", [p for pairs in by_kind.values() for p in pairs])
PY
