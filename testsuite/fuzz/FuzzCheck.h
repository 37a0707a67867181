//===- FuzzCheck.h - properties the fuzz targets assert ---------*- C++ -*-===//
//
// A property that fails is a bug the fuzzer must report as a crash, with
// the input saved: print what failed and abort (libFuzzer catches SIGABRT).
// Not assert(): it vanishes under NDEBUG, which RelWithDebInfo defines.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_FUZZ_FUZZCHECK_H
#define TRN_FUZZ_FUZZCHECK_H

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(Cond)                                                                           \
  do {                                                                                             \
    if (!(Cond)) {                                                                                 \
      std::fprintf(stderr, "%s:%d: fuzz property failed: %s\n", __FILE__, __LINE__, #Cond);        \
      std::abort();                                                                                \
    }                                                                                              \
  } while (0)

#endif
