# SPDX-License-Identifier: GPL-3.0-or-later
# Layout search: the search against brute force and validate() (test_search), the `search` and
# `launch` commands (test_search_cli). Benchmark: build-dir/tests/bench_search.
commtax_add_test(test_search SOURCES test_search.cpp LIBS commtax_core commtax_search commtax_accuracy)
# The `search` and `launch` commands (golden files in fixtures/launch/), the comparison's best
# layout and the search for a framework.
commtax_add_test(test_search_cli SOURCES test_search_cli.cpp LIBS commtax_core commtax_search commtax_library)
add_dependencies(test_search_cli commtax)
# `commtax launch` against the frameworks' start-up rules, cited by file and line.
commtax_add_test(test_launch SOURCES test_launch.cpp LIBS commtax_core commtax_search)
if(COMMTAX_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
  add_executable(bench_search bench/bench_search.cpp)
  target_link_libraries(bench_search PRIVATE commtax_core commtax_search benchmark::benchmark commtax_warnings)
endif()
# Tools > Find best layout, offscreen, by objectName with real events (writes
# screenshots/search-dialog.png into the build dir).
commtax_add_test(test_search_gui SOURCES test_search_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_search_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
# File > Export launch config against `commtax launch`, offscreen, with real events (writes
# screenshots/launch-export-dialog.png into the build dir).
commtax_add_test(test_launch_gui SOURCES test_launch_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_launch_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
add_dependencies(test_launch_gui commtax)
# Tools > What to buy... on the question of presets/scenarios/what-to-buy-llama2-70b.json, offscreen,
# with real events (writes screenshots/buy-dialog-*.png into the build dir).
commtax_add_test(test_buy_gui SOURCES test_buy_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_buy_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
set_tests_properties(test_buy_gui PROPERTIES TIMEOUT 600)
# What to buy on every GPU preset x 8-2,048 GPUs, Llama 2 70B and DeepSeek-V3, with and without the
# layout search's branch and bound: build-dir/tests/bench_buy.
if(COMMTAX_BUILD_BENCHMARKS)
  add_executable(bench_buy bench/bench_buy.cpp)
  target_link_libraries(bench_buy PRIVATE commtax_buyquestion benchmark::benchmark commtax_warnings)
  target_compile_definitions(bench_buy PRIVATE COMMTAX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()
