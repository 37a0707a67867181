//===- SvgTimelineTest.cpp - the SVG timeline's merging and bounds --------===//
//
// mergeSpans on made-up slices (what merges and what stays), and
// SvgTimeline on assembled programs: a slice per instruction when each is
// wider than a pixel, the same bytes from the same run, and a loop of a
// million instructions summarised into a small picture.
//
//===----------------------------------------------------------------------===//

#include "trn/trace/SvgTimeline.h"

#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace trn;
using Span = trace::SvgTimeline::Span;

namespace {

object::Program assembleProgram(const std::string &Text) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("svg.s", Text, {}, OS);
  REQUIRE_MESSAGE(R.Program, OS.str());
  return std::move(*R.Program);
}

Span span(int64_t Start, int64_t End) { return {Start, End, End - Start, 1, 0, nullptr, 0}; }

size_t count(const std::string &S, const std::string &What) {
  size_t N = 0;
  for (size_t At = S.find(What); At != std::string::npos; At = S.find(What, At + 1))
    ++N;
  return N;
}

std::string picture(const std::string &Program, trace::SvgOptions Opts = {}) {
  emu::Emulator E(assembleProgram(Program));
  trace::SvgTimeline Svg(E, Opts);
  E.addObserver(&Svg);
  E.run({});
  return Svg.svg();
}

} // namespace

TEST_CASE("mergeSpans: narrow slices close together merge; wide ones and far ones stay") {
  std::vector<Span> V = {span(0, 5), span(6, 9), span(12, 100), span(100, 200), span(300, 302)};
  trace::mergeSpans(V, 10);
  // 0-5 and 6-9 and 12-100 (narrow 6-9 joins the wide one, gap 3 < 10);
  // 100-200 is wide next to a wide one; 300-302 is 100 away.
  REQUIRE(V.size() == 3);
  CHECK(V[0].StartPs == 0);
  CHECK(V[0].EndPs == 100);
  CHECK(V[0].Count == 3);
  CHECK(V[0].BusyPs == 5 + 3 + 88);
  CHECK(V[1].StartPs == 100);
  CHECK(V[1].Count == 1);
  CHECK(V[2].StartPs == 300);
  std::vector<Span> W = {span(0, 5), span(6, 9)};
  trace::mergeSpans(W, 0); // no resolution: nothing merges
  CHECK(W.size() == 2);
}

TEST_CASE("SvgTimeline: a slice per instruction, the same bytes each run, a title escaped") {
  const char *Prog = ".sbuf a : fp32[128, 512]\n"
                     "dve.memset a, 1.0\n"
                     "dve.memset a, 2.0\n"
                     "act.activation a, a, copy\n";
  std::string S = picture(Prog, {"a <b> & c", 960});
  CHECK(count(S, "<rect class=\"slice\"") == 3);
  CHECK(count(S, "<g class=\"row\"") == 2); // DVE and ACT
  CHECK(count(S, "fill=\"#f28e2b\"") == 2); // DVE's row and its legend key
  CHECK(S.find("a &lt;b&gt; &amp; c") != std::string::npos);
  CHECK(S.find("paler") == std::string::npos);
  CHECK(S == picture(Prog, {"a <b> & c", 960}));
}

TEST_CASE("SvgTimeline: a million-instruction loop stays a small picture") {
  std::string S = picture("    sp.li r1, 0\n"
                          "    sp.li r2, 500000\n"
                          "loop:\n"
                          "    sp.addi r1, r1, 1\n"
                          "    sp.blt r1, r2, loop\n");
  CHECK(S.find("1000002 instructions") != std::string::npos);
  CHECK(S.size() < 16 * 1024);
  CHECK(count(S, "<rect class=\"slice\"") <= 2);
  CHECK(S.find("paler: slices narrower than a pixel, merged") != std::string::npos);
}

TEST_CASE("SvgTimeline: a fault is marked on its engine's row") {
  std::string S = picture(".sbuf a : fp32[4, 8]\n"
                          ".sem s\n"
                          "dve.memset a, 1.0\n"
                          "dve.sem_wait s, ge, 1\n");
  CHECK(S.find("<g class=\"fault\"><title>") != std::string::npos);
  CHECK(S.find("deadlock") != std::string::npos);
  CHECK(S.find(", deadlocked</text>") != std::string::npos);
}

TEST_CASE("SvgTimeline: an instruction's fault is marked on its engine's row") {
  std::string S = picture(".chip trn2\n"
                          ".sbuf x : fp32[4, 8]\n"
                          "dve.memset x, 1.0\n"
                          "dve.li r2, 57340\n"
                          "dve.tensor_copy x, x + r2\n");
  CHECK(S.find("out of bounds") != std::string::npos);
  CHECK(S.find(", stopped by a fault</text>") != std::string::npos);
  CHECK(S.find("<path d=\"M") != std::string::npos); // the mark on DVE's row
}
