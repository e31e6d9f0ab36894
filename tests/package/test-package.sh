#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test_package: build the Debian package (cpack -G DEB, into a temporary folder, so the build
# directory's own package is left alone; cpack must refuse it without a maintainer or with a
# placeholder address, and the test's own package gets one on the .invalid domain when the build
# has none), unpack it with dpkg -x into a temporary root and check
# it as installed: every file the package must ship, the control fields, the installed binary
# (--version, presets, evaluate, report offscreen on an installed example scenario, `commtax FILE`
# opening the plan), the desktop entry (desktop-file-validate), the AppStream metainfo
# (appstreamcli validate --no-net, validate-tree), the MIME type (update-mime-database), the bash
# completion, and lintian (0 errors, 0 warnings; skipped with a note when lintian is missing).
#   test-package.sh CPACK BUILD_DIR VERSION
# Every check runs; the exit status is 1 when any failed.
set -uo pipefail
cpack=$1 build=$2 version=$3

tmp=$(mktemp -d "${TMPDIR:-/tmp}/commtax-package.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
need() { command -v "$1" >/dev/null 2>&1 || { fail "$1 is not installed (package $2; packaging/setup.sh test installs it)"; return 1; }; }

# ---- the maintainer (packaging/cpack-project.cmake): the project has no address of its own, so
# cpack refuses a package without a maintainer or with a placeholder address instead of shipping one.
configured=$(sed -n 's/^set(CPACK_PACKAGE_CONTACT "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
if "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/placeholder" \
  -D "CPACK_PACKAGE_CONTACT=Commtax maintainers <maintainers@commtax.example.org>" >"$tmp/placeholder.log" 2>&1; then
  fail "cpack built a package whose maintainer has a placeholder address (example.org)"
else
  grep -q "is a placeholder" "$tmp/placeholder.log" || fail "cpack failed without saying the maintainer is a placeholder: $(cat "$tmp/placeholder.log")"
fi
if [ -z "$configured" ]; then
  if "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/none" >"$tmp/none.log" 2>&1; then
    fail "cpack built a package without a maintainer"
  else
    grep -q "has no maintainer" "$tmp/none.log" || fail "cpack failed without saying the package has no maintainer: $(cat "$tmp/none.log")"
  fi
  # This build has none (COMMTAX_MAINTAINER, DEBFULLNAME/DEBEMAIL): the test's package, thrown away
  # at the end, gets one on the reserved .invalid domain (RFC 2606), which can never be a real address.
  maintainer="Commtax package test <package-test@commtax.invalid>"
else
  maintainer=$configured
fi
ok "maintainer: $maintainer"

# ---- the package
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/out" -D "CPACK_PACKAGE_CONTACT=$maintainer" >"$tmp/cpack.log" 2>&1; then
  cat "$tmp/cpack.log" >&2
  echo "FAIL: cpack -G DEB failed" >&2
  exit 1
fi
deb=$(ls "$tmp"/out/commtax_*.deb 2>/dev/null | head -n 1)
if [ -z "$deb" ]; then
  cat "$tmp/cpack.log" >&2
  echo "FAIL: cpack wrote no commtax_*.deb" >&2
  exit 1
fi
ok "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"

# ---- control fields
[ "$(dpkg-deb -f "$deb" Package)" = commtax ] || fail "Package is not commtax"
[ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ] || fail "Version is '$(dpkg-deb -f "$deb" Version)', expected $version-1"
! dpkg-deb -f "$deb" Homepage | grep -qE 'example\.(org|com|net)\b' || fail "Homepage is a placeholder: $(dpkg-deb -f "$deb" Homepage)"
[ "$(dpkg-deb -f "$deb" Maintainer)" = "$maintainer" ] || fail "Maintainer is '$(dpkg-deb -f "$deb" Maintainer)', expected '$maintainer'"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
names=$(printf '%s\n' "$depends" | tr ',|' '\n\n' | sed 's/(.*)//; s/^ *//; s/ *$//' | grep -v '^$')
for p in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6sql6 \
  libqcustomplot2.1-qt6 libxlsxwriter4 libqt6sql6-sqlite libqt6svg6 qt6-qpa-plugins fonts-noto-cjk; do
  grep -qx -- "$p" <<<"$names" || fail "Depends lacks $p"
done
dups=$(printf '%s\n' "$names" | sort | uniq -d)
[ -z "$dups" ] || fail "Depends names a package more than once: $(echo $dups)"

# ---- files
root=$tmp/root
dpkg -x "$deb" "$root" || { echo "FAIL: dpkg -x failed" >&2; exit 1; }
share=$root/usr/share
# The AppStream id names the desktop entry and the metainfo (COMMTAX_APP_ID in packaging/CPackConfig.cmake).
desktops=$(cd "$share/applications" 2>/dev/null && ls -- *.desktop)
[ "$(grep -c . <<<"$desktops")" = 1 ] || fail "expected one desktop entry, found: $(echo $desktops)"
appid=$(printf '%s\n' "$desktops" | head -n 1 | sed 's/\.desktop$//')
for f in usr/bin/commtax \
  "usr/share/applications/$appid.desktop" "usr/share/metainfo/$appid.metainfo.xml" \
  usr/share/mime/packages/commtax.xml usr/share/icons/hicolor/scalable/apps/commtax.svg \
  usr/share/man/man1/commtax.1.gz usr/share/bash-completion/completions/commtax \
  usr/share/doc/commtax/copyright usr/share/doc/commtax/changelog.Debian.gz \
  usr/share/lintian/overrides/commtax \
  usr/share/commtax/scenarios/llama2-70b-h100.json usr/share/commtax/scenarios/compare-1-h100.json; do
  [ -f "$root/$f" ] || fail "the package lacks /$f"
done
[ -x "$root/usr/bin/commtax" ] || fail "/usr/bin/commtax is not executable"
scenarios=$(ls "$share"/commtax/scenarios/*.json 2>/dev/null | wc -l)
[ "$scenarios" -ge 8 ] || fail "only $scenarios example scenarios in /usr/share/commtax/scenarios"
# PNG icons: the size in each PNG's header must be its folder's.
for size in 16 22 24 32 48 64 128 256 512; do
  png=$share/icons/hicolor/${size}x${size}/apps/commtax.png
  if [ ! -f "$png" ]; then
    fail "no ${size}x${size} PNG icon"
    continue
  fi
  read -r w1 w2 w3 w4 h1 h2 h3 h4 < <(od -An -tu1 -j16 -N8 "$png")
  w=$(((w1 << 24) | (w2 << 16) | (w3 << 8) | w4)) h=$(((h1 << 24) | (h2 << 16) | (h3 << 8) | h4))
  [ "$(head -c 4 "$png" | od -An -tx1 | tr -d ' ')" = 89504e47 ] || fail "$png is not a PNG"
  [ "$w" = "$size" ] && [ "$h" = "$size" ] || fail "icon ${size}x${size} is ${w}x${h}"
done
# Compressed without a name or time stamp (gzip -9n): bytes 4-7 (mtime) are 0, FLG has no FNAME.
for gz in "$share/doc/commtax/changelog.Debian.gz" "$share/man/man1/commtax.1.gz"; do
  [ -f "$gz" ] || continue
  gzip -t "$gz" || fail "$gz is not valid gzip"
  [ "$(od -An -tu1 -j3 -N5 "$gz" | tr -s ' ')" = " 0 0 0 0 0" ] || fail "$gz has a file name or time stamp (gzip -n)"
done
zcat "$share/doc/commtax/changelog.Debian.gz" 2>/dev/null | head -n 1 | grep -q "^commtax ($version-1) " \
  || fail "changelog.Debian.gz does not start with the entry of $version-1"
zcat "$share/doc/commtax/changelog.Debian.gz" 2>/dev/null | grep -qF -- " -- $maintainer  " \
  || fail "changelog.Debian.gz is not signed by the maintainer $maintainer"
head -n 1 "$share/doc/commtax/copyright" 2>/dev/null \
  | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
  || fail "copyright is not in the machine-readable format (DEP-5)"
grep -q '^License: GPL-3+' "$share/doc/commtax/copyright" 2>/dev/null || fail "copyright does not name GPL-3+"
man=$(zcat "$share/man/man1/commtax.1.gz" 2>/dev/null)
grep -q '^\.TH COMMTAX "1"' <<<"$man" || fail "the manual page has no .TH COMMTAX 1 header"
for word in evaluate sweep report calibrate GPL-3.0-or-later; do
  grep -q -- "$word" <<<"$man" || fail "the manual page does not mention $word"
done

# ---- the installed binary, in a private home (settings, preset library, runtime dir)
home=$tmp/home
mkdir -p "$home/config" "$home/data" "$home/runtime"
chmod 700 "$home/runtime"
in_home=(env HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$home/runtime"
  COMMTAX_LIBRARY="$home/library.sqlite" QT_QPA_PLATFORM=offscreen)
run() {
  "${in_home[@]}" "$root/usr/bin/commtax" "$@"
}
out=$(run --version 2>&1) || fail "commtax --version exited $?"
grep -q "^commtax $version " <<<"$out" || fail "commtax --version printed: $out"
out=$(run presets 2>&1) || fail "commtax presets exited $?"
for id in h100-sxm llama2-70b dgx-h100; do
  grep -q -- "$id" <<<"$out" || fail "commtax presets does not list $id"
done
out=$(run evaluate "$share/commtax/scenarios/llama2-70b-h100.json" --json 2>&1) || fail "commtax evaluate exited $?: $out"
grep -q '"comm_tax_exposed"' <<<"$out" || fail "commtax evaluate --json has no comm_tax_exposed"
if run report "$share"/commtax/scenarios/compare-*.json -o "$tmp/report.pdf" >"$tmp/report.log" 2>&1; then
  [ "$(head -c 5 "$tmp/report.pdf")" = "%PDF-" ] || fail "report.pdf is not a PDF"
  [ "$(wc -c <"$tmp/report.pdf")" -gt 20000 ] || fail "report.pdf is only $(wc -c <"$tmp/report.pdf") bytes"
  if command -v pdftotext >/dev/null 2>&1; then
    pdftotext "$tmp/report.pdf" "$tmp/report.txt" && grep -q "Page 1 of" "$tmp/report.txt" \
      || fail "report.pdf has no 'Page 1 of' footer"
  fi
else
  cat "$tmp/report.log" >&2
  fail "commtax report (offscreen) failed"
fi
run report "$share"/commtax/scenarios/compare-*.json -o "$tmp/report.csv" >/dev/null 2>&1 \
  && grep -q '^plan,reference,' "$tmp/report.csv" || fail "commtax report -o report.csv failed"
# The xlsx report: the installed binary finds libxlsxwriter (a Depends) and writes a zip.
run report "$share"/commtax/scenarios/compare-*.json -o "$tmp/report.xlsx" >/dev/null 2>&1 \
  && [ "$(head -c 2 "$tmp/report.xlsx")" = PK ] || fail "commtax report -o report.xlsx failed"
# A word that is neither a command nor a path stays a usage error (exit 2).
run no-such-command >/dev/null 2>&1
[ $? -eq 2 ] || fail "commtax no-such-command did not exit 2"
# `commtax FILE` (the desktop entry's %f) starts the app with that plan: still running after a few
# seconds, and the plan is the most recent file in the settings the app writes.
plan=$share/commtax/scenarios/llama2-13b-a100.json
# Not through run(): a function in the background is a subshell, and killing it would leave the app
# running; env execs the app, so $! is the app's own process.
"${in_home[@]}" "$root/usr/bin/commtax" "$plan" >"$tmp/gui.log" 2>&1 &
gui=$!
opened=no
for _ in $(seq 1 80); do # up to 20 s on a loaded machine
  sleep 0.25
  if grep -rqs -- "llama2-13b-a100.json" "$home/config"; then opened=yes; break; fi
  kill -0 "$gui" 2>/dev/null || break
done
if kill -0 "$gui" 2>/dev/null; then
  kill "$gui"
  wait "$gui" 2>/dev/null
  [ "$opened" = yes ] || fail "commtax FILE ran but the plan is not among the recent files: $(cat "$tmp/gui.log")"
else
  wait "$gui"
  fail "commtax FILE exited (status $?) instead of opening the app: $(cat "$tmp/gui.log")"
fi

# ---- desktop entry, metainfo, MIME type
desktop=$share/applications/$appid.desktop
if need desktop-file-validate desktop-file-utils; then
  desktop-file-validate "$desktop" || fail "desktop-file-validate $appid.desktop"
fi
grep -qx 'Exec=commtax %f' "$desktop" || fail "the desktop entry's Exec is not 'commtax %f'"
grep -q '^Keywords=' "$desktop" || fail "the desktop entry has no Keywords"
grep -qx 'MimeType=application/x-commtax-scenario;' "$desktop" || fail "the desktop entry has no scenario MimeType"
main=$(sed -n 's/^Categories=//p' "$desktop" | tr ';' '\n' \
  | grep -cxE 'AudioVideo|Audio|Video|Development|Education|Game|Graphics|Network|Office|Science|Settings|System|Utility')
[ "$main" = 1 ] || fail "the desktop entry has $main main categories, not 1"
if need appstreamcli appstream; then
  appstreamcli validate --no-net "$share/metainfo/$appid.metainfo.xml" || fail "appstreamcli validate"
  appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
  # No placeholder address (the project has no website yet: no <url>, no screenshots under it).
  ! grep -qE 'https?://[^"<]*example\.(org|com|net)' "$share/metainfo/$appid.metainfo.xml" || fail "metainfo with a placeholder address"
  if grep -q '<url type="homepage">' "$share/metainfo/$appid.metainfo.xml"; then
    grep -q '<screenshot type="default">' "$share/metainfo/$appid.metainfo.xml" || fail "metainfo without a default screenshot"
  fi
  grep -q "<release version=\"$version\"" "$share/metainfo/$appid.metainfo.xml" || fail "metainfo without release $version"
fi
if need update-mime-database shared-mime-info; then
  mkdir -p "$tmp/mime/packages"
  cp "$share/mime/packages/commtax.xml" "$tmp/mime/packages/"
  update-mime-database "$tmp/mime" 2>/dev/null || fail "update-mime-database refused commtax.xml"
  [ -f "$tmp/mime/application/x-commtax-scenario.xml" ] || fail "the MIME database has no application/x-commtax-scenario"
  grep -q 'x-commtax-scenario:\*\.commtax\.json' "$tmp/mime/globs2" || fail "no *.commtax.json glob"
  grep -q '"commtax-scenario"' "$share/commtax/scenarios/compare-1-h100.json" \
    || fail "the example scenario lacks the string the MIME magic looks for"
fi

# ---- bash completion
complete_words() { # complete_words CWORD WORD... : prints the completions of word CWORD
  local cword=$1
  shift
  bash -c 'source "$0"; COMP_WORDS=("$@"); COMP_CWORD='"$cword"'; _commtax; printf "%s\n" "${COMPREPLY[@]}"' \
    "$share/bash-completion/completions/commtax" "$@" 2>&1
}
words=$(cd "$tmp" && complete_words 1 commtax "")
for c in evaluate presets sweep report calibrate search launch; do
  grep -qx -- "$c" <<<"$words" || fail "bash completion does not offer $c"
done
words=$(complete_words 3 commtax report --normalize b)
grep -qx budget <<<"$words" || fail "bash completion of --normalize offers: $words"
words=$(
  export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" COMMTAX_LIBRARY="$home/library.sqlite"
  complete_words 4 "$root/usr/bin/commtax" sweep plan.json --hardware h1
)
[ "$words" = "$(printf 'h100-sxm\nh100-sxm-96gb-500w')" ] || fail "bash completion of --hardware h1 offers '$words', not the two H100 presets"
words=$(cd "$share/commtax/scenarios" && complete_words 2 commtax evaluate llama2-7)
[ "$words" = llama2-70b-h100.json ] || fail "bash completion of a scenario file offers '$words'"

# ---- lintian
if command -v lintian >/dev/null 2>&1; then
  # --fail-on counts overridden tags when --show-overrides is given (lintian 2.116): the overrides
  # are listed by a second run.
  lintian --info --display-info --pedantic --fail-on error,warning "$deb" >"$tmp/lintian.log" 2>&1
  status=$?
  lintian --show-overrides "$deb" 2>/dev/null | grep '^O: ' >"$tmp/lintian-overrides.log"
  echo "lintian (errors and warnings fail; info, pedantic and overridden tags are listed):"
  grep -hE '^[EWIPXO]: ' "$tmp/lintian.log" "$tmp/lintian-overrides.log" | sort -u
  if [ $status -ne 0 ] || grep -qE '^[EW]: ' "$tmp/lintian.log"; then
    cat "$tmp/lintian.log" >&2
    fail "lintian found errors or warnings (status $status)"
  fi
else
  echo "SKIPPED: lintian is not installed (apt-get install lintian)"
fi

if [ $failures -gt 0 ]; then
  echo "test_package: $failures checks failed" >&2
  exit 1
fi
echo "test_package: all checks passed"
