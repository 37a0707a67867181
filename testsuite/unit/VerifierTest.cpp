//===- VerifierTest.cpp - the verifier on programs and streams ------------===//
//
// What the lit tests (trn-as/verify-*.s, trn-emu/verify-refuse.test) do not
// reach through the tools: the caret under a keyword operand in an object's
// message, what the PE stream shows of the stationary (verifyStream), the
// run-time entry point checkAgainstStationary, and programs the library is
// handed that no reader checked (undecodable code, no line table).
//
//===----------------------------------------------------------------------===//

#include "trn/verify/Verifier.h"

#include "trn/asm/Assembler.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace trn;

namespace {

object::Program assembleUnverified(const std::string &Text) {
  std::string Diag;
  std::ostringstream OS;
  assembler::Options Opts;
  Opts.Verify = false;
  assembler::Result R = assembler::assembleText("v.s", Text, Opts, OS);
  Diag = OS.str();
  INFO(Diag);
  REQUIRE(R.Program);
  return std::move(*R.Program);
}

std::vector<isa::Instr> decodeStream(const object::Program &P, isa::Engine E) {
  const object::Stream &S = P.stream(E);
  std::vector<isa::Instr> Code;
  for (size_t K = 0; K < S.size(); ++K) {
    auto D = isa::decode(std::span(S.Code).subspan(S.Offsets[K]));
    REQUIRE(std::holds_alternative<isa::Decoded>(D));
    Code.push_back(std::get<isa::Decoded>(D).I);
  }
  return Code;
}

} // namespace

TEST_CASE("verifyProgram: a caret under a keyword operand, in source order") {
  // accum must be [P, 1] with src's 4 partitions; a 2-partition one is
  // written in the source here (the assembler would refuse it: Verify is
  // off to make the object).
  object::Program P = assembleUnverified(".sbuf x : fp32[4, 8]\n.sbuf r : fp32[4, 1]\n"
                                         "act.activation x, x, exp, accum=r[0:2]\n"
                                         "dve.tensor_copy x[0:2], x\n");
  std::vector<verify::ProgramDiagnostic> D = verify::verifyProgram(P, isa::chip(P.TargetChip));
  REQUIRE(D.size() == 2);
  CHECK(D[0].Eng == isa::Engine::ACT);
  CHECK(D[0].D.Kind == verify::Rule::Shape);
  CHECK(D[0].Text ==
        "v.s:3:1: error: operand 'accum' of 'activation' is [2 x 1] but must be [4 x 1]: one sum "
        "per partition of 'src'\n"
        "    act.activation ap(sbuf fp32, 0:4, 0x0, [1, 8]), ap(sbuf fp32, 0:4, 0x0, [1, 8]), exp, "
        "accum=ap(sbuf fp32, 0:2, 0x40, [1, 1])\n"
        "                                                                                          "
        "^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~");
  CHECK(D[1].Eng == isa::Engine::DVE); // line 4 after line 3, though DVE comes before ACT
  CHECK(D[1].Text.find("v.s:4:1: error: operand 'dst' of 'tensor_copy' is [2 x 8]") == 0);
}

TEST_CASE("verifyStream: what the PE stream shows of the stationary") {
  object::Program P = assembleUnverified(".sbuf w : bf16[32, 8]\n.sbuf v : bf16[16, 64]\n"
                                         ".psum p : fp32[8, 64]\n"
                                         "pe.multiply_moving p, v\n" // 0: nothing loaded
                                         "pe.load_stationary w\n"    // 1
                                         "pe.multiply_moving p, v\n" // 2: K 32 against 16
                                         "again:\n"
                                         "pe.multiply_moving p, v\n"   // 3: a branch target
                                         "pe.bne r1, r0, again\n"      // 4
                                         "pe.matmul p, w, v[0:16]\n"   // 5: carries its own
                                         "pe.jmp again\n"              // 6
                                         "pe.multiply_moving p, v\n"); // 7: after a jmp
  std::vector<isa::Instr> Code = decodeStream(P, isa::Engine::PE);
  verify::Context C{&isa::chip(P.TargetChip), &P.Tensors};
  std::vector<verify::StreamDiagnostic> D = verify::verifyStream(Code, C);
  REQUIRE(D.size() == 3);
  CHECK(D[0].Index == 0);
  CHECK(D[0].D.Kind == verify::Rule::State);
  CHECK(D[0].D.Message == "no stationary is loaded: load_stationary or matmul first");
  CHECK(D[1].Index == 2);
  CHECK(D[1].D.Kind == verify::Rule::Shape);
  CHECK(D[1].D.Related == 1u);
  CHECK(D[1].D.RelatedNote == "the stationary [32 x 8] bf16 was loaded here");
  CHECK(D[2].Index == 5);
  CHECK(!D[2].D.Related); // matmul's stationary is its own operand
  CHECK(D[2].D.Message.find("'moving' has 16 partitions but the stationary has K = 32") == 0);
}

