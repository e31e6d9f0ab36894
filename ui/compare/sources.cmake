# SPDX-License-Identifier: GPL-3.0-or-later
# Side-by-side comparison: the view, its table model and the charts the report reuses.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/comparisoncharts.h ${CMAKE_CURRENT_LIST_DIR}/comparisoncharts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/comparisondocument.h ${CMAKE_CURRENT_LIST_DIR}/comparisondocument.cpp
  ${CMAKE_CURRENT_LIST_DIR}/comparisontablemodel.h ${CMAKE_CURRENT_LIST_DIR}/comparisontablemodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/comparisonview.h ${CMAKE_CURRENT_LIST_DIR}/comparisonview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/comparisonfiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/columneditor.h ${CMAKE_CURRENT_LIST_DIR}/columneditor.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_library)
