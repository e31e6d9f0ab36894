# SPDX-License-Identifier: GPL-3.0-or-later
# A Debian package of the app: `cpack -G DEB` in a build directory (after building `commtax`).
# Included OPTIONAL by the top-level CMakeLists.txt.
#
# The dependencies are listed by hand because the tools cannot see all of them: the Qt SQL
# SQLite driver (libqt6sql6-sqlite) and the platform plugins are loaded at run time, so
# dpkg-shlibdeps, which reads the executable's linked libraries, never finds them.

install(FILES ${CMAKE_CURRENT_LIST_DIR}/commtax.desktop DESTINATION share/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/commtax.svg DESTINATION share/icons/hicolor/scalable/apps)

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "commtax")
set(CPACK_PACKAGE_VENDOR "Commtax")
set(CPACK_PACKAGE_CONTACT "Commtax maintainers <commtax@localhost>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Plans GPU-cluster training: step time, communication tax, pipeline bubble, memory per GPU, MFU, time to train, TCO and cost per billion tokens, with side-by-side hardware comparison and PDF reports for procurement.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "commtax")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libqt6core6 (>= 6.4), libqt6gui6 (>= 6.4), libqt6widgets6 (>= 6.4), libqt6printsupport6 (>= 6.4), libqt6concurrent6 (>= 6.4), libqt6sql6 (>= 6.4), libqt6sql6-sqlite (>= 6.4), qt6-qpa-plugins (>= 6.4), libqt6svg6 (>= 6.4), libqcustomplot2.1-qt6")
# Where dpkg-shlibdeps exists (dpkg-dev), it adds libc6, libstdc++6 and the rest of what the
# executable links; the list above stays, merged with its findings.
find_program(COMMTAX_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(COMMTAX_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${CPACK_DEBIAN_PACKAGE_DEPENDS}, libc6 (>= 2.34), libstdc++6 (>= 12)")
endif()
include(CPack)
