# SPDX-License-Identifier: GPL-3.0-or-later
# Reports of a comparison (issue 4): PDF for procurement, CSV and JSON of the comparison table,
# an xlsx workbook (libxlsxwriter, Debian's libxlsxwriter-dev; issue 12).
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reportwriter.h ${CMAKE_CURRENT_LIST_DIR}/reportwriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reportexport.h ${CMAKE_CURRENT_LIST_DIR}/reportexport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reportxlsx.h ${CMAKE_CURRENT_LIST_DIR}/reportxlsx.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_library PRIVATE PkgConfig::XLSXWRITER)
