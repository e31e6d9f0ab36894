# SPDX-License-Identifier: GPL-3.0-or-later
# Desktop app tests: the parts without a window, then the main window driven through its widgets
# (test_gui its plan editor, test_gui_window its files, actions and handbook; its charts and ranges:
# test_gui_charts). All run offscreen. The main-window tests write
# screenshots/ under the build dir.
commtax_add_test(test_gui_parts SOURCES test_gui_parts.cpp LIBS commtax_ui)
target_compile_definitions(test_gui_parts PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
# The "newest request wins" rule of ui/latestjob.h that the engine runner follows (no display).
commtax_add_test(test_latestjob SOURCES test_latestjob.cpp LIBS commtax_ui)
commtax_add_test(test_gui SOURCES test_gui.cpp LIBS commtax_ui)
target_compile_definitions(test_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
commtax_add_test(test_gui_window SOURCES test_gui_window.cpp LIBS commtax_ui)
target_compile_definitions(test_gui_window PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
commtax_add_test(test_gui_charts SOURCES test_gui_charts.cpp LIBS commtax_ui)
target_compile_definitions(test_gui_charts PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")

# Edit-to-replot latency, cold start and memory of the main window (a benchmark, not a test):
#   build-gui/tests/bench_gui [--edits N] [--json FILE]
if(COMMTAX_BUILD_BENCHMARKS)
  add_executable(bench_gui bench/bench_gui.cpp)
  target_link_libraries(bench_gui PRIVATE commtax_ui commtax_warnings)
endif()

# The app in Simplified Chinese: test_i18n_gui the main window, Preferences and the handbook;
# test_i18n_compare_gui the comparison, the preset library, the report and the zh_CN screenshots.
foreach(t test_i18n_gui test_i18n_compare_gui)
  commtax_add_test(${t} SOURCES ${t}.cpp LIBS commtax_ui)
  target_compile_definitions(${t} PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
endforeach()

# The main window and every other window and dialog on a 1280x800 and a 1600x1000 screen, at 1x
# and at 150% (QT_SCALE_FACTOR), in English and in Simplified Chinese: one executable, one ctest
# entry per case; the screen is given to the offscreen platform by the test itself.
add_executable(test_layout_gui test_layout_gui.cpp)
target_link_libraries(test_layout_gui PRIVATE Qt6::Test commtax_warnings commtax_ui)
target_compile_definitions(test_layout_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}" COMMTAX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
foreach(layout_case "en;1280x800;1" "en;1280x800;1.5" "en;1600x1000;1" "en;1600x1000;1.5" "zh_CN;1280x800;1" "zh_CN;1280x800;1.5"
    "zh_CN;1600x1000;1" "zh_CN;1600x1000;1.5")
  list(GET layout_case 0 layout_language)
  list(GET layout_case 1 layout_screen)
  list(GET layout_case 2 layout_scale)
  set(layout_name test_layout_gui_${layout_language}_${layout_screen}_${layout_scale}x)
  add_test(NAME ${layout_name} COMMAND test_layout_gui)
  set_tests_properties(${layout_name} PROPERTIES TIMEOUT 300 ENVIRONMENT
    "${COMMTAX_TEST_ENVIRONMENT};COMMTAX_TEST_SCREEN=${layout_screen};QT_SCALE_FACTOR=${layout_scale};COMMTAX_TEST_LANGUAGE=${layout_language}")
endforeach()
