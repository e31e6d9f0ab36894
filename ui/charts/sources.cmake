# SPDX-License-Identifier: GPL-3.0-or-later
# The charts (QCustomPlot): the main window's; their common ground, ChartView, the comparison's too.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/chartview.h ${CMAKE_CURRENT_LIST_DIR}/chartview.cpp ${CMAKE_CURRENT_LIST_DIR}/chartfit.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plancharts.h ${CMAKE_CURRENT_LIST_DIR}/plancharts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tornado.h ${CMAKE_CURRENT_LIST_DIR}/tornado.cpp
  ${CMAKE_CURRENT_LIST_DIR}/graphs.h ${CMAKE_CURRENT_LIST_DIR}/graphs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/timelinechart.h ${CMAKE_CURRENT_LIST_DIR}/timelinechart.cpp)
