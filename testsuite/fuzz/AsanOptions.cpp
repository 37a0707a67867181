//===- AsanOptions.cpp - AddressSanitizer defaults of the fuzz targets ----===//
//
// The assembler recovers from an error by throwing to the start of the next
// line, and every throw makes ASan's stack-use-after-return detection sweep
// its whole fake stack (about 1 MiB of flags by default) at the next call:
// on inputs with many bad lines, as fuzz inputs are, that sweep was a third
// of the time. A fake stack of 64 KiB (2^16) keeps the detection, for the
// frames that fit, at a small fraction of the cost. ASAN_OPTIONS still
// overrides this.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() { return "max_uar_stack_size_log=16"; }
