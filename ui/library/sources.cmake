# SPDX-License-Identifier: GPL-3.0-or-later
# Preset manager: the dialog, its item models and preset form, start-up of the library,
# and LibraryFeatures, which wires the library, the comparison and the reports into the main window.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/presetlistmodel.h ${CMAKE_CURRENT_LIST_DIR}/presetlistmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/preseteditor.h ${CMAKE_CURRENT_LIST_DIR}/preseteditor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/presetmanagerdialog.h ${CMAKE_CURRENT_LIST_DIR}/presetmanagerdialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/libraryui.h ${CMAKE_CURRENT_LIST_DIR}/libraryui.cpp
  ${CMAKE_CURRENT_LIST_DIR}/libraryfeatures.h ${CMAKE_CURRENT_LIST_DIR}/libraryfeatures.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_library)
