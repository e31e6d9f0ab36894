# SPDX-License-Identifier: GPL-3.0-or-later
# Desktop app tests (issue 3): the parts without a window, then the main window driven through
# its widgets. Both run offscreen. The main-window test writes screenshots/ under the build dir.
commtax_add_test(test_gui_parts SOURCES test_gui_parts.cpp LIBS commtax_ui)
commtax_add_test(test_gui SOURCES test_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")

# Edit-to-replot latency, cold start and memory of the main window (a benchmark, not a test):
#   build-gui/tests/bench_gui [--edits N] [--json FILE]
if(COMMTAX_BUILD_BENCHMARKS)
  add_executable(bench_gui bench/bench_gui.cpp)
  target_link_libraries(bench_gui PRIVATE commtax_ui commtax_warnings)
endif()

# The app in Simplified Chinese (issue 14): Preferences, the handbook, zh_CN screenshots.
commtax_add_test(test_i18n_gui SOURCES test_i18n_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_i18n_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
