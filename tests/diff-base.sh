#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The commit a change is checked against by tests/check-columns.sh --changed and tests/check-tidy.sh:
#   1. COMMTAX_DIFF_BASE when set (a commit, branch or tag);
#   2. where the branch left main (git merge-base HEAD main, else origin/main), unless that is
#      HEAD itself;
#   3. else the commit before HEAD (on main: what the last commit or merge brought in).
# Prints the commit's hash; prints nothing (exit 1) outside a git checkout or in one of one commit.
set -u
cd "$(dirname "$0")/.." || exit 1
git rev-parse --verify -q HEAD >/dev/null 2>&1 || exit 1
if [ -n "${COMMTAX_DIFF_BASE:-}" ]; then
  git rev-parse --verify -q "$COMMTAX_DIFF_BASE^{commit}" || exit 1
  exit 0
fi
head=$(git rev-parse HEAD)
for ref in main origin/main; do
  if base=$(git merge-base HEAD "$ref" 2>/dev/null) && [ "$base" != "$head" ]; then
    echo "$base"
    exit 0
  fi
done
git rev-parse --verify -q HEAD~1 || exit 1
