//===- HostMemoryTest.cpp - the host-memory budget and streamed tensors ---===//
//
// The budget's arithmetic and parsing; the emulator committing its memories
// and HBM pages against it; the piecewise APIs (.npy header and conversion,
// random contents, tensor bytes, atomic files) giving exactly what their
// whole-array counterparts give.
//
//===----------------------------------------------------------------------===//

#include "trn/support/HostMemory.h"

#include "trn/asm/Assembler.h"
#include "trn/emu/Check.h"
#include "trn/emu/Emulator.h"
#include "trn/npy/Npy.h"
#include "trn/object/ObjectFile.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace trn;

namespace {

object::Program assemble(const std::string &Text) {
  std::string Diag;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("test.s", Text, {}, OS);
  Diag = OS.str();
  REQUIRE_MESSAGE(R.Program, Diag);
  return std::move(*R.Program);
}

std::string readAll(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

} // namespace

TEST_CASE("byte sizes and counts parse exactly, or not at all") {
  CHECK(parseByteSize("0") == 0u);
  CHECK(parseByteSize("100") == 100u);
  CHECK(parseByteSize("512K") == 512u << 10);
  CHECK(parseByteSize("64m") == 64u << 20);
  CHECK(parseByteSize("4GiB") == uint64_t(4) << 30);
  CHECK(parseByteSize("2TB") == uint64_t(2) << 40);
  CHECK(parseByteSize("16777215T") == uint64_t(16777215) << 40);
  CHECK_FALSE(parseByteSize("16777216T")); // 2^64
  CHECK_FALSE(parseByteSize(""));
  CHECK_FALSE(parseByteSize("G"));
  CHECK_FALSE(parseByteSize("-1"));
  CHECK_FALSE(parseByteSize("1.5G"));
  CHECK_FALSE(parseByteSize("4X"));
  CHECK_FALSE(parseByteSize("4 G"));
  CHECK(parseCount("18446744073709551615") == UINT64_MAX);
  CHECK_FALSE(parseCount("18446744073709551616"));
  CHECK_FALSE(parseCount("-1"));
  CHECK_FALSE(parseCount("+1"));
  CHECK_FALSE(parseCount("1e6"));
  CHECK(formatBytes(1) == "1 byte");
  CHECK(formatBytes(1023) == "1023 bytes");
  CHECK(formatBytes(64 << 10) == "64 KiB");
  CHECK(formatBytes(3 << 19) == "1.5 MiB");
  CHECK(formatBytes(UINT64_MAX) == "16 EiB");
}

TEST_CASE("a budget refuses what would pass it, and counts what it accepts") {
  HostMemoryBudget B(1000);
  CHECK_FALSE(B.check(1000, "x"));
  B.commit(600, "x");
  CHECK(B.used() == 600);
  CHECK(*B.check(401, "the thing") == "the thing needs 401 bytes of host memory, and 600 bytes "
                                      "is already in use: that is beyond the --max-memory "
                                      "budget of 1000 bytes");
  CHECK_THROWS_AS(B.commit(401, "the thing"), HostMemoryError);
  CHECK(B.used() == 600);
  CHECK_FALSE(B.tryCommit(UINT64_MAX)); // no overflow in the sum
  CHECK(B.tryCommit(400));
  B.release(1000);
  CHECK(B.used() == 0);
  HostMemoryBudget None(0);
  CHECK(None.tryCommit(UINT64_MAX));
}

TEST_CASE("the emulator commits its memories and HBM pages to its budget") {
  object::Program P = assemble(".tensor x : fp32[65536] input\n"
                               ".tensor y : fp32[4] input = [1, 2, 3, 4]\nsp.nop\n");
  // trn2's SBUF and PSUM alone are 60.5 MiB.
  CHECK_THROWS_AS(emu::Emulator(P, std::nullopt, 32u << 20), HostMemoryError);

  emu::Emulator E(P, std::nullopt, 64u << 20);
  uint64_t Before = E.memoryBudget().used();
  std::vector<uint8_t> Bytes(65536 * 4, 7);
  REQUIRE_FALSE(E.setTensor("x", Bytes));
  CHECK(E.memoryBudget().used() == Before + 4 * 65536); // four new 64 KiB pages
  REQUIRE_FALSE(E.setTensor("x", Bytes));               // the same pages again: free
  CHECK(E.memoryBudget().used() == Before + 4 * 65536);
  CHECK(E.tensor("y") ==
        std::vector<uint8_t>{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40});

  // Pieces land where they belong; ranges outside the tensor are refused.
  std::vector<uint8_t> Piece{1, 2, 3, 4};
  REQUIRE_FALSE(E.setTensorBytes("x", 8, Piece));
  std::vector<uint8_t> Got(6);
  REQUIRE_FALSE(E.tensorBytes("x", 6, Got));
  CHECK(Got == std::vector<uint8_t>{7, 7, 1, 2, 3, 4});
  CHECK(*E.setTensorBytes("x", 65536 * 4 - 2, Piece) ==
        "bytes [262142, +4) are outside tensor 'x' (262144 bytes)");
  CHECK(*E.tensorBytes("q", 0, Got) == "the program declares no tensor 'q'");
}

TEST_CASE("a tensor past the budget is refused by setTensor, not thrown") {
  object::Program P = assemble(".tensor x : fp32[4194304] input\nsp.nop\n"); // 16 MiB
  emu::Emulator E(P, std::nullopt, 70u << 20);
  std::vector<uint8_t> Bytes(16u << 20);
  auto Err = E.setTensor("x", Bytes);
  REQUIRE(Err);
  CHECK(Err->find("tensor 'x': writing emulated HBM at 0x") == 0);
  CHECK(Err->find("beyond the --max-memory budget of 70 MiB") != std::string::npos);
}

TEST_CASE("random contents in pieces are the whole tensor's") {
  for (isa::DType T : {isa::DType::FP32, isa::DType::BF16, isa::DType::INT8, isa::DType::UINT16}) {
    object::Tensor X;
    X.Type = T;
    X.Shape = {1000};
    std::mt19937_64 A(5), B(5);
    std::vector<uint8_t> Whole = emu::randomTensor(X, A);
    std::vector<uint8_t> Pieces(Whole.size());
    unsigned Size = isa::dtype(T).StorageBytes;
    for (size_t At = 0; At < Pieces.size(); At += 300 * Size)
      emu::randomFill(
          T, std::span(Pieces).subspan(At, std::min<size_t>(300 * Size, Pieces.size() - At)), B);
    CHECK(Pieces == Whole);
  }
}

TEST_CASE(".npy in pieces: header, conversion and writing agree with the whole-array API") {
  npy::Array A;
  A.Descr = "<f4";
  A.Shape = {3, 2};
  for (float F : {1.0f, 1.00390625f, -2.5f, 3.0f, 1e30f, 0.0f}) {
    auto *B = reinterpret_cast<const uint8_t *>(&F);
    A.Data.insert(A.Data.end(), B, B + 4);
  }
  std::vector<uint8_t> File = npy::serialize(A);
  std::vector<uint8_t> Head = npy::serializeHeader(A.Descr, false, A.Shape);
  CHECK(std::equal(Head.begin(), Head.end(), File.begin()));
  CHECK(File.size() == Head.size() + A.Data.size());

  auto Len = npy::headerLength(std::span(File).first(12), File.size());
  REQUIRE(std::holds_alternative<uint64_t>(Len));
  CHECK(std::get<uint64_t>(Len) == Head.size());
  auto H = npy::parseHeader(std::span(File).first(Head.size()), File.size());
  REQUIRE(std::holds_alternative<npy::Header>(H));
  CHECK(std::get<npy::Header>(H).Descr == "<f4");
  CHECK(std::get<npy::Header>(H).Shape == std::vector<uint64_t>{3, 2});
  CHECK(std::get<npy::Header>(H).DataOffset == Head.size());
  CHECK(std::get<npy::Header>(H).DataBytes == 24);
  // The data's size is checked against the file's.
  auto Short = npy::parseHeader(std::span(File).first(Head.size()), File.size() - 4);
  CHECK(std::get<std::string>(Short) == "data holds 20 bytes, the shape needs 24");

  std::vector<uint64_t> Shape{3, 2};
  auto C = npy::tensorConverter("<f4", false, Shape, isa::DType::BF16, Shape);
  REQUIRE(std::holds_alternative<npy::TensorConverter>(C));
  const npy::TensorConverter &Conv = std::get<npy::TensorConverter>(C);
  std::vector<uint8_t> Pieces(12);
  Conv.convert(std::span(A.Data).first(8), std::span(Pieces).first(4));
  Conv.convert(std::span(A.Data).subspan(8), std::span(Pieces).subspan(4));
  CHECK(Pieces == std::get<std::vector<uint8_t>>(npy::toTensor(A, isa::DType::BF16, Shape)));
  std::vector<uint64_t> Other{2, 3};
  CHECK(std::get<std::string>(npy::tensorConverter("<f4", false, Shape, isa::DType::BF16, Other)) ==
        "shape (3, 2) does not match the tensor's (2, 3)");
}

TEST_CASE("an atomic file in pieces appears whole on commit, and not at all otherwise") {
  std::string Path = "host-memory-test-atomic.bin";
  std::remove(Path.c_str());
  {
    auto F = object::AtomicFile::create(Path);
    REQUIRE(std::holds_alternative<object::AtomicFile>(F));
    std::vector<uint8_t> A{'a', 'b'}, B{'c'};
    REQUIRE_FALSE(std::get<object::AtomicFile>(F).write(A));
    REQUIRE_FALSE(std::get<object::AtomicFile>(F).write(B));
    CHECK(readAll(Path).empty()); // not there yet
    REQUIRE_FALSE(std::get<object::AtomicFile>(F).commit());
  }
  CHECK(readAll(Path) == "abc");
  {
    auto F = object::AtomicFile::create(Path);
    std::vector<uint8_t> A{'x'};
    REQUIRE_FALSE(std::get<object::AtomicFile>(F).write(A));
  } // abandoned: the old file stays
  CHECK(readAll(Path) == "abc");
  std::remove(Path.c_str());
}
