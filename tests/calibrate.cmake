# Calibration from nccl-tests logs (issue 5): the parser, the fit, the comparison and the command
# line (test_calibrate); the dialog driven as a user would (test_calibrate_gui, writes
# calibration-*.png into the build dir).
commtax_add_test(test_calibrate SOURCES test_calibrate.cpp LIBS commtax_calibration)
add_dependencies(test_calibrate commtax)
commtax_add_test(test_calibrate_gui SOURCES test_calibrate_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_calibrate_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")

# libFuzzer on the log parser, built with clang outside this (g++) build by a script, run for
# 25 s with the real logs as seeds. Registered when clang++ is installed (packaging/setup.sh test
# installs it). COMMTAX_FUZZ_SECONDS changes the duration.
find_program(COMMTAX_CLANGXX NAMES clang++ clang++-16 clang++-15 clang++-14)
if(COMMTAX_CLANGXX)
  set(COMMTAX_FUZZ_SECONDS 25 CACHE STRING "Seconds the nccl log fuzzer runs under ctest")
  add_test(NAME fuzz_nccl_log
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run_fuzz.sh ${COMMTAX_CLANGXX} ${PROJECT_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/fuzz ${COMMTAX_FUZZ_SECONDS})
  set_tests_properties(fuzz_nccl_log PROPERTIES TIMEOUT 600)
endif()

# Parse + calibrate speed on a 10k-line log: build-dir/tests/bench_calibrate
if(COMMTAX_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
  add_executable(bench_calibrate bench/bench_calibrate.cpp)
  target_link_libraries(bench_calibrate PRIVATE commtax_nccl benchmark::benchmark commtax_warnings)
  target_compile_definitions(bench_calibrate PRIVATE COMMTAX_FIXTURES_DIR="${PROJECT_SOURCE_DIR}/tests/fixtures")
endif()
