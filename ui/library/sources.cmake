# Preset manager (issue 4): the dialog, its item models and preset form, and start-up of the library.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/presetlistmodel.h ${CMAKE_CURRENT_LIST_DIR}/presetlistmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/preseteditor.h ${CMAKE_CURRENT_LIST_DIR}/preseteditor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/presetmanagerdialog.h ${CMAKE_CURRENT_LIST_DIR}/presetmanagerdialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/libraryui.h ${CMAKE_CURRENT_LIST_DIR}/libraryui.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_library)
