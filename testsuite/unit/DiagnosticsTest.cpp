//===- DiagnosticsTest.cpp - what the libraries report, in parts -----------===//
//
// For callers that are not a terminal (the Python module): the assembler's
// diagnostics each in parts beside its text, a fault's engine and
// instruction, and --check's words from the library.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/raw_ostream.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"

#include <doctest/doctest.h>

#include <string>

using namespace trn;
using Severity = assembler::Diagnostic::Severity;

namespace {

assembler::Result assemble(const std::string &Text, std::string &Diag,
                           assembler::Options Opts = {}) {
  llvm::raw_string_ostream OS(Diag);
  assembler::Result R = assembler::assembleText("k.s", Text, Opts, OS);
  OS.flush();
  return R;
}

} // namespace

TEST_CASE("assembler diagnostics: one entry per message printed, in order") {
  std::string Diag;
  assembler::Result R =
      assemble(".chip trn2\n.sbuf a : fp32[4, 4]\n.sbuf a : fp32[4, 4]\nfoo\n", Diag);
  CHECK(!R.Program);
  REQUIRE(R.Diagnostics.size() == 3);
  CHECK(R.Diagnostics[0].File == "k.s");
  CHECK(R.Diagnostics[0].Line == 3);
  CHECK(R.Diagnostics[0].Column == 7);
  CHECK(R.Diagnostics[0].Kind == Severity::Error);
  CHECK(R.Diagnostics[0].Message == "'a' is already defined");
  CHECK(R.Diagnostics[1].Kind == Severity::Note);
  CHECK(R.Diagnostics[1].Line == 2);
  CHECK(R.Diagnostics[2].Line == 4);
  CHECK(R.Diagnostics[2].Column == 1);
  for (const assembler::Diagnostic &D : R.Diagnostics)
    CHECK(Diag.find(D.Message) != std::string::npos);
}

TEST_CASE("assembler diagnostics: warnings, -Werror, the note after too many errors") {
  std::string Diag;
  assembler::Result R = assemble(".chip trn2\n.sbuf unused : fp32[4, 4]\n", Diag);
  CHECK(R.Program);
  REQUIRE(R.Diagnostics.size() == 1);
  CHECK(R.Diagnostics[0].Kind == Severity::Warning);
  assembler::Options Werror;
  Werror.WarningsAsErrors = true;
  std::string Diag2;
  R = assemble(".chip trn2\n.sbuf unused : fp32[4, 4]\n", Diag2, Werror);
  REQUIRE(R.Diagnostics.size() == 1);
  CHECK(R.Diagnostics[0].Kind == Severity::Error);
  CHECK(R.Diagnostics[0].Message.find("[-Werror]") != std::string::npos);
  assembler::Options Two;
  Two.MaxErrors = 2;
  std::string Diag3;
  R = assemble("a\nb\nc\n", Diag3, Two);
  REQUIRE(R.Diagnostics.size() == 3);
  CHECK(R.Diagnostics[2].Kind == Severity::Note);
  CHECK(R.Diagnostics[2].Line == 0);
  CHECK(R.Diagnostics[2].Message == "stopping after 2 errors: the rest of the input is not read");
}

TEST_CASE("faults name their engine and instruction, or none") {
  std::string Diag;
  assembler::Result R = assemble(".sbuf x : fp32[4, 8]\n.sbuf y : fp32[4, 8]\n"
                                 "dve.li r2, 57340\ndve.tensor_copy y, x + r2\n",
                                 Diag);
  REQUIRE(R.Program);
  emu::Emulator E(std::move(*R.Program));
  emu::RunResult Run = E.run({});
  REQUIRE(Run.Error);
  CHECK(Run.Error->Kind == emu::FaultKind::OutOfBounds);
  REQUIRE(Run.Error->Eng);
  CHECK(*Run.Error->Eng == isa::Engine::DVE);
  CHECK(Run.Error->Index == 1);

  std::string Diag2;
  R = assemble(".sem a\ndve.sem_wait a, ge, 1\n", Diag2);
  REQUIRE(R.Program);
  emu::Emulator D(std::move(*R.Program));
  Run = D.run({});
  REQUIRE(Run.Error);
  CHECK(Run.Error->Kind == emu::FaultKind::Deadlock);
  CHECK(!Run.Error->Eng);
}

TEST_CASE("describeCheck: trn-emu --check's lines") {
  emu::CheckResult Ok;
  Ok.Elements = 4;
  CHECK(emu::describeCheck("o", Ok, 1e-5, 1e-8) ==
        "check o: ok, 4 elements within rtol=1e-05 atol=1e-08 (max abs error 0, max rel error "
        "0)\n");
  emu::CheckResult Bad;
  Bad.Elements = 4;
  Bad.Mismatches = 1;
  Bad.MaxAbsError = 1;
  Bad.MaxRelError = 0.5;
  Bad.First.push_back({{0, 1}, 3, 2});
  CHECK(emu::describeCheck("o", Bad, 0, 0.5) ==
        "check o: MISMATCH in 1 of 4 elements (rtol=0 atol=0.5; max abs error 1, max rel error "
        "0.5)\n  o[0, 1]: got 3, expected 2\n");
}
