# Build options for the sanitizer and fuzzing builds (docs/testing.md).
#
# TRN_SANITIZE=ON: every target, libraries, tools and tests, is built with
# AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer; any
# undefined behaviour stops the program, so ctest reports it as a failure.
# TRN_FUZZ=ON (Clang only): the libraries are instrumented for libFuzzer's
# coverage feedback and testsuite/fuzz builds the fuzz targets and their
# ctest entries. scripts/setup.sh sanitize configures build-asan with both.
option(TRN_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(TRN_FUZZ "Build the libFuzzer targets of testsuite/fuzz (Clang only)" OFF)

if(TRN_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

if(TRN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TRN_FUZZ needs Clang (libFuzzer): configure with "
                        "-DCMAKE_CXX_COMPILER=clang++-19")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=fuzzer-no-link)
endif()
