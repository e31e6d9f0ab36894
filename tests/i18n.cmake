# SPDX-License-Identifier: GPL-3.0-or-later
# Translations: every user-visible literal of ui/ and app/ goes through tr(); the
# Simplified Chinese translation is complete; the English one has every plural form.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME test_i18n_literals COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_tr.py ${PROJECT_SOURCE_DIR})
  add_test(NAME test_i18n_ts_zh_CN COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_ts.py
           ${PROJECT_SOURCE_DIR}/resources/translations/commtax_zh_CN.ts)
  add_test(NAME test_i18n_ts_en COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_ts.py
           ${PROJECT_SOURCE_DIR}/resources/translations/commtax_en.ts)
  # The engine's validation errors, the launch notes, the comparison notes and the warnings: each
  # extracted from its source and checked to have its Chinese.
  add_test(NAME test_i18n_engine_texts COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_engine_texts.py ${PROJECT_SOURCE_DIR})
  # lupdate over the sources changes nothing in the .ts files: every text the sources mark (tr(),
  # QT_TRANSLATE_NOOP, the model's CT_TR) is there, in its context, and none that no source marks.
  find_package(Qt6 COMPONENTS LinguistTools QUIET)
  if(TARGET Qt6::lupdate)
    add_test(NAME test_i18n_lupdate COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/i18n/check_lupdate.py
             $<TARGET_FILE:Qt6::lupdate> ${PROJECT_SOURCE_DIR} ${commtax_tr_alias})
    set_tests_properties(test_i18n_lupdate PROPERTIES TIMEOUT 60)
  endif()
  set_tests_properties(test_i18n_literals test_i18n_ts_zh_CN test_i18n_ts_en test_i18n_engine_texts PROPERTIES TIMEOUT 60)
endif()
