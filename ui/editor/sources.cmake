# SPDX-License-Identifier: GPL-3.0-or-later
# The plan editor (dock content), the starting points of layouts and economics, and the
# vendor quote dialog (Edit > Quote...).
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/planeditor.h ${CMAKE_CURRENT_LIST_DIR}/planeditor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sectionpresets.h ${CMAKE_CURRENT_LIST_DIR}/sectionpresets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/quotedialog.h ${CMAKE_CURRENT_LIST_DIR}/quotedialog.cpp)
