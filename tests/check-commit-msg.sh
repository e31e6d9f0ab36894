#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The commit-msg hook (.githooks/commit-msg) lets through a subject of at most 72 characters, a
# blank line and a body, and refuses each other shape. ctest runs it as check_commit_msg.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
hook="$here/.githooks/commit-msg"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
# expect ok|refused MESSAGE (printf format)
expect() {
  printf "$2" > "$tmp/msg"
  if sh "$hook" "$tmp/msg" 2>"$tmp/err"; then got=ok; else got=refused; fi
  if [ "$got" != "$1" ]; then
    echo "check-commit-msg: expected $1, got $got for:" >&2
    sed 's/^/  | /' "$tmp/msg" >&2
    failures=$((failures + 1))
  fi
}
s72=$(printf 'x%.0s' $(seq 1 72))
expect ok "Subject\n\nWhy the change is made.\n"
expect ok "$s72\n\nBody.\n"
expect ok "Subject with 中文 and é: $(printf 'x%.0s' $(seq 1 49))\n\nBody.\n"
expect ok "Subject\n\n# a comment git strips\nBody.\n"
expect ok "Subject\n\nBody.\n# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n"
expect ok "Merge branch 'topic'\n"
expect ok "fixup! Subject\n"
expect refused "${s72}x\n\nBody.\n"
expect refused "Subject\nBody on the second line.\n"
expect refused "Subject\n"
expect refused "Subject\n\n\n"
expect refused "Subject\n\n# only a comment\n"
expect refused "\n\nBody.\n"
expect refused "Subject with 中文 and é: $(printf 'x%.0s' $(seq 1 50))\n\nBody.\n"
if [ "$failures" -gt 0 ]; then
  exit 1
fi
echo "check-commit-msg: the hook accepts and refuses as it should"
