# SPDX-License-Identifier: GPL-3.0-or-later
# Reports of a comparison (issue 4): PDF for procurement, CSV and JSON of the comparison table.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reportwriter.h ${CMAKE_CURRENT_LIST_DIR}/reportwriter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reportexport.h ${CMAKE_CURRENT_LIST_DIR}/reportexport.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_library)
