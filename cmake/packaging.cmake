# `cpack -G DEB` in the build tree: a Debian package installing /usr/bin/kprove and
# /usr/share/kprove/stdlib-specs/ (the relocatable layout of `cmake --install`,
# driver/CMakeLists.txt). tests/install/check_deb.sh builds it and installs it.
set(CPACK_PACKAGE_NAME kprove)
set(CPACK_PACKAGE_VENDOR "kprove developers")
set(CPACK_PACKAGE_CONTACT "kprove developers <kprove@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "deductive verifier for GPU kernels (OpenCL, CUDA, PVL)")
set(CPACK_PACKAGE_DESCRIPTION
    "kprove proves GPU kernels annotated with permission-based separation-logic\
 contracts free of data races and barrier divergence, and correct against their\
 postconditions, for every number of threads.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${KPROVE_HOMEPAGE}")
# The shared libraries (Z3, LLVM, libclang-cpp, fmt, libstdc++) as dpkg-shlibdeps
# finds them in the binary; what the binary reads at run time but does not link
# is declared by hand: Clang's resource headers (stddef.h, opencl-c.h), which the
# front end takes from the -resource-dir it was built with (lang/CMakeLists.txt).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
find_program(DPKG_PROGRAM dpkg)
if(DPKG_PROGRAM)
  execute_process(COMMAND ${DPKG_PROGRAM} -S ${KPROVE_CLANG_RESOURCE_DIR}/include/stddef.h
                  OUTPUT_VARIABLE resource_owner ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX REPLACE "[:,].*" "" resource_package "${resource_owner}")
endif()
if(NOT resource_package)
  message(STATUS "kprove: no package owns ${KPROVE_CLANG_RESOURCE_DIR}; the .deb will not declare it")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${resource_package}")
endif()
include(CPack)
