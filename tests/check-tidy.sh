#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-tidy with the project's checks (.clang-tidy: bugprone-*, performance-*,
# readability-function-size at 80 lines) on what a change brings, so that it runs in test time
# on a small machine (clang-tidy takes 5 to 15 s of CPU per file; the whole tree, 75 files,
# about 10 minutes of CPU).
#   tests/check-tidy.sh BUILD_DIR           the C++ files of model/, ui/ and app/ changed since the
#                                           diff base (tests/diff-base.sh: where the branch left
#                                           main, or the last commit), and the .cpp of a changed
#                                           header; findings on the changed lines only. The ctest
#                                           test check_tidy.
#   tests/check-tidy.sh BUILD_DIR FILE...   these files, every line
# BUILD_DIR holds compile_commands.json (CMakeLists.txt always writes it). Exit 0 when clean, 1 on
# a finding, 77 (ctest: skipped) without clang-tidy or a git history. CLANG_TIDY overrides the
# binary; COMMTAX_TIDY_MAX_FILES (default 30) bounds the run.
set -u
build=${1:?usage: check-tidy.sh BUILD_DIR [FILE...]}
shift
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
case "$build" in /*) ;; *) build=$root/$build ;; esac

tidy=${CLANG_TIDY:-}
if [ -z "$tidy" ]; then
  for c in clang-tidy-14 clang-tidy; do
    if command -v "$c" >/dev/null 2>&1; then tidy=$c; break; fi
  done
fi
if [ -z "$tidy" ]; then
  echo "check-tidy: clang-tidy is not installed (Debian: apt-get install clang-tidy); skipped"
  exit 77
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "check-tidy: no $build/compile_commands.json (configure the build first); skipped"
  exit 77
fi

filter=
base=
if [ "$#" -gt 0 ]; then
  files=$(printf '%s\n' "$@")
  what="$# files named"
else
  if ! base=$(sh tests/diff-base.sh); then
    echo "check-tidy: no git history to compare with; skipped"
    exit 77
  fi
  what="the changes since $(git log -1 --format='%h %s' "$base")"
  changed=$(git diff --name-only --diff-filter=AMR "$base" -- 'model/*.cpp' 'model/*.h' 'ui/*.cpp' 'ui/*.h' \
              'app/*.cpp' 'app/*.h')
  # the translation units: changed .cpp files, and the .cpp beside a changed header
  files=$(for f in $changed; do
            case "$f" in
              *.cpp) echo "$f" ;;
              *.h) [ -f "${f%.h}.cpp" ] && echo "${f%.h}.cpp" ;;
            esac
          done | sort -u)
fi
if [ -z "$files" ]; then
  echo "check-tidy: no C++ file of model/, ui/ or app/ in $what; nothing to check"
  exit 0
fi
if [ -n "${base:-}" ]; then
  # clang-tidy's -line-filter: report only on the lines the change added, in every changed file;
  # a line the change also removes (moved code: a file split, a function moved) is not new
  filter=$(git diff -U0 --no-color "$base" -- $changed | awk '
    function key(t) { gsub(/^[ \t]+|[ \t]+$/, "", t); return t }
    /^--- / { next }
    /^\+\+\+ / { file = substr($0, 7); next }
    /^@@ / { split($3, a, ","); line = substr(a[1], 2) + 0; next }
    /^-/ { removed[key(substr($0, 2))] = 1; next }
    /^\+/ { n++; af[n] = file; al[n] = line; ak[n] = key(substr($0, 2)); line++ }
    END {
      for (i = 1; i <= n; i++) {
        if (ak[i] in removed) continue
        f = af[i]
        if (f == lastf && al[i] == end + 1) { end = al[i]; continue }
        if (lastf != "") ranges[lastf] = ranges[lastf] (ranges[lastf] == "" ? "" : ",") "[" start "," end "]"
        lastf = f; start = al[i]; end = al[i]
      }
      if (lastf != "") ranges[lastf] = ranges[lastf] (ranges[lastf] == "" ? "" : ",") "[" start "," end "]"
      sep = ""; printf "["; for (f in ranges) { printf "%s{\"name\":\"%s\",\"lines\":[%s]}", sep, f, ranges[f]; sep = "," }
      printf "]" }')
  if [ "$filter" = "[]" ]; then
    echo "check-tidy: $what only remove or move lines; nothing to check"
    exit 0
  fi
fi
count=$(printf '%s\n' "$files" | wc -l)
max=${COMMTAX_TIDY_MAX_FILES:-30}
if [ "$count" -gt "$max" ]; then
  echo "check-tidy: $count files in $what, more than COMMTAX_TIDY_MAX_FILES=$max; checking the first $max"
  files=$(printf '%s\n' "$files" | head -n "$max")
fi

echo "check-tidy: $($tidy --version | grep -o 'version [0-9.]*') on $count files ($what)"
start=$(date +%s)
# The build's flags are g++'s: clang gets the exemption CMakeLists.txt gives it
# (-Wno-overloaded-virtual: ChartView::draw) and ignores g++-only warning options.
extra="--extra-arg=-Wno-overloaded-virtual --extra-arg=-Wno-unknown-warning-option"
out=$(for f in $files; do
        if [ -n "$filter" ]; then
          "$tidy" -p "$build" --quiet $extra --line-filter="$filter" "$f" 2>/dev/null
        else
          "$tidy" -p "$build" --quiet $extra "$f" 2>/dev/null
        fi
      done | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error):' | sort -u)
took=$(( $(date +%s) - start ))
if [ -n "$out" ]; then
  printf '%s\n' "$out"
  echo "check-tidy: $(printf '%s\n' "$out" | wc -l) findings in $took s (fix them, or say why in a NOLINT comment)" >&2
  exit 1
fi
echo "check-tidy: no finding in $took s"
