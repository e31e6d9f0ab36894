#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The 120-column limit of C++ files (*.cpp, *.h under model/, ui/, app/ and tests/; a tab counts
# as one column, a UTF-8 character as one).
#   tests/check-columns.sh             every line of every tracked file: the lines over the limit,
#                                      counted per file, exit 1 when there is any
#   tests/check-columns.sh --diff REF  only the lines added since REF (git diff REF), e.g. before a
#                                      commit: tests/check-columns.sh --diff HEAD; a line the diff
#                                      also removes (moved code) is not counted
#   tests/check-columns.sh --changed   the lines added since the diff base (tests/diff-base.sh:
#                                      where the branch left main, or the last commit); the ctest
#                                      test check_columns; exit 77 (skipped) without a git history
#   tests/check-columns.sh FILE...     these files only
set -eu
limit=120
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

if [ "${1:-}" = "--changed" ]; then
  if ! base=$(sh tests/diff-base.sh); then
    echo "check-columns: no git history to compare with; skipped"
    exit 77
  fi
  echo "check-columns: the lines added since $(git log -1 --format='%h %s' "$base")"
  set -- --diff "$base"
fi

if [ "${1:-}" = "--diff" ]; then
  ref=${2:?usage: check-columns.sh --diff REF}
  # + lines of the diff with the file they belong to; count characters, not bytes.
  out=$(git diff -U0 --no-color "$ref" -- 'model/*.cpp' 'model/*.h' 'ui/*.cpp' 'ui/*.h' 'app/*.cpp' \
          'app/*.h' 'tests/*.cpp' 'tests/*.h' \
        | LC_ALL=C awk -v limit="$limit" '
            function key(t) { gsub(/^[ \t]+|[ \t]+$/, "", t); return t }
            /^--- / { next }
            /^\+\+\+ / { file = substr($0, 7); next }
            /^@@ / { split($3, a, ","); line = substr(a[1], 2) + 0; next }
            /^-/ { removed[key(substr($0, 2))] = 1; next }
            /^\+/ { text = substr($0, 2); n = text; gsub(/[\200-\277]/, "", n)
                    if (length(n) > limit) { long[++count] = sprintf("%s:%d: %d columns", file, line, length(n)); what[count] = key(text) }
                    line++ }
            # a line the change moves (removed elsewhere in it) is not a new line: splitting a
            # file keeps its old long lines until they are wrapped
            END { for (i = 1; i <= count; i++) if (!(what[i] in removed)) print long[i] }')
  if [ -n "$out" ]; then
    printf '%s\n' "$out" >&2
    echo "check-columns: $(printf '%s\n' "$out" | wc -l) added lines are longer than $limit columns" >&2
    exit 1
  fi
  echo "check-columns: no added line is longer than $limit columns"
  exit 0
fi

if [ "$#" -gt 0 ]; then
  files=$(printf '%s\n' "$@")
else
  files=$(git ls-files -- 'model/*.cpp' 'model/*.h' 'ui/*.cpp' 'ui/*.h' 'app/*.cpp' 'app/*.h' 'tests/*.cpp' \
            'tests/*.h')
fi
# shellcheck disable=SC2086
if [ "$#" -gt 0 ]; then
  # the files asked for: each line over the limit
  out=$(LC_ALL=C awk -v limit="$limit" '
          { n = $0; gsub(/[\200-\277]/, "", n); if (length(n) > limit) printf "%s:%d: %d columns\n", FILENAME, FNR, length(n) }' $files)
else
  # the whole tree: how many per file
  out=$(LC_ALL=C awk -v limit="$limit" '
          { n = $0; gsub(/[\200-\277]/, "", n); if (length(n) > limit) { count[FILENAME]++; total++ } }
          END { for (f in count) printf "%6d %s\n", count[f], f; if (total) printf "%6d lines in all\n", total }' $files \
        | sort -n)
fi
if [ -n "$out" ]; then
  printf '%s\n' "$out" >&2
  echo "check-columns: lines longer than $limit columns (above)" >&2
  exit 1
fi
echo "check-columns: no line is longer than $limit columns"
