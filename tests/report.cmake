# SPDX-License-Identifier: GPL-3.0-or-later
# Report files read back as a spreadsheet would: the xlsx workbook's sheets, number
# cells and formats against the JSON report and hand calculations from the preset files.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME test_xlsx_report COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/report/test_xlsx_report.py
           $<TARGET_FILE:commtax> ${PROJECT_SOURCE_DIR})
  set_tests_properties(test_xlsx_report PROPERTIES ENVIRONMENT "${COMMTAX_TEST_ENVIRONMENT}" TIMEOUT 120)
endif()
if(Python3_FOUND)
  # 8 plans named in 60 characters: legends and titles whole, short tables on one page (pdftotext,
  # pdftoppm from poppler-utils).
  add_test(NAME test_pdf_long_names COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/report/test_pdf_long_names.py
           $<TARGET_FILE:commtax> ${PROJECT_SOURCE_DIR})
  set_tests_properties(test_pdf_long_names PROPERTIES ENVIRONMENT "${COMMTAX_TEST_ENVIRONMENT}" TIMEOUT 120)
endif()
if(Python3_FOUND)
  # A saved comparison with goals: the PDF's first page and the workbook's first sheet open with
  # What to buy's verdict (pdftotext, and the workbook's shared strings).
  add_test(NAME test_report_verdict COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/report/test_report_verdict.py
           $<TARGET_FILE:commtax> ${PROJECT_SOURCE_DIR})
  set_tests_properties(test_report_verdict PROPERTIES ENVIRONMENT "${COMMTAX_TEST_ENVIRONMENT}" TIMEOUT 300)
endif()
