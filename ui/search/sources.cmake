# SPDX-License-Identifier: GPL-3.0-or-later
# Layout search: Tools > Find best layout; File > Export launch config. The search
# itself is plain C++ in model/search (commtax_search).
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/searchdialog.h ${CMAKE_CURRENT_LIST_DIR}/searchdialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/launchexportdialog.h ${CMAKE_CURRENT_LIST_DIR}/launchexportdialog.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_search)
