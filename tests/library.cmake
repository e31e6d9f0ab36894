# SPDX-License-Identifier: GPL-3.0-or-later
# Preset library, comparison and reports: two executables.
# test_library: the SQLite library and the comparison arithmetic (QtCore + QtSql, no display).
commtax_add_test(test_library SOURCES test_library.cpp LIBS commtax_library Qt6::Sql)
# test_library_gui: the comparison view, the preset manager, the PDF/CSV/JSON reports and the
# `commtax report` command (offscreen; needs pdftotext/pdfinfo from poppler-utils).
commtax_add_test(test_library_gui SOURCES test_library_gui.cpp LIBS commtax_ui)
add_dependencies(test_library_gui commtax)
target_compile_definitions(test_library_gui PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")

# Comparison and library speed (figures in docs/performance.md): build-dir/tests/bench_library
if(COMMTAX_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
  add_executable(bench_library bench/bench_library.cpp)
  target_link_libraries(bench_library PRIVATE commtax_library benchmark::benchmark commtax_warnings)
endif()

# test_durability: kill -9 during a write and an import, read-only, unreadable and locked library
# files, failed and atomic file exports. Child processes are the test itself run again; the
# permission tests drop to nobody (65534) in the child when run as root.
commtax_add_test(test_durability SOURCES test_durability.cpp LIBS commtax_ui commtax_library Qt6::Sql)
set_tests_properties(test_durability PROPERTIES TIMEOUT 120)
