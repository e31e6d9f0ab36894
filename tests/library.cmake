# SPDX-License-Identifier: GPL-3.0-or-later
# Preset library, comparison and reports.
# test_library: the SQLite library (QtCore + QtSql, no display).
commtax_add_test(test_library SOURCES test_library.cpp LIBS commtax_library Qt6::Sql)
# test_comparison: the comparison arithmetic and its CSV and JSON tables (no display).
commtax_add_test(test_comparison SOURCES test_comparison.cpp LIBS commtax_library)
# test_reportdocument: the report as data, before any renderer (no display).
commtax_add_test(test_reportdocument SOURCES test_reportdocument.cpp LIBS commtax_library)
# Offscreen, each needs pdftotext/pdfinfo from poppler-utils: test_library_gui the preset manager
# and the main window's library; test_compare_gui the comparison view and its charts;
# test_compare_columns_gui the Compare hardware window's columns and quote; test_report_gui the
# PDF/CSV/JSON reports and the `commtax report` command.
foreach(t test_library_gui test_compare_gui test_compare_columns_gui test_compare_files_gui test_report_gui)
  commtax_add_test(${t} SOURCES ${t}.cpp LIBS commtax_ui)
  add_dependencies(${t} commtax)
  target_compile_definitions(${t} PRIVATE COMMTAX_BUILD_DIR="${PROJECT_BINARY_DIR}")
endforeach()

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
