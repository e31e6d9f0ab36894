# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package of Commtax: `cpack -G DEB` in a build directory after `cmake --build` (or
# `cmake --build BUILD --target deb`, which builds what the package needs first). Included
# OPTIONAL by the top-level CMakeLists.txt, after every target is defined.
#
# The package installs /usr/bin/commtax, the desktop entry, the scenario MIME type, AppStream
# metainfo, hicolor icons (the SVG and PNGs made from it by rsvg-convert), a manual page (help2man
# from `commtax --help`), bash completion, the example scenarios in /usr/share/commtax/scenarios,
# and in /usr/share/doc/commtax the DEP-5 copyright file and changelog.Debian.gz. The test
# test_package (tests/package/) builds it, unpacks it and checks all of that, lintian included.

# Identity of the package. The AppStream id is a placeholder until the project has a public home:
# set it once for good (an AppStream id must never change afterwards). There is no website yet, so
# the homepage is empty by default: the metainfo then has no <url> and no screenshots (whose
# images would live under it), and the Debian package no Homepage field.
set(COMMTAX_APP_ID "org.example.commtax" CACHE STRING "AppStream component id (reverse DNS); also the desktop file's name")
set(COMMTAX_HOMEPAGE "" CACHE STRING "Homepage in the AppStream metainfo and the Debian package (screenshots under /screenshots/); empty: none")
if(COMMTAX_HOMEPAGE STREQUAL "https://commtax.example.org") # the old placeholder, from a build folder configured before
  set(COMMTAX_HOMEPAGE "" CACHE STRING "Homepage in the AppStream metainfo and the Debian package (screenshots under /screenshots/); empty: none" FORCE)
endif()
# The maintainer ("Full Name <address>"): whoever builds the package for others. The project has
# no address of its own, so there is no default: -DCOMMTAX_MAINTAINER=..., else the Debian tools'
# DEBFULLNAME and DEBEMAIL (DEBEMAIL alone may be "Full Name <address>") when configuring, else
# `cpack -D CPACK_PACKAGE_CONTACT=...`. cpack refuses to build a package without one, or with an
# address at example.org/.com/.net (packaging/cpack-project.cmake), instead of shipping a made-up one.
set(COMMTAX_MAINTAINER "" CACHE STRING "Maintainer of the Debian package, \"Full Name <address>\"; empty: DEBFULLNAME and DEBEMAIL")
if(COMMTAX_MAINTAINER STREQUAL "Commtax maintainers <maintainers@commtax.example.org>") # the old placeholder
  set(COMMTAX_MAINTAINER "" CACHE STRING "Maintainer of the Debian package, \"Full Name <address>\"; empty: DEBFULLNAME and DEBEMAIL" FORCE)
endif()
set(commtax_maintainer "${COMMTAX_MAINTAINER}")
if(NOT commtax_maintainer AND DEFINED ENV{DEBEMAIL})
  if("$ENV{DEBEMAIL}" MATCHES "<")
    set(commtax_maintainer "$ENV{DEBEMAIL}")
  elseif(DEFINED ENV{DEBFULLNAME})
    set(commtax_maintainer "$ENV{DEBFULLNAME} <$ENV{DEBEMAIL}>")
  endif()
endif()
if(commtax_maintainer)
  message(STATUS "Debian package maintainer: ${commtax_maintainer}")
else()
  message(STATUS "Debian package maintainer: none (set COMMTAX_MAINTAINER, or DEBFULLNAME and DEBEMAIL, to build the package)")
endif()
# The release of PROJECT_VERSION: AppStream <release date> and the changelog's trailer line.
set(COMMTAX_RELEASE_DATE "2026-11-30")
set(COMMTAX_RELEASE_DATE_RFC2822 "Mon, 30 Nov 2026 12:00:00 +0000")

# Packaged files are 0644 and directories 0755 whatever the umask of whoever builds.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS ${CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS})
# `cpack` must not build the whole project (tests, benchmarks) through the install step:
# `cmake --build`, or the `deb` target below, builds what it needs.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# Hardening the Debian tools expect of an executable (lintian: hardening-no-relro,
# hardening-no-bindnow). PIE is the compiler's default on Debian.
if(NOT COMMTAX_SANITIZE)
  target_link_options(commtax PRIVATE LINKER:-z,relro LINKER:-z,now)
endif()

# The window tells the desktop which entry it belongs to (Wayland's app id).
target_compile_definitions(commtax PRIVATE COMMTAX_APP_ID="${COMMTAX_APP_ID}")

