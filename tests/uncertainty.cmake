# SPDX-License-Identifier: GPL-3.0-or-later
# Uncertainty and sensitivity: sampling, percentiles, tornado, win odds, break-evens,
# scenario ranges and `evaluate --uncertainty`. Benchmark: build-dir/tests/bench_uncertainty.
commtax_add_test(test_uncertainty SOURCES test_uncertainty.cpp LIBS commtax_core)
add_dependencies(test_uncertainty commtax)
# Honest ranges: the engine's own error in every P10-P90, its coverage on the published runs held
# out (docs/accuracy.md) and the plan's regime.
commtax_add_test(test_ranges SOURCES test_ranges.cpp LIBS commtax_core commtax_accuracy)
# The sensitivity of a comparison: the library's numbers, `commtax report` (PDF via pdftotext, CSV,
# JSON), the comparison view's Sensitivity tab and the editor's ranges (offscreen).
commtax_add_test(test_sensitivity SOURCES test_sensitivity.cpp LIBS commtax_ui)
target_compile_definitions(test_sensitivity PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
add_dependencies(test_sensitivity commtax)
if(COMMTAX_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
  add_executable(bench_uncertainty bench/bench_uncertainty.cpp)
  target_link_libraries(bench_uncertainty PRIVATE commtax_core benchmark::benchmark commtax_warnings)
endif()
