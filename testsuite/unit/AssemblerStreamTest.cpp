//===- AssemblerStreamTest.cpp - diagnostics to a std::ostream --------------===//
//
// The public API takes a std::ostream for diagnostics (no LLVM type in it):
// the whole clang-style message reaches it by the time assembleText returns,
// in colour only when Options::Color asks for it.
//
//===----------------------------------------------------------------------===//

#include "trn/asm/Assembler.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

using namespace trn;

namespace {

const char *Bad = ".tensor x : fp32[4, 8] input\n    sp.dma_copy nowhere, x, q0.0\n";

std::string diagnose(bool Color) {
  assembler::Options Opts;
  Opts.Color = Color;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("bad.s", Bad, Opts, OS);
  CHECK(R.Errors == 1);
  CHECK(!R.Program);
  return OS.str();
}

} // namespace

TEST_CASE("assembler diagnostics reach a std::ostream whole, coloured only when asked") {
  std::string Plain = diagnose(false);
  INFO(Plain);
  CHECK(Plain.rfind("bad.s:2:17: error: ", 0) == 0);
  CHECK(Plain.find("    sp.dma_copy nowhere, x, q0.0\n") != std::string::npos);
  CHECK(Plain.find("^") != std::string::npos);
  CHECK(Plain.find('\x1b') == std::string::npos);

  std::string Colored = diagnose(true);
  CHECK(Colored.find("\x1b[") != std::string::npos);
  CHECK(Colored.find("error: ") != std::string::npos);
}

TEST_CASE("a file that cannot be read is one error on the stream") {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleFile("/nonexistent/k.s", {}, OS);
  CHECK(R.Errors == 1);
  CHECK(OS.str().rfind("/nonexistent/k.s: error: ", 0) == 0);
}
