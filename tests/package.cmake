# SPDX-License-Identifier: GPL-3.0-or-later
# Licence and package checks (shell scripts, no C++), in the normal build only: the sanitizer
# build would check the same sources and package an instrumented executable.
if(COMMTAX_SANITIZE)
  return()
endif()

# Every source file carries SPDX-License-Identifier: GPL-3.0-or-later (tests/check-spdx.sh).
add_test(NAME check_spdx COMMAND sh ${PROJECT_SOURCE_DIR}/tests/check-spdx.sh)
set_tests_properties(check_spdx PROPERTIES TIMEOUT 60)

# The house rules on what a change brings (the lines added since where the branch left main, or by
# the last commit: tests/diff-base.sh): no line over 120 columns, and no clang-tidy finding
# (.clang-tidy) on a changed line. Skipped (exit 77) outside a git checkout or without clang-tidy.
add_test(NAME check_columns COMMAND sh ${PROJECT_SOURCE_DIR}/tests/check-columns.sh --changed)
set_tests_properties(check_columns PROPERTIES TIMEOUT 60 SKIP_RETURN_CODE 77)
add_test(NAME check_tidy COMMAND sh ${PROJECT_SOURCE_DIR}/tests/check-tidy.sh ${PROJECT_BINARY_DIR})
set_tests_properties(check_tidy PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77)

# The commit-msg hook (.githooks/commit-msg) accepts and refuses the right messages.
add_test(NAME check_commit_msg COMMAND sh ${PROJECT_SOURCE_DIR}/tests/check-commit-msg.sh)
set_tests_properties(check_commit_msg PROPERTIES TIMEOUT 60)

# The Debian package (packaging/CPackConfig.cmake), built by cpack into a temporary folder,
# unpacked and checked as installed (tests/package/test-package.sh); lintian takes most of its time.
add_test(NAME test_package
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/package/test-package.sh ${CMAKE_CPACK_COMMAND}
                 ${PROJECT_BINARY_DIR} ${PROJECT_VERSION})
set_tests_properties(test_package PROPERTIES TIMEOUT 600 ENVIRONMENT "${COMMTAX_TEST_ENVIRONMENT}")
