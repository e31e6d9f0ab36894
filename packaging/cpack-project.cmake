# SPDX-License-Identifier: GPL-3.0-or-later
# Read by cpack before it packages (CPACK_PROJECT_CONFIG_FILE, set in packaging/CPackConfig.cmake):
# the Debian package needs a maintainer, "Full Name <address>", given when configuring
# (COMMTAX_MAINTAINER, or DEBFULLNAME and DEBEMAIL) or to cpack (-D CPACK_PACKAGE_CONTACT=...).
# Without one, or with a placeholder address, cpack stops here: the project has no address of its
# own and ships none made up. Then it writes changelog.Debian.gz, whose trailer names the maintainer.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
set(commtax_how "configure with -DCOMMTAX_MAINTAINER=\"Full Name <address>\" (or set DEBFULLNAME and DEBEMAIL), or run cpack -D CPACK_PACKAGE_CONTACT=\"Full Name <address>\"")
if(NOT CPACK_PACKAGE_CONTACT)
  message(FATAL_ERROR "commtax: the Debian package has no maintainer: ${commtax_how}")
endif()
if(NOT CPACK_PACKAGE_CONTACT MATCHES "^[^<>@]*[^<>@ ] <[^<>@ ]+@[^<>@ ]+\\.[^<>@ ]+>$")
  message(FATAL_ERROR "commtax: the maintainer \"${CPACK_PACKAGE_CONTACT}\" is not \"Full Name <address>\": ${commtax_how}")
endif()
if(CPACK_PACKAGE_CONTACT MATCHES "@([^>]*\\.)?example\\.(org|com|net)>$")
  message(FATAL_ERROR "commtax: the maintainer's address \"${CPACK_PACKAGE_CONTACT}\" is a placeholder: ${commtax_how}")
endif()
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")

set(COMMTAX_RELEASE_DATE_RFC2822 "${CPACK_COMMTAX_RELEASE_DATE_RFC2822}")
configure_file(${CPACK_COMMTAX_CHANGELOG_IN} ${CPACK_COMMTAX_CHANGELOG} @ONLY)
if(CPACK_COMMTAX_GZIP)
  execute_process(COMMAND ${CPACK_COMMTAX_GZIP} -9nf ${CPACK_COMMTAX_CHANGELOG} RESULT_VARIABLE commtax_gzip_status)
  if(NOT commtax_gzip_status EQUAL 0)
    message(FATAL_ERROR "commtax: gzip of ${CPACK_COMMTAX_CHANGELOG} failed: ${commtax_gzip_status}")
  endif()
endif()
