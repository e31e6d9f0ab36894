#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Commtax set-up in one command, on Debian 12:
#   packaging/setup.sh run    install what is missing, build, start the app
#                             (no display: say so, print the default comparison, write reports)
#   packaging/setup.sh test   the same set-up, then the whole test suite; then the sanitizer
#                             and fuzz phases below (each runs even when an earlier one failed;
#                             the exit status is non-zero when any failed)
#   packaging/setup.sh sanitize  only the sanitizer phase: clang++ with ASan + UBSan (CMakePresets.json
#                             "asan") in BUILD_DIR-asan, and the whole test suite under it
#   packaging/setup.sh fuzz   only the fuzz phase: the clang libFuzzer targets (preset "fuzz") in
#                             BUILD_DIR-fuzz, each run briefly by ctest (tests/fuzz/campaign.sh runs longer)
# Environment: BUILD_DIR (default: build), COMMTAX_JOBS (default: number of cores).
set -euo pipefail

mode=${1:-run}
case "$mode" in run|test|build|sanitize|fuzz) ;; *) echo "usage: $0 run|test|build|sanitize|fuzz" >&2; exit 2 ;; esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
jobs=${COMMTAX_JOBS:-$(nproc)}

# Debian packages: compiler and build tools, Qt 6.4 (Widgets, Sql + SQLite driver, PrintSupport,
# Concurrent, Test), QCustomPlot, libxlsxwriter (the xlsx report), Google Benchmark; for the Debian package's generated files:
# rsvg-convert (PNG icons), help2man (manual page), dpkg-shlibdeps (Depends); for the tests: Xvfb
# (screenshots), poppler (pdftotext/pdftoppm on generated reports), clang with its libFuzzer runtime
# (the fuzz target; libclang-rt-14-dev is only recommended by clang, and recommends are not
# installed), clang-tidy (the test check_tidy), and the package test's validators (lintian, desktop-file-validate, appstreamcli,
# update-mime-database).
packages=(build-essential cmake ninja-build pkg-config
          qt6-base-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-noto-cjk
          libqt6sql6-sqlite libqt6svg6 libqcustomplot-dev libgl-dev
          libxlsxwriter-dev libbenchmark-dev librsvg2-bin help2man dpkg-dev)
case "$mode" in test|sanitize|fuzz) packages+=(xvfb xauth poppler-utils clang libclang-rt-14-dev clang-format
                                               clang-tidy lintian desktop-file-utils appstream shared-mime-info) ;; esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing missing Debian packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# In a git checkout without a hooks path, say how to turn on the commit-msg hook (.githooks/,
# docs/development.md). Not set here: core.hooksPath is shared by every worktree of the clone.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1 && [ -d "$root/.githooks" ] \
   && ! git -C "$root" config --get core.hooksPath >/dev/null 2>&1; then
  echo "==> to check commit messages: git config core.hooksPath .githooks (docs/development.md)"
fi

# Free disk space where the builds go, checked before building: a full disk otherwise fails late, at
# a link step, with the compiler's "No space left on device". The figures are what the builds took
# on a fresh clone (docs/development.md), rounded up; it warns and goes on (a rebuild needs less).
case "$mode" in test) need_gb=6 ;; sanitize) need_gb=2 ;; fuzz) need_gb=1 ;; *) need_gb=4 ;; esac
mkdir -p "$build"
free_gb=$(df -Pk "$build" | awk 'NR == 2 { print int($4 / 1048576) }')
if [ -n "$free_gb" ] && [ "$free_gb" -lt "$need_gb" ]; then
  echo "==> warning: $free_gb GB free on the disk of $build; '$mode' builds take about $need_gb GB" >&2
fi

# ccache when it is there (never installed here): rebuilds of the three build dirs are cheap then.
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
export QT_QPA_PLATFORM=offscreen
failed=()

# A clang build from CMakePresets.json in its own directory, then its tests (ctest).
#   clang_phase NAME PRESET DIR [BUILD TARGET]
clang_phase() {
  local name=$1 preset=$2 dir=$3 target=${4:-all}
  local start
  start=$(date +%s)
  echo "==> $name: configuring (cmake --preset $preset) and building in $dir"
  if ! cmake -S "$root" --preset "$preset" -B "$dir" "${launcher[@]}" >/dev/null \
     || ! cmake --build "$dir" -j "$jobs" --target "$target"; then
    failed+=("$name build")
    return 0
  fi
  echo "==> $name: running the test suite (built in $(( $(date +%s) - start )) s)"
  if ! ctest --test-dir "$dir" --output-on-failure -j "$jobs" --timeout 900; then
    failed+=("$name tests")
  fi
  echo "==> $name: done in $(( $(date +%s) - start )) s"
}

if [ "$mode" = sanitize ] || [ "$mode" = fuzz ]; then
  if [ "$mode" = sanitize ]; then
    clang_phase "sanitizer (ASan + UBSan)" asan "$build-asan"
  else
    clang_phase "fuzz (libFuzzer)" fuzz "$build-fuzz" commtax_fuzzers
  fi
  if [ ${#failed[@]} -gt 0 ]; then echo "==> FAILED: ${failed[*]}" >&2; exit 1; fi
  exit 0
fi

echo "==> configuring and building in $build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" \
      -DCOMMTAX_BUILD_FUZZERS=$([ "$mode" = test ] && echo ON || echo OFF) >/dev/null
cmake --build "$build" -j "$jobs"

app="$build/bin/commtax"
case "$mode" in
  build) ;;
  run)
    if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
      exec "$app"
    fi
    echo "==> no display (DISPLAY and WAYLAND_DISPLAY are unset): not starting the window."
    echo "    The default comparison instead (Llama 2 13B on 256 GPUs, tp=2 pp=4, each GPU on its own cluster):"
    scenario="$root/presets/scenarios/compare-1-h100.json"
    "$app" sweep "$scenario" --hardware h100-sxm,a100-sxm-80gb,l40s,rtx-4090
    if "$app" --help | grep -q '^ *commtax report'; then
      out="$root/build/reports"
      mkdir -p "$out"
      # Each GPU on its own best layout (a fair comparison), not the files' tp=2 pp=4.
      "$app" report "$root"/presets/scenarios/compare-*.json -o "$out/default-comparison.pdf" --normalize best-layout \
        && "$app" report "$root"/presets/scenarios/compare-*.json -o "$out/default-comparison.csv" --normalize best-layout \
        && echo "    Reports written: $out/default-comparison.pdf and .csv"
    fi
    ;;
  test)
    echo "==> checking the C++ layout (tests/check-format.sh, clang-format 14)"
    if ! sh "$root/tests/check-format.sh"; then
      failed+=("format check")
    fi
    echo "==> running the test suite"
    start=$(date +%s)
    if ! ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 900; then
      failed+=("test suite")
    fi
    echo "==> test suite: done in $(( $(date +%s) - start )) s"
    # The same suite with AddressSanitizer + UndefinedBehaviorSanitizer (any report fails a test),
    # then the fuzzers (about 25 s each).
    clang_phase "sanitizer (ASan + UBSan)" asan "$build-asan"
    clang_phase "fuzz (libFuzzer)" fuzz "$build-fuzz" commtax_fuzzers
    if [ ${#failed[@]} -gt 0 ]; then echo "==> FAILED: ${failed[*]}" >&2; exit 1; fi
    ;;
esac
