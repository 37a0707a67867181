//===- ProfileTest.cpp - time per source line, and the HTML page ----------===//
//
// The profile's rows and sums against what the run itself counts (every
// engine's busy and waiting times, its transfers), a macro's body line
// gathering every expansion, and the sort order; then the HTML page: whole,
// deterministic, with its data where the script looks for it and nothing
// in the data able to end its <script> element.
//
//===----------------------------------------------------------------------===//

#include "trn/trace/Profile.h"

#include "llvm/Support/JSON.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"
#include "trn/trace/Report.h"
#include "trn/view/HtmlView.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

using namespace trn;

namespace {

object::Program assemble(const std::string &Name, const std::string &Text) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText(Name, Text, {}, OS);
  REQUIRE_MESSAGE(R.Program, OS.str());
  return std::move(*R.Program);
}

const char *Kernel = ".tensor x : fp32[128, 64] output\n" // line 1
                     ".sbuf a : fp32[128, 64]\n"
                     ".sem s\n"
                     ".macro fill v\n"
                     "    dve.memset a, \\v\n" // line 5: both expansions
                     ".endm\n"
                     "    fill 1.0\n"
                     "    fill 2.0\n"
                     "    dve.nop signal(s)\n"                    // line 9
                     "    sp.dma_copy x, a, q0.0 wait(s >= 1)\n"; // line 10

} // namespace

TEST_CASE("Profiler: rows by source line and engine, sums equal to the run's") {
  emu::Emulator E(assemble("k.s", Kernel));
  trace::Profiler P(E);
  E.addObserver(&P);
  emu::RunResult R = E.run({});
  REQUIRE(R.ok());
  trace::Profile Prof = P.build(R);
  CHECK(Prof.Chip == std::string(E.chip().Name));
  CHECK(Prof.TotalPs == R.TimePs);
  REQUIRE(Prof.Lines.size() == 3);

  auto Row = [&](const char *Where) -> const trace::ProfileLine & {
    for (const trace::ProfileLine &L : Prof.Lines)
      if (L.Where == Where)
        return L;
    FAIL("no row ", Where);
    return Prof.Lines[0];
  };
  // The macro's body line gathers both expansions.
  const trace::ProfileLine &Body = Row("k.s:5");
  CHECK(Body.Eng == isa::Engine::DVE);
  CHECK(Body.Executions == 2);
  CHECK(Body.Instruction.find("dve.memset") == 0);
  // The DMA trigger (600 ns on trn2) is the busiest line.
  CHECK(Prof.Lines[0].Where == "k.s:10");
  // Busiest first.
  for (size_t K = 1; K < Prof.Lines.size(); ++K)
    CHECK(Prof.Lines[K - 1].BusyPs >= Prof.Lines[K].BusyPs);

  // Each engine's rows add up to what the run counted for it.
  for (unsigned K = 0; K < isa::NumEngines; ++K) {
    CAPTURE(K);
    CHECK(Prof.Totals[K].BusyPs == R.Engines[K].BusyPs);
    CHECK(Prof.Totals[K].WaitPs == R.Engines[K].WaitPs);
    CHECK(Prof.Totals[K].Executions == R.Engines[K].Instructions);
  }
  CHECK(Prof.Total.Executions == R.Instructions);

  // The DMA line waited for DVE's signal and owns its transfer.
  const trace::ProfileLine *Dma = &Row("k.s:10");
  CHECK(Dma->Eng == isa::Engine::SP);
  CHECK(Dma->WaitPs > 0);
  CHECK(Dma->Transfers == 1);
  CHECK(Dma->DmaPs == R.DmaActivePs);

  std::ostringstream OS;
  trace::printProfile(Prof, OS);
  CHECK(OS.str().find("k.s:5  dve.memset") != std::string::npos);
  CHECK(OS.str().find("3 source lines") != std::string::npos);

  // The JSON form parses, with the same rows in the same order.
  std::ostringstream JS;
  trace::writeProfileJson(Prof, JS);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(JS.str());
  if (!V) {
    std::string Why = llvm::toString(V.takeError());
    FAIL("the profile JSON does not parse: ", Why);
  }
  const llvm::json::Array *Lines = V->getAsObject()->getArray("lines");
  REQUIRE(Lines);
  REQUIRE(Lines->size() == Prof.Lines.size());
  for (size_t K = 0; K < Lines->size(); ++K)
    CHECK((*Lines)[K].getAsObject()->getString("where") == Prof.Lines[K].Where);
}

TEST_CASE("Profiler: instructions without a line table are rows of their own") {
  object::Program Prog = assemble("k.s", Kernel);
  for (object::Stream &S : Prog.Streams)
    for (object::SourceLoc &L : S.Locs)
      L = {};
  emu::Emulator E(std::move(Prog));
  trace::Profiler P(E);
  E.addObserver(&P);
  emu::RunResult R = E.run({});
  REQUIRE(R.ok());
  trace::Profile Prof = P.build(R);
  CHECK(Prof.Lines.size() == 4); // two memsets, the nop, the copy
  bool Found = false;
  for (const trace::ProfileLine &L : Prof.Lines)
    Found = Found || L.Where == "<DVE #1>";
  CHECK(Found);
}

namespace {

std::string page(const std::string &FileName) {
  emu::Emulator E(assemble(FileName, Kernel));
  trace::Profiler P(E);
  trace::ReportBuilder Rep(E);
  view::Recorder Rec(E);
  E.addObserver(&P);
  E.addObserver(&Rep);
  E.addObserver(&Rec);
  emu::RunResult R = E.run({});
  REQUIRE(R.ok());
  trace::Report Report = Rep.build(R, 0);
  trace::Profile Prof = P.build(R);
  std::ostringstream OS;
  view::writeHtml({E, R, Rec, Report, Prof, FileName}, OS);
  return OS.str();
}

} // namespace

TEST_CASE("writeHtml: one whole, deterministic page; data that cannot end its script") {
  std::string A = page("k.s"), B = page("k.s");
  CHECK(A == B);
  CHECK(A.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(A.find("</html>") != std::string::npos);
  // Every placeholder was filled.
  CHECK(A.find("@DATA@") == std::string::npos);
  CHECK(A.find("/*@SCRIPT@*/") == std::string::npos);
  CHECK(A.find("/*@STYLE@*/") == std::string::npos);
  // The DVE track: its two memsets and its nop, back to back from 0.
  CHECK(A.find("{\"eng\":1,\"g\":[0,0,0]") != std::string::npos);
  // The DVE's wait-free nop signal reaches SP's copy: a wait record on SP.
  CHECK(A.find("\"tracks\":[") != std::string::npos);
  CHECK(A.find("\"name\":\"DMA q0.0\"") != std::string::npos);

  // A name holding "</script>" stays data.
  std::string C = page("</script><b>.s");
  size_t Scripts = 0;
  for (size_t At = C.find("</script>"); At != std::string::npos; At = C.find("</script>", At + 1))
    ++Scripts;
  CHECK(Scripts == 3); // the error recorder, the data, the view's script
  CHECK(C.find("<title>&lt;/script>&lt;b>.s - trnemu</title>") != std::string::npos);
}
