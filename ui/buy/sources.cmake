# SPDX-License-Identifier: GPL-3.0-or-later
# Tools > What to buy...: the goals and the search over GPU x count x buy/rent x precision
# (model/search/buy.h); its options go to the Compare window.
target_sources(commtax_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/buydialog.h ${CMAKE_CURRENT_LIST_DIR}/buydialog.cpp)
target_link_libraries(commtax_ui PUBLIC commtax_search commtax_buyquestion)
