#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails (exit 1) when a tracked C++ file is not as clang-format 14 lays it out with .clang-format,
# listing each such file; exit 2 when clang-format 14 is missing. Run from anywhere in the
# repository. CLANG_FORMAT overrides the binary (another major version lays code out differently).
#   tests/check-format.sh            check every tracked *.cpp and *.h
#   tests/check-format.sh FILE...    check these files only
# To fix a file: clang-format-14 -i FILE.
set -eu
root=$(git rev-parse --show-toplevel)
cd "$root"
cf=${CLANG_FORMAT:-}
if [ -z "$cf" ]; then
  for c in clang-format-14 clang-format; do
    if command -v "$c" >/dev/null 2>&1; then cf=$c; break; fi
  done
fi
if [ -z "$cf" ] || ! "$cf" --version | grep -q 'version 14\.'; then
  echo "check-format: clang-format 14 is needed (apt-get install clang-format-14), or set CLANG_FORMAT" >&2
  exit 2
fi
if [ "$#" -gt 0 ]; then
  files=$(printf '%s\n' "$@")
else
  files=$(git ls-files '*.cpp' '*.h')
fi
bad=0
for f in $files; do
  if ! "$cf" --style=file --dry-run --Werror "$f" >/dev/null 2>&1; then
    lines=$("$cf" --style=file "$f" | diff -U0 "$f" - | grep -c '^[-+][^-+]' || true)
    echo "not formatted: $f ($lines lines differ; fix with: $cf -i $f)"
    bad=$((bad + 1))
  fi
done
if [ "$bad" -gt 0 ]; then
  echo "check-format: $bad of $(echo "$files" | wc -l) files are not formatted" >&2
  exit 1
fi
echo "check-format: $(echo "$files" | wc -l) files formatted"
