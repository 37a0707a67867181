//===- DebuggerTest.cpp - the debugger's commands, regions and lines ------===//
//
// parseCommand (src/debug/Command.h) on every command and its errors, the
// regions of print/dump/watch against NumPy's indexing, and breakpoints by
// source line (src/debug/Breakpoints.h).
//
//===----------------------------------------------------------------------===//

#include "Breakpoints.h"
#include "Command.h"
#include "Region.h"
#include "trn/asm/Assembler.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace trn;
using namespace trn::debug;

namespace {

Command ok(std::string_view Line) {
  auto R = parseCommand(Line);
  if (auto *E = std::get_if<CommandError>(&R))
    FAIL("'" << Line << "': " << E->Message);
  return std::get<Command>(R);
}

CommandError bad(std::string_view Line) {
  auto R = parseCommand(Line);
  REQUIRE_MESSAGE(std::holds_alternative<CommandError>(R), Line);
  return std::get<CommandError>(R);
}

object::Program program(const std::string &Text) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("dbg.s", Text, {}, OS);
  REQUIRE_MESSAGE(R.Program, OS.str());
  return std::move(*R.Program);
}

} // namespace

TEST_CASE("debugger: commands and their short forms") {
  CHECK(ok("").V == Verb::Nothing);
  CHECK(ok("   # a comment").V == Verb::Nothing);
  CHECK(ok("run").V == Verb::Run);
  CHECK(ok("r").V == Verb::Run);
  CHECK(ok("c").V == Verb::Continue);
  CHECK(ok("cont").V == Verb::Continue); // a unique prefix
  CHECK(ok("stepi").V == Verb::NextEvent);
  CHECK(ok("next-event").V == Verb::NextEvent);
  CHECK(ok("q").V == Verb::Quit);
  CHECK(ok("help").V == Verb::Help);
  Command S = ok("step dve");
  CHECK(S.V == Verb::Step);
  CHECK(S.Eng == isa::Engine::DVE);
  CHECK(!ok("s").Eng);
  CHECK(ok("why PE").Eng == isa::Engine::PE);
  CHECK(ok("info b").V == Verb::InfoBreakpoints);
  CHECK(ok("i r").V == Verb::InfoRegisters);
  CHECK(ok("info registers act").Eng == isa::Engine::ACT);
  CHECK(ok("info sem").V == Verb::InfoSemaphores);
  CHECK(ok("info queues").V == Verb::InfoQueues);
  CHECK(ok("info engines").V == Verb::InfoEngines);
  CHECK(ok("delete 2 3").Ids == std::vector<unsigned>{2, 3});
  CHECK(ok("delete").Ids.empty());
}

TEST_CASE("debugger: breakpoint locations") {
  auto Line = std::get<AtLine>(ok("break k.s:12").At);
  CHECK(Line.File == "k.s");
  CHECK(Line.Line == 12);
  CHECK(std::get<AtLine>(ok("b 7").At).File.empty());
  auto I = std::get<AtInstr>(ok("break pe #3").At);
  CHECK(I.Eng == isa::Engine::PE);
  CHECK(I.Index == 3);
  CHECK(std::get<AtInstr>(ok("break SP#0").At).Eng == isa::Engine::SP);
  CHECK(std::get<AtTime>(ok("break time 120").At).Ps == 120000);
  CHECK(std::get<AtTime>(ok("break time 1.5us").At).Ps == 1500000);
  CHECK(std::get<AtTime>(ok("break time 2.25ns").At).Ps == 2250);
  CHECK(std::get<AtTime>(ok("break time 700ps").At).Ps == 700);
  CHECK(std::get<AtCycle>(ok("break cycle 300").At).Cycle == 300);
}

TEST_CASE("debugger: regions keep their brackets whole") {
  Command P = ok("print b_s[0:4, 0, 0:8]");
  CHECK(P.Region == "b_s[0:4, 0, 0:8]");
  CHECK(P.RegionColumn == 6);
  Command D = ok("dump  x[1, :]   out.npy");
  CHECK(D.Region == "x[1, :]");
  CHECK(D.File == "out.npy");
  CHECK(ok("watch o").Region == "o");
}

TEST_CASE("debugger: bad commands say what is wrong and where") {
  CommandError U = bad("contnue");
  CHECK(U.Message == "unknown command 'contnue' (did you mean 'continue'?); 'help' lists the "
                     "commands");
  CHECK(U.Column == 0);
  CHECK(bad("frobnicate").Message == "unknown command 'frobnicate'; 'help' lists the commands");
  CHECK(bad("st").Message.find("unknown command 'st'") == 0); // step or stepi
  CHECK(bad("info regsters").Message.find("did you mean 'registers'") != std::string::npos);
  CHECK(bad("info").Message.find("info: expected") == 0);
  CommandError E = bad("step gpu");
  CHECK(E.Message == "'gpu' is not an engine: expected PE, DVE, ACT, POOL or SP");
  CHECK(E.Column == 5);
  CHECK(bad("why").Message == "why: expected an engine, as in 'why PE'");
  CHECK(bad("break").Message.find("break: expected FILE:LINE") == 0);
  CHECK(bad("break pe 3").Message.find("expected an instruction index") != std::string::npos);
  CHECK(bad("break xy #3").Message.find("'xy' is not an engine") == 0);
  CHECK(bad("break pe #x").Message == "'#x' is not an instruction index");
  CHECK(bad("break time soon").Message.find("'soon' is not a time") == 0);
  CHECK(bad("break cycle -1").Message == "'-1' is not a cycle number");
  CHECK(bad("break k.s:0").Message.find("'k.s:0' is not a location") == 0);
  CHECK(bad("delete one").Message == "delete: 'one' is not a breakpoint number");
  CHECK(bad("dump x").Message.find("dump: expected a file") == 0);
  CHECK(bad("print x y").Message == "print: unexpected 'y' after the region");
  CHECK(bad("continue now").Message == "continue: unexpected 'now'");
  CHECK(bad("print").Message.find("print: expected a tensor or allocation") == 0);
}

