# SPDX-License-Identifier: GPL-3.0-or-later
# Translations (issue 14): every user-visible literal of ui/ and app/ goes through tr(); the
# Simplified Chinese translation is complete; the English one has every plural form.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME test_i18n_literals COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_tr.py ${PROJECT_SOURCE_DIR})
  add_test(NAME test_i18n_ts_zh_CN COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_ts.py
           ${PROJECT_SOURCE_DIR}/resources/translations/commtax_zh_CN.ts)
  add_test(NAME test_i18n_ts_en COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_ts.py
           ${PROJECT_SOURCE_DIR}/resources/translations/commtax_en.ts)
  set_tests_properties(test_i18n_literals test_i18n_ts_zh_CN test_i18n_ts_en PROPERTIES TIMEOUT 60)
endif()
