# SPDX-License-Identifier: GPL-3.0-or-later
# The PDF report of a comparison (issue 4), rendered from model/library's report document, which
# also gives the CSV, JSON and xlsx files (library/reportfiles.h); File > Export report.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reportwriter.h ${CMAKE_CURRENT_LIST_DIR}/reportwriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reportexport.h ${CMAKE_CURRENT_LIST_DIR}/reportexport.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_library)
