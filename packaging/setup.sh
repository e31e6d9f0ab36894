#!/usr/bin/env bash
# Commtax set-up in one command, on Debian 12:
#   packaging/setup.sh run    install what is missing, build, start the app
#                             (no display: say so, print the default comparison, write reports)
#   packaging/setup.sh test   the same set-up, then the whole test suite
# Environment: BUILD_DIR (default: build), COMMTAX_JOBS (default: number of cores).
set -euo pipefail

mode=${1:-run}
case "$mode" in run|test|build) ;; *) echo "usage: $0 run|test|build" >&2; exit 2 ;; esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
jobs=${COMMTAX_JOBS:-$(nproc)}

# Debian packages: compiler and build tools, Qt 6.4 (Widgets, Sql + SQLite driver, PrintSupport,
# Concurrent, Test), QCustomPlot, Google Benchmark; for the tests: Xvfb (screenshots), poppler
# (pdftotext/pdftoppm on generated reports) and clang with its libFuzzer runtime (the fuzz target;
# libclang-rt-14-dev is only recommended by clang, and recommends are not installed).
packages=(build-essential cmake ninja-build pkg-config
          qt6-base-dev libqt6sql6-sqlite libqt6svg6 libqcustomplot-dev libgl-dev
          libbenchmark-dev)
if [ "$mode" = test ]; then
  packages+=(xvfb xauth poppler-utils clang libclang-rt-14-dev)
fi

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

echo "==> configuring and building in $build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
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
      "$app" report "$root"/presets/scenarios/compare-*.json -o "$out/default-comparison.pdf" \
        && "$app" report "$root"/presets/scenarios/compare-*.json -o "$out/default-comparison.csv" \
        && echo "    Reports written: $out/default-comparison.pdf and .csv"
    fi
    ;;
  test)
    echo "==> running the test suite"
    export QT_QPA_PLATFORM=offscreen
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
    ;;
esac
