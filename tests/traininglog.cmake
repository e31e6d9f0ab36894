# SPDX-License-Identifier: GPL-3.0-or-later
# Calibration from training logs: the readers on every fixture of tests/fixtures/training-logs,
# the fit with leave-one-log-out, the GPU chosen from the presets, bad input and
# `commtax calibrate --training` (test_traininglog).
commtax_add_test(test_traininglog SOURCES test_traininglog.cpp LIBS commtax_traininglog commtax_library)
add_dependencies(test_traininglog commtax)
# The dialog (Tools > Calibrate from training logs...) driven as a user would; writes
# training-calibration.png into the build dir.
commtax_add_test(test_traininglog_gui SOURCES test_traininglog_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_traininglog_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")

# Read speed of the largest training log accepted (64 MiB): build-dir/tests/bench_traininglog
if(COMMTAX_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
  add_executable(bench_traininglog bench/bench_traininglog.cpp)
  target_link_libraries(bench_traininglog PRIVATE commtax_traininglog_reader benchmark::benchmark commtax_warnings)
endif()
