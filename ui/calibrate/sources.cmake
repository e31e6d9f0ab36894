# Calibration from nccl-tests logs (issue 5).
# commtax_calibration: reading a log, choosing presets, the JSON and the calibrated preset (QtCore
# only), shared by `commtax calibrate`, the dialog and the tests.
add_library(commtax_calibration STATIC
  ${CMAKE_CURRENT_LIST_DIR}/calibrationio.h ${CMAKE_CURRENT_LIST_DIR}/calibrationio.cpp)
target_include_directories(commtax_calibration PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..)
target_link_libraries(commtax_calibration PUBLIC commtax_core commtax_nccl PRIVATE commtax_warnings)

# The dialog.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/calibrationrowsmodel.h ${CMAKE_CURRENT_LIST_DIR}/calibrationrowsmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/calibrationdialog.h ${CMAKE_CURRENT_LIST_DIR}/calibrationdialog.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_calibration)
