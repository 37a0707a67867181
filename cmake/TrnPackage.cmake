# The installable package (docs/api.md, "Installing"): one library,
# libtrnemu, made of the component libraries' objects; the public headers
# (include/trn and the generated headers they include); the tools; a CMake
# package (find_package(trnemu) -> trnemu::trnemu) and trnemu.pc.
#
# LLVM (Support, Object) is an implementation detail: no public header
# names it. The shared library (TRN_SHARED_LIBS=ON) links LLVM's static
# libraries into itself and exports none of their symbols, so consumers
# need libtrnemu.so alone (and fmt's and Highway's runtime libraries, which
# it names). The static library cannot carry LLVM inside it, so the
# package puts the runtime libraries of LLVM 19, fmt and Highway on the
# consumer's link line by file (Debian's libllvm19, libfmt9, libhwy1: no
# -dev packages, no LLVM headers).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TRN_PACKAGE_COMPONENTS trn_support trn_isa trn_numerics trn_npy trn_object trn_verify trn_asm
    trn_emu trn_system trn_trace trn_race trn_run)
# The program builder (trn/build), where it is part of the tree.
if(TARGET trn_build)
  list(APPEND TRN_PACKAGE_COMPONENTS trn_build)
endif()
# The HTML view (trn/view/HtmlView.h: trn-emu --html).
list(APPEND TRN_PACKAGE_COMPONENTS trn_view)

if(TRN_SHARED_LIBS)
  set(TRN_LIBRARY_TYPE SHARED)
else()
  set(TRN_LIBRARY_TYPE STATIC)
endif()
set(TRN_PACKAGE_OBJECTS)
foreach(C ${TRN_PACKAGE_COMPONENTS})
  list(APPEND TRN_PACKAGE_OBJECTS $<TARGET_OBJECTS:${C}>)
endforeach()
add_library(trnemu ${TRN_LIBRARY_TYPE} ${TRN_PACKAGE_OBJECTS})
add_library(trnemu::trnemu ALIAS trnemu)
add_dependencies(trnemu ${TRN_PACKAGE_COMPONENTS})
set_target_properties(trnemu PROPERTIES VERSION ${PROJECT_VERSION} SOVERSION
                                        ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
target_include_directories(trnemu PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
                                         $<BUILD_INTERFACE:${TRN_GEN_DIR}>
                                         $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(trnemu PUBLIC cxx_std_20)

# What the components link privately, in the order a static link needs.
llvm_map_components_to_libnames(TRN_PACKAGE_LLVM_LIBS object support binaryformat)
find_package(Threads REQUIRED)
# The runtime library files behind fmt::fmt and hwy::hwy, by their SONAME
# (libfmt.so.9: what a patch update of the package keeps), and LLVM's
# single shared library (its file name is its SONAME).
function(trn_runtime_file VAR TARGET)
  get_target_property(Configs ${TARGET} IMPORTED_CONFIGURATIONS)
  list(GET Configs 0 Config)
  get_target_property(Loc ${TARGET} IMPORTED_LOCATION_${Config})
  get_target_property(Soname ${TARGET} IMPORTED_SONAME_${Config})
  file(REAL_PATH ${Loc} Real)
  if(Soname)
    get_filename_component(Dir ${Real} DIRECTORY)
    set(Real ${Dir}/${Soname})
  endif()
  set(${VAR} ${Real} PARENT_SCOPE)
endfunction()
trn_runtime_file(TRN_FMT_RUNTIME fmt::fmt)
trn_runtime_file(TRN_HWY_RUNTIME hwy::hwy)
if(NOT TRN_SHARED_LIBS)
  find_file(TRN_LLVM_RUNTIME NAMES libLLVM.so.${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}
            PATHS ${LLVM_LIBRARY_DIR} NO_DEFAULT_PATH)
  if(NOT TRN_LLVM_RUNTIME)
    message(FATAL_ERROR "The static libtrnemu needs LLVM's shared library (libLLVM.so."
                        "${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}) for its consumers, and "
                        "${LLVM_LIBRARY_DIR} has none: configure with -DTRN_SHARED_LIBS=ON")
  endif()
  file(REAL_PATH ${TRN_LLVM_RUNTIME} TRN_LLVM_RUNTIME)
endif()

if(TRN_SHARED_LIBS)
  target_link_libraries(trnemu PRIVATE ${TRN_PACKAGE_LLVM_LIBS} fmt::fmt hwy::hwy Threads::Threads)
  # LLVM's symbols stay inside (a consumer may have an LLVM of its own).
  target_link_options(trnemu PRIVATE -Wl,--exclude-libs,ALL -Wl,--no-undefined
                      -Wl,--version-script=${CMAKE_SOURCE_DIR}/cmake/trnemu.map)
  set_property(TARGET trnemu APPEND PROPERTY LINK_DEPENDS ${CMAKE_SOURCE_DIR}/cmake/trnemu.map)
  set(TRN_PC_LIBS "-L\${libdir} -ltrnemu")
  set(TRN_CONFIG_LINK "")
else()
  # Built in this tree against LLVM's static libraries; once installed,
  # against the runtime library files (trnemuConfig.cmake).
  target_link_libraries(trnemu PRIVATE $<BUILD_INTERFACE:${TRN_PACKAGE_LLVM_LIBS} fmt::fmt
                                       hwy::hwy Threads::Threads>)
  set(TRN_RUNTIME_FILES ${TRN_LLVM_RUNTIME} ${TRN_FMT_RUNTIME} ${TRN_HWY_RUNTIME})
  list(JOIN TRN_RUNTIME_FILES " " TRN_PC_RUNTIME)
  set(TRN_PC_LIBS "-L\${libdir} -ltrnemu ${TRN_PC_RUNTIME} -pthread")
  set(TRN_CONFIG_LINK "${TRN_RUNTIME_FILES};Threads::Threads")
endif()

install(TARGETS trnemu EXPORT trnemuTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS trn-as trn-objdump trn-emu trn-bench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The debugger (trn/debug) is trn-emu's, not the package's: it would put
# libedit on every consumer's link line.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/trn DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        PATTERN "debug" EXCLUDE)
# The generated headers public ones include (trn/isa/IsaEnums.inc, ...);
# the tables, the dispatch and the Python bindings' methods, which only
# trnemu's own sources include, stay out.
install(DIRECTORY ${TRN_GEN_DIR}/trn DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" PATTERN "*.inc"
        PATTERN "IsaTables.inc" EXCLUDE PATTERN "EmuDispatch.inc" EXCLUDE
        PATTERN "BuilderPython.inc" EXCLUDE)
install(FILES ${CMAKE_SOURCE_DIR}/docs/api.md ${CMAKE_SOURCE_DIR}/docs/cli.md
              ${CMAKE_SOURCE_DIR}/docs/assembly.md ${CMAKE_SOURCE_DIR}/docs/isa-reference.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/api DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(TRN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/trnemu)
install(EXPORT trnemuTargets NAMESPACE trnemu:: DESTINATION ${TRN_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/trnemuConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/package/trnemuConfig.cmake
                              INSTALL_DESTINATION ${TRN_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/trnemuConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/trnemuConfig.cmake
              ${CMAKE_BINARY_DIR}/package/trnemuConfigVersion.cmake
        DESTINATION ${TRN_CMAKE_DIR})
file(RELATIVE_PATH TRN_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" TRN_PC_TO_PREFIX ${TRN_PC_TO_PREFIX})
configure_file(${CMAKE_SOURCE_DIR}/cmake/trnemu.pc.in ${CMAKE_BINARY_DIR}/package/trnemu.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/package/trnemu.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