TEST_CASE("checkAgainstStationary: the run time's entry point") {
  object::Program P = assembleUnverified(".sbuf v : bf16[16, 64]\n.psum p : fp32[8, 64]\n"
                                         "pe.multiply_moving p, v\n");
  isa::Instr I = decodeStream(P, isa::Engine::PE).at(0);
  std::optional<verify::Diagnostic> D = verify::checkAgainstStationary(I, nullptr);
  REQUIRE(D);
  CHECK(D->Kind == verify::Rule::State);
  verify::Stationary Fits{isa::DType::BF16, 16, 8}, Fp32{isa::DType::FP32, 16, 8},
      WrongM{isa::DType::BF16, 16, 4};
  CHECK(!verify::checkAgainstStationary(I, &Fits));
  D = verify::checkAgainstStationary(I, &Fp32);
  REQUIRE(D);
  CHECK(D->Kind == verify::Rule::DType);
  CHECK(D->Operand == 1); // moving
  D = verify::checkAgainstStationary(I, &WrongM);
  REQUIRE(D);
  CHECK(D->Message == "the result is [4 x 64] (stationary M x moving N), but 'dst' is [8 x 64]");
  CHECK(D->Operand == 0); // dst
}

TEST_CASE("verifyProgram: code no reader checked") {
  object::Program P = assembleUnverified(".sbuf x : fp32[4, 8]\ndve.memset x, 1.0\n"
                                         "dve.tensor_copy x[0:2], x\n");
  SUBCASE("an undecodable instruction stops its stream") {
    object::Stream &S = P.stream(isa::Engine::DVE);
    S.Code[S.Offsets[1]] = 0xEE; // no such opcode
    std::vector<verify::ProgramDiagnostic> D = verify::verifyProgram(P, isa::chip(P.TargetChip));
    REQUIRE(D.size() == 1);
    CHECK(D[0].Text == "v.s:3:1: error: DVE instruction 1 cannot be decoded: unknown opcode 0xEE");
  }
  SUBCASE("no line table: the stream and index instead") {
    P.stream(isa::Engine::DVE).Locs.clear();
    std::vector<verify::ProgramDiagnostic> D = verify::verifyProgram(P, isa::chip(P.TargetChip));
    REQUIRE(D.size() == 1);
    CHECK(D[0].Text.find("<DVE #1>: error: operand 'dst' of 'tensor_copy' is [2 x 8] but 'src' is "
                         "[4 x 8]") == 0);
  }
}

TEST_CASE("peModeOf and PeState: TensorE's modes and the stationaries held by tile") {
  object::Program P = assembleUnverified(
      ".chip trn2\n.sbuf w : fp8_e4m3[64, 2, 32]\n.sbuf v : fp8_e4m3[64, 2, 64]\n"
      ".psum p : fp32[32, 64]\n"
      "pe.load_stationary w, perf=double_row, tile_row=64, tile_rows=64, tile_cols=32\n"
      "pe.multiply_moving p, v, perf=double_row, tile_row=64, tile_rows=64, tile_cols=32\n"
      "pe.multiply_moving p, v[:, 0, :]\n"
      "pe.transpose p[0:32, 0:32], w[0:32, 0, :]\n");
  std::vector<isa::Instr> Code = decodeStream(P, isa::Engine::PE);
  verify::PeMode Load = verify::peModeOf(Code[0]);
  CHECK(Load.DoubleRow);
  CHECK(Load.Tile == verify::PeTile{64, 0, 64, 32});
  CHECK(!Load.Tile.whole());
  CHECK(verify::str(Load.Tile) == "rows 64-127, columns 0-31");
  CHECK(verify::peModeOf(Code[1]).Tile == Load.Tile);
  verify::PeMode Plain = verify::peModeOf(Code[2]);
  CHECK(!Plain.DoubleRow);
  CHECK(Plain.Tile.whole());
  CHECK(verify::peModeOf(Code[3]).Tile.whole()); // no tile operands: the whole array

  verify::PeState S;
  S.Complete = true;
  verify::Stationary A{isa::DType::BF16, 32, 32, false}, B{isa::DType::FP8_E4M3, 64, 32, true};
  S.load({0, 0, 32, 32}, A, 1);
  S.load({64, 0, 64, 32}, B, 2);
  REQUIRE(S.at({0, 0, 32, 32}));
  CHECK(S.at({0, 0, 32, 32})->LoadedBy == 1u);
  CHECK(!S.at({0, 0, 64, 32})); // the same cells in another tile shape
  S.load({0, 0, 64, 64}, B, 3); // overlaps the first, not the second
  CHECK(!S.at({0, 0, 32, 32}));
  CHECK(S.at({64, 0, 64, 32}));
  CHECK(S.Loaded.size() == 2);
  verify::PeState Unknown; // after a branch target
  Unknown.load({0, 0, 32, 32}, A, 4);
  CHECK(!Unknown.Complete);
  Unknown.load({}, A, 5); // the whole array: everything known again
  CHECK(Unknown.Complete);
  CHECK(Unknown.Loaded.size() == 1);

  // The run time's check: the mode a stationary was loaded in.
  std::optional<verify::Diagnostic> D = verify::checkAgainstStationary(Code[1], &A);
  REQUIRE(D);
  CHECK(D->Kind == verify::Rule::State);
  CHECK(D->Message.find("perf=double_row but the stationary at this tile was loaded with "
                        "perf=none") == 0);
  verify::Stationary Fits{isa::DType::FP8_E4M3, 64, 32, true};
  CHECK(!verify::checkAgainstStationary(Code[1], &Fits));
  D = verify::checkAgainstStationary(Code[1], nullptr);
  REQUIRE(D);
  CHECK(D->Message == "no stationary is loaded at the tile of rows 64-127, columns 0-31: "
                      "load_stationary or matmul with the same tile first");
}
