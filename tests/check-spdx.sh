#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails (exit 1) when a source file lacks the licence header line
#   SPDX-License-Identifier: GPL-3.0-or-later
# in its first 5 lines, listing each such file. Source files: C++ (*.cpp, *.h), CMake
# (CMakeLists.txt, *.cmake), shell and Python scripts (*.sh, *.py, *.bash), Qt Designer and
# resource files (*.ui, *.qrc), and the bash completion script. Data (JSON presets, logs,
# fixtures) and documents are covered by packaging/copyright instead.
#   tests/check-spdx.sh            check every tracked and every new (untracked, not ignored) file
#   tests/check-spdx.sh FILE...    check these files only
# Run from anywhere in the repository; without git (a source tarball), every file under the
# source root is checked. ctest runs it as check_spdx.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
if [ "$#" -gt 0 ]; then
  files=$(printf '%s\n' "$@")
elif git rev-parse --show-toplevel >/dev/null 2>&1; then
  files=$(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.h' '*.cmake' 'CMakeLists.txt' \
    '*/CMakeLists.txt' '*.sh' '*.py' '*.bash' '*.ui' '*.qrc' 'packaging/commtax.bash-completion' \
    | grep -v '^tests/fixtures/')
else
  files=$(find . -path './build*' -prune -o -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.cmake' \
    -o -name CMakeLists.txt -o -name '*.sh' -o -name '*.py' -o -name '*.bash' -o -name '*.ui' \
    -o -name '*.qrc' -o -name 'commtax.bash-completion' \) -print | sed 's|^\./||')
fi
if [ -z "$files" ]; then
  echo "check-spdx: no source files found" >&2
  exit 1
fi
bad=0
n=0
for f in $files; do
  [ -f "$f" ] || continue # deleted in the work tree but still in the index
  n=$((n + 1))
  if ! head -n 5 "$f" | grep -Eq 'SPDX-License-Identifier: GPL-3\.0-or-later([^-A-Za-z0-9.+]|$)'; then
    echo "no licence header: $f (add a line 'SPDX-License-Identifier: GPL-3.0-or-later' in a comment at the top)"
    bad=$((bad + 1))
  fi
done
if [ "$bad" -gt 0 ]; then
  echo "check-spdx: $bad of $n source files lack the SPDX-License-Identifier line" >&2
  exit 1
fi
echo "check-spdx: $n source files carry SPDX-License-Identifier: GPL-3.0-or-later"