set(commtax_pkg_dir ${PROJECT_BINARY_DIR}/packaging)
file(MAKE_DIRECTORY ${commtax_pkg_dir})

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "commtax")
set(CPACK_PACKAGE_VENDOR "Commtax")
set(CPACK_PACKAGE_CONTACT "${commtax_maintainer}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
# Summary: under 80 characters, no article at the start, no full stop at the end (Debian policy 3.4.1).
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "communication tax and cost planner for training on GPU clusters")
# Lines of at most 79 characters; CPack indents each by one space in debian/control.
set(CPACK_PACKAGE_DESCRIPTION
    "Commtax plans large-model training on GPU clusters. Given a model, a GPU, a
cluster and a parallel layout (data, tensor and pipeline parallelism, ZeRO,
micro-batches, recompute, overlap), it computes the step time, the
communication tax (the share of the step spent moving gradients and
activations), the pipeline bubble, memory per GPU, MFU, time to train, total
cost of ownership and cost per billion tokens, with a source for every figure.
It compares hardware side by side, writes PDF reports for procurement,
calibrates the network model from nccl-tests logs, and offers the same
figures on the command line.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "commtax")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
if(COMMTAX_HOMEPAGE)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${COMMTAX_HOMEPAGE}")
endif()
set(CPACK_DEBIAN_COMPRESSION_TYPE "xz")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# Depends. dpkg-shlibdeps (dpkg-dev) finds every library the executable links (libc6, libstdc++6,
# the Qt libraries, QCustomPlot, libxlsxwriter) with the right versions. Listed by hand, once each, is only what
# is loaded at run time and so invisible to it: the Qt SQL SQLite driver (the preset library),
# the platform plugins (xcb, wayland, offscreen), the SVG image plugin (the icon), and a CJK font
# for Chinese text in the PDF reports.
set(commtax_runtime_depends "libqt6sql6-sqlite (>= 6.4), qt6-qpa-plugins (>= 6.4), libqt6svg6 (>= 6.4), fonts-noto-cjk")
find_program(COMMTAX_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(COMMTAX_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${commtax_runtime_depends}")
else()
  message(STATUS "dpkg-shlibdeps not found (package dpkg-dev): the package's Depends are the hand-written list")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6 (>= 2.35), libstdc++6 (>= 11), libgcc-s1 (>= 3.0), libqt6core6 (>= 6.4), libqt6gui6 (>= 6.4), libqt6widgets6 (>= 6.4), libqt6sql6 (>= 6.4), libqcustomplot2.1-qt6, libxlsxwriter4, ${commtax_runtime_depends}")
endif()

# ---- files generated at build time (target commtax_package_data, part of `all`)
set(commtax_pkg_outputs)

# hicolor PNG icons from the SVG.
set(COMMTAX_ICON_SIZES 16 22 24 32 48 64 128 256 512)
find_program(COMMTAX_RSVG_CONVERT rsvg-convert)
if(COMMTAX_RSVG_CONVERT)
  foreach(size IN LISTS COMMTAX_ICON_SIZES)
    set(png ${commtax_pkg_dir}/icons/${size}x${size}/commtax.png)
    add_custom_command(OUTPUT ${png}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${commtax_pkg_dir}/icons/${size}x${size}
      COMMAND ${COMMTAX_RSVG_CONVERT} -w ${size} -h ${size} -o ${png} ${PROJECT_SOURCE_DIR}/resources/icons/commtax.svg
      DEPENDS ${PROJECT_SOURCE_DIR}/resources/icons/commtax.svg
      COMMENT "Icon ${size}x${size} (rsvg-convert)" VERBATIM)
    list(APPEND commtax_pkg_outputs ${png})
    install(FILES ${png} DESTINATION share/icons/hicolor/${size}x${size}/apps)
  endforeach()
else()
  message(STATUS "rsvg-convert not found (package librsvg2-bin): the package gets the SVG icon only")
endif()

# The manual page, from the program's own --help and --version, plus packaging/commtax.h2m.
find_program(COMMTAX_HELP2MAN help2man)
find_program(COMMTAX_GZIP gzip)
if(COMMTAX_HELP2MAN AND COMMTAX_GZIP)
  set(man ${commtax_pkg_dir}/commtax.1)
  add_custom_command(OUTPUT ${man}.gz
    COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
            ${COMMTAX_HELP2MAN} --no-info --section=1 --include=${CMAKE_CURRENT_LIST_DIR}/commtax.h2m
            --output=${man} $<TARGET_FILE:commtax>
    COMMAND ${COMMTAX_GZIP} -9nf ${man}
    DEPENDS commtax ${CMAKE_CURRENT_LIST_DIR}/commtax.h2m
    COMMENT "Manual page commtax.1 (help2man)" VERBATIM)
  list(APPEND commtax_pkg_outputs ${man}.gz)
  install(FILES ${man}.gz DESTINATION share/man/man1)
else()
  message(STATUS "help2man or gzip not found (package help2man): the package gets no manual page")
endif()

# Debian changelog, compressed without a time stamp (gzip -9n). Its trailer names the maintainer,
# which may be given to cpack itself, so cpack writes it (packaging/cpack-project.cmake, which also
# refuses a package without a maintainer); OPTIONAL: `cmake --install` alone installs none.
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/cpack-project.cmake)
set(CPACK_COMMTAX_CHANGELOG_IN ${CMAKE_CURRENT_LIST_DIR}/changelog.Debian.in)
set(CPACK_COMMTAX_CHANGELOG ${commtax_pkg_dir}/changelog.Debian)
set(CPACK_COMMTAX_GZIP ${COMMTAX_GZIP})
set(CPACK_COMMTAX_RELEASE_DATE_RFC2822 "${COMMTAX_RELEASE_DATE_RFC2822}")
file(REMOVE ${commtax_pkg_dir}/changelog.Debian ${commtax_pkg_dir}/changelog.Debian.gz) # of an older build
install(FILES ${commtax_pkg_dir}/changelog.Debian.gz DESTINATION share/doc/commtax OPTIONAL)
# Not in the sanitizer build's `all` (help2man would run the instrumented executable; that build
# makes no package).
if(COMMTAX_SANITIZE)
  add_custom_target(commtax_package_data DEPENDS ${commtax_pkg_outputs})
else()
  add_custom_target(commtax_package_data ALL DEPENDS ${commtax_pkg_outputs})
endif()

# The homepage and the screenshots published under it, only when there is a homepage.
set(COMMTAX_METAINFO_WEB "")
if(COMMTAX_HOMEPAGE)
  string(APPEND COMMTAX_METAINFO_WEB "\n  <url type=\"homepage\">${COMMTAX_HOMEPAGE}</url>\n  <screenshots>")
  foreach(shot "mainwindow|The plan editor, key figures and charts of Llama 2 70B on 256 H100 GPUs"
               "mainwindow-invalid|An invalid plan: the reason under each field, the last valid figures greyed"
               "mainwindow-nofit|A plan that does not fit in GPU memory")
    string(REPLACE "|" ";" shot "${shot}")
    list(GET shot 0 file)
    list(GET shot 1 caption)
    set(type "")
    if(file STREQUAL "mainwindow")
      set(type " type=\"default\"")
    endif()
    string(APPEND COMMTAX_METAINFO_WEB "\n    <screenshot${type}>\n      <caption>${caption}</caption>\n"
           "      <image type=\"source\" width=\"1600\" height=\"1000\">${COMMTAX_HOMEPAGE}/screenshots/${file}.png</image>\n    </screenshot>")
  endforeach()
  string(APPEND COMMTAX_METAINFO_WEB "\n  </screenshots>")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/commtax.metainfo.xml.in ${commtax_pkg_dir}/${COMMTAX_APP_ID}.metainfo.xml @ONLY)

