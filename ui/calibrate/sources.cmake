# SPDX-License-Identifier: GPL-3.0-or-later
# Calibration from nccl-tests logs and from training logs: the dialogs. Reading a log, choosing presets, the JSON
# and the calibrated preset are QtCore-only and live in model/nccl (commtax_calibration).
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/calibrationrowsmodel.h ${CMAKE_CURRENT_LIST_DIR}/calibrationrowsmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/calibrationdialog.h ${CMAKE_CURRENT_LIST_DIR}/calibrationdialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/trainingcalibrationdialog.h ${CMAKE_CURRENT_LIST_DIR}/trainingcalibrationdialog.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_calibration commtax_traininglog)
