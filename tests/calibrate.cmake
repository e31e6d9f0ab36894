# SPDX-License-Identifier: GPL-3.0-or-later
# Calibration from nccl-tests logs: the parser (test_nccl_log), the fit, the comparison and the
# command line (test_calibrate); the dialog driven as a user would (test_calibrate_gui, writes
# calibration-*.png into the build dir).
commtax_add_test(test_nccl_log SOURCES test_nccl_log.cpp LIBS commtax_calibration)
commtax_add_test(test_calibrate SOURCES test_calibrate.cpp LIBS commtax_calibration)
add_dependencies(test_calibrate commtax)
commtax_add_test(test_calibrate_gui SOURCES test_calibrate_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_calibrate_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")

# libFuzzer on the log parser, built with clang outside this (g++) build by a script, run for
# 25 s with the real logs as seeds. Registered when clang++ can link a libFuzzer program
# (packaging/setup.sh test installs clang and libclang-rt-14-dev). COMMTAX_FUZZ_SECONDS changes the
# duration.
# Only with COMMTAX_BUILD_FUZZERS (packaging/setup.sh test turns it on); never in the sanitizer
# build (preset "asan"), whose suite runs the tests proper. The clang build of preset "fuzz" builds
# the same target with CMake (tests/fuzz/CMakeLists.txt), for tests/fuzz/campaign.sh.
set(commtax_nccl_fuzz ${COMMTAX_BUILD_FUZZERS})
if(COMMTAX_SANITIZE OR COMMTAX_FUZZ_TARGETS)
  set(commtax_nccl_fuzz OFF)
endif()
if(commtax_nccl_fuzz)
  find_program(COMMTAX_CLANGXX NAMES clang++ clang++-16 clang++-15 clang++-14)
endif()
if(NOT commtax_nccl_fuzz)
  message(STATUS "fuzz_nccl_log not registered: COMMTAX_BUILD_FUZZERS is off, or this is a sanitizer/fuzz build")
elseif(COMMTAX_CLANGXX AND NOT DEFINED COMMTAX_CLANG_LIBFUZZER)
  set(commtax_fuzz_probe ${CMAKE_CURRENT_BINARY_DIR}/fuzz/probe)
  file(WRITE ${commtax_fuzz_probe}.cpp "#include <cstddef>\n#include <cstdint>\nextern \"C\" int LLVMFuzzerTestOneInput(const std::uint8_t *, std::size_t) { return 0; }\n")
  execute_process(COMMAND ${COMMTAX_CLANGXX} -fsanitize=fuzzer,address,undefined ${commtax_fuzz_probe}.cpp -o ${commtax_fuzz_probe}
                  RESULT_VARIABLE commtax_fuzz_probe_result OUTPUT_QUIET ERROR_QUIET)
  if(commtax_fuzz_probe_result EQUAL 0)
    set(COMMTAX_CLANG_LIBFUZZER ON CACHE BOOL "clang++ links libFuzzer programs")
  else()
    set(COMMTAX_CLANG_LIBFUZZER OFF CACHE BOOL "clang++ links libFuzzer programs")
  endif()
endif()
if(NOT commtax_nccl_fuzz)
elseif(COMMTAX_CLANGXX AND COMMTAX_CLANG_LIBFUZZER)
  set(COMMTAX_FUZZ_SECONDS 25 CACHE STRING "Seconds the nccl log fuzzer runs under ctest")
  add_test(NAME fuzz_nccl_log
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run_fuzz.sh ${COMMTAX_CLANGXX} ${PROJECT_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/fuzz ${COMMTAX_FUZZ_SECONDS})
  set_tests_properties(fuzz_nccl_log PROPERTIES TIMEOUT 600)
elseif(COMMTAX_CLANGXX)
  message(STATUS "fuzz_nccl_log not registered: ${COMMTAX_CLANGXX} cannot link -fsanitize=fuzzer (libclang-rt-14-dev)")
else()
  message(STATUS "fuzz_nccl_log not registered: no clang++")
endif()

# Parse + calibrate speed on a 10k-line log: build-dir/tests/bench_calibrate
if(COMMTAX_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
  add_executable(bench_calibrate bench/bench_calibrate.cpp)
  target_link_libraries(bench_calibrate PRIVATE commtax_nccl benchmark::benchmark commtax_warnings)
  target_compile_definitions(bench_calibrate PRIVATE COMMTAX_FIXTURES_DIR="${PROJECT_SOURCE_DIR}/tests/fixtures")
endif()