TEST_CASE("debugger: regions index as NumPy does") {
  object::Program P = program(".tensor t : fp32[3, 4] input\n"
                              ".sbuf s : bf16[8, 2, 6]\n"
                              ".psum p : fp32[4, 16]\n"
                              "sp.nop\n");
  auto R = std::get<Region>(resolveRegion(P, "t[1:3, ::2]"));
  CHECK(R.Shape == std::vector<uint64_t>{2, 2});
  const object::Tensor &T = *P.findTensor("t");
  CHECK(R.Addresses ==
        std::vector<uint64_t>{T.Address + 16, T.Address + 24, T.Address + 32, T.Address + 40});
  // On chip the first index selects partitions; the rest lie in each of them.
  auto S = std::get<Region>(resolveRegion(P, "s[2:4, 1, 4:]"));
  CHECK(S.Shape == std::vector<uint64_t>{2, 2});
  const object::Allocation &A = *P.findAllocation("s");
  CHECK(S.Partitions ==
        std::vector<uint32_t>{A.PartStart + 2, A.PartStart + 2, A.PartStart + 3, A.PartStart + 3});
  CHECK(S.Addresses ==
        std::vector<uint64_t>{A.Offset + 20, A.Offset + 22, A.Offset + 20, A.Offset + 22});
  auto Whole = std::get<Region>(resolveRegion(P, "p"));
  CHECK(Whole.Shape == std::vector<uint64_t>{4, 16});
  CHECK(Whole.Space == isa::MemSpace::PSUM);
  auto One = std::get<Region>(resolveRegion(P, "t[2, 3]"));
  CHECK(One.Shape.empty());
  CHECK(One.elements() == 1);

  // A footprint overlapping the last element of s[2:4, 1, 4:] in partition 3.
  emu::ByteRun Run{A.Offset + 23, A.Offset + 30};
  emu::Footprint F{isa::MemSpace::SBUF, A.PartStart + 3, 1, &Run, 1, true};
  CHECK(overlaps(S, F));
  F.PartStart = A.PartStart + 4;
  CHECK(!overlaps(S, F));
  F.PartStart = A.PartStart + 3;
  emu::ByteRun Before{A.Offset + 0, A.Offset + 19};
  F.Runs = &Before;
  CHECK(!overlaps(S, F));
}

TEST_CASE("debugger: bad regions, with the column at fault") {
  object::Program P = program(".tensor t : fp32[3, 4] input\nsp.nop\n");
  auto Err = [&](std::string_view Text) { return std::get<RegionError>(resolveRegion(P, Text)); };
  CHECK(Err("u").Message == "the program declares no tensor or allocation 'u' (it has t)");
  RegionError Out = Err("t[0, 9]");
  CHECK(Out.Message == "index 9 is out of range for dimension 1 of 't' (size 4)");
  CHECK(Out.Column == 5);
  CHECK(Err("t[0:0]").Message.find("is empty") != std::string::npos);
  CHECK(Err("t[0, 0, 0]").Message == "'t' has 2 dimensions: too many indices");
  CHECK(Err("t[0").Message == "expected ']' to close the indices");
  CHECK(Err("t[]").Message.find("empty brackets") == 0);
  CHECK(Err("t[a]").Message.find("expected an index") == 0);
  CHECK(Err("t(0)").Message.find("expected '['") == 0);
  CHECK(Err("t[0]x").Message.find("unexpected 'x'") == 0);
  CHECK(Err("t[-1]").Message.find("index -1 is out of range") == 0);
}

TEST_CASE("debugger: a line's instructions, on every engine") {
  object::Program P = program(".sbuf x : fp32[4, 4]\n"
                              "\n"
                              "dve.memset x, 1.0\n"
                              "act.nop\n"
                              "\n"
                              "pool.nop\n");
  auto M = std::get<LineMatch>(instructionsAtLine(P, {"", 3}));
  CHECK(M.Line == 3);
  REQUIRE(M.Instrs.size() == 1);
  CHECK(M.Instrs[0] == InstrRef{isa::Engine::DVE, 0});
  // A line without code moves to the next one that has some.
  CHECK(std::get<LineMatch>(instructionsAtLine(P, {"dbg.s", 5})).Line == 6);
  CHECK(std::get<std::string>(instructionsAtLine(P, {"", 7})) ==
        "no instruction at or after line 7 of dbg.s");
  CHECK(std::get<std::string>(instructionsAtLine(P, {"other.s", 1})) ==
        "the program has no source file 'other.s' (its files: dbg.s)");
}
