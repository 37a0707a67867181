//===- MemoryOutTest.cpp - allocations read back, and print's text --------===//
//
// Emulator::allocationBytes (trn-emu --out on an allocation, --dump-on-fault,
// Python's read=) lays an allocation out as a tensor of its shape, whatever
// its partitions and offset; RunResult::Prints holds the print instruction's
// text, whose array part is ArrayText's (src/emu).
//
//===----------------------------------------------------------------------===//

#include "ArrayText.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"

#include <doctest/doctest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

using namespace trn;

namespace {

object::Program assembleProgram(const std::string &Text) {
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("mem.s", Text, {}, OS);
  REQUIRE_MESSAGE(R.Program, OS.str());
  return std::move(*R.Program);
}

std::vector<float> floats(const std::vector<uint8_t> &Bytes) {
  std::vector<float> F(Bytes.size() / 4);
  std::memcpy(F.data(), Bytes.data(), Bytes.size());
  return F;
}

} // namespace

TEST_CASE("allocationBytes: partition by partition, in pieces, refusing bad names and ranges") {
  emu::Emulator E(assembleProgram(".sbuf x : fp32[2, 3] partition 32 at 0x40\n"
                                  ".psum p : fp32[2, 2] bank 1\n"
                                  "pool.iota x, 10, [1], partition_mult=100\n"
                                  "dve.memset p, -1.0\n"));
  REQUIRE(E.run({}).ok());
  std::vector<uint8_t> All(24);
  REQUIRE_FALSE(E.allocationBytes("x", 0, All));
  CHECK(floats(All) == std::vector<float>{10, 11, 12, 110, 111, 112});
  // A piece across the partition boundary: elements 2..3.
  std::vector<uint8_t> Piece(8);
  REQUIRE_FALSE(E.allocationBytes("x", 8, Piece));
  CHECK(floats(Piece) == std::vector<float>{12, 110});
  std::vector<uint8_t> P(16);
  REQUIRE_FALSE(E.allocationBytes("p", 0, P));
  CHECK(floats(P) == std::vector<float>{-1, -1, -1, -1});
  CHECK(*E.allocationBytes("x", 20, Piece) ==
        "bytes [20, +8) are outside allocation 'x' (24 bytes)");
  CHECK(*E.allocationBytes("q", 0, Piece) == "the program declares no allocation 'q'");
  CHECK(E.program().findAllocation("x")->bytes() == 24);
}

TEST_CASE("allocationBytes after a fault: what the run left") {
  emu::Emulator E(assembleProgram(".sbuf x : fp32[1, 2]\n"
                                  ".sem never\n"
                                  "dve.memset x, 4.0\n"
                                  "dve.memset x, 5.0 wait(never >= 1)\n"));
  emu::RunResult R = E.run({});
  REQUIRE(R.Error);
  CHECK(R.Error->Kind == emu::FaultKind::Deadlock);
  std::vector<uint8_t> Got(8);
  REQUIRE_FALSE(E.allocationBytes("x", 0, Got));
  CHECK(floats(Got) == std::vector<float>{4, 4});
}

TEST_CASE("print: one text per print, in the order they ran") {
  emu::Emulator E(assembleProgram(".sbuf x : fp32[1, 2]\n"
                                  "dve.memset x, 0.5\n"
                                  "dve.print x\n"
                                  "dve.memset x, 2.0\n"
                                  "dve.print x\n"));
  emu::RunResult R = E.run({});
  REQUIRE(R.ok());
  REQUIRE(R.Prints.size() == 2);
  CHECK(R.Prints[0].find("mem.s:3:1: print at ") == 0);
  CHECK(R.Prints[0].ends_with("fp32[1, 2]\n    dve.print ap(sbuf fp32, 0:1, 0x0, [1, 2])\n"
                              "[[0.5 0.5]]\n"));
  CHECK(R.Prints[1].ends_with("[[2. 2.]]\n"));
}

TEST_CASE("arrayText: NumPy's layout") {
  auto Fp32 = [](std::vector<float> V, std::vector<uint64_t> Shape) {
    std::vector<uint8_t> B(V.size() * 4);
    if (!B.empty()) // memcpy of nothing still wants pointers, and an empty vector has none
      std::memcpy(B.data(), V.data(), B.size());
    return emu::arrayText(isa::DType::FP32, B, Shape);
  };
  // Right-aligned to one width (NumPy aligns the decimal points instead).
  CHECK(Fp32({1, 2.5f, -3, 0.125f}, {2, 2}) == "[[   1.   2.5]\n [  -3. 0.125]]");
  CHECK(Fp32({1, 2, 3, 4, 5, 6, 7, 8}, {2, 2, 2}) ==
        "[[[1. 2.]\n  [3. 4.]]\n\n [[5. 6.]\n  [7. 8.]]]");
  CHECK(Fp32({}, {0, 3}) == "[[]]");
  std::vector<uint8_t> Ints(2000 * 4);
  for (int32_t I = 0; I < 2000; ++I)
    std::memcpy(&Ints[I * 4], &I, 4);
  CHECK(emu::arrayText(isa::DType::INT32, Ints, std::vector<uint64_t>{2000}) ==
        "[   0    1    2 ... 1997 1998 1999]");
  uint16_t Bf16[2] = {0x3FC0, 0xFF80}; // 1.5, -inf
  CHECK(emu::arrayText(isa::DType::BF16, std::span(reinterpret_cast<const uint8_t *>(Bf16), 4),
                       std::vector<uint64_t>{1, 2}) == "[[ 1.5 -inf]]");
}

TEST_CASE("print: a run keeps its first MaxPrints texts and counts the rest") {
  emu::Emulator E(assembleProgram(".sbuf x : int32[1, 1]\n"
                                  "dve.li r1, 0\n"
                                  "dve.li r2, 10003\n"
                                  "dve.reg_store x[0, 0], r1\n"
                                  "loop:\n"
                                  "dve.print x\n"
                                  "dve.addi r1, r1, 1\n"
                                  "dve.blt r1, r2, loop\n"));
  emu::RunResult R = E.run({});
  REQUIRE(R.ok());
  REQUIRE(R.Prints.size() == 10001);
  CHECK(R.Prints.back() == "note: 3 more prints not shown (a run keeps the first 10000)\n");
}