# ---- installed files
install(FILES ${CMAKE_CURRENT_LIST_DIR}/commtax.desktop DESTINATION share/applications RENAME ${COMMTAX_APP_ID}.desktop)
install(FILES ${commtax_pkg_dir}/${COMMTAX_APP_ID}.metainfo.xml DESTINATION share/metainfo)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/commtax-mime.xml DESTINATION share/mime/packages RENAME commtax.xml)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/commtax.svg DESTINATION share/icons/hicolor/scalable/apps)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/commtax.bash-completion DESTINATION share/bash-completion/completions RENAME commtax)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/presets/scenarios DESTINATION share/commtax FILES_MATCHING PATTERN "*.json")
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright DESTINATION share/doc/commtax)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/lintian-overrides DESTINATION share/lintian/overrides RENAME commtax)
# A stripped executable also loses the .comment and .note sections, as dh_strip does (lintian:
# binary-has-unneeded-section). This rule runs after app/'s install(TARGETS) (policy CMP0082).
if(CMAKE_STRIP)
  install(CODE "if(CMAKE_INSTALL_DO_STRIP)
  execute_process(COMMAND \"${CMAKE_STRIP}\" --remove-section=.comment --remove-section=.note
                          \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/commtax\" COMMAND_ERROR_IS_FATAL ANY)
endif()")
endif()

# `cmake --build BUILD --target deb`: build the executable and the generated files, then the package.
add_custom_target(deb
  COMMAND ${CMAKE_CPACK_COMMAND} -G DEB --config ${PROJECT_BINARY_DIR}/CPackConfig.cmake
  WORKING_DIRECTORY ${PROJECT_BINARY_DIR}
  DEPENDS commtax commtax_package_data
  COMMENT "Debian package (cpack -G DEB)" VERBATIM)

include(CPack)
