//===- CheckTest.cpp - emu::compare and emu::checkReference ---------------===//
//
// The library side of trn-emu --check: what a reference may be, and that
// compare() reads nothing beyond the bytes it is given, whatever the caller
// passes (empty arrays, arrays or tensors whose data is short).
//
//===----------------------------------------------------------------------===//

#include "trn/emu/Check.h"

#include "trn/emu/Numerics.h"

#include <doctest/doctest.h>

#include <string>
#include <variant>
#include <vector>

using namespace trn;

namespace {

object::Tensor tensor(isa::DType T, std::vector<uint64_t> Shape) {
  object::Tensor X;
  X.Type = T;
  X.Shape = std::move(Shape);
  return X;
}

npy::Array array(std::string Descr, std::vector<uint64_t> Shape, std::vector<uint8_t> Data) {
  npy::Array A;
  A.Descr = std::move(Descr);
  A.Shape = std::move(Shape);
  A.Data = std::move(Data);
  return A;
}

std::vector<uint8_t> float32s(std::vector<float> Values) {
  std::vector<uint8_t> Out;
  for (float F : Values)
    for (int I = 0; I < 4; ++I)
      Out.push_back(uint8_t(emu::floatToBits(F) >> (8 * I)));
  return Out;
}

std::string errorOf(const std::variant<emu::CheckResult, std::string> &R) {
  if (auto *E = std::get_if<std::string>(&R))
    return *E;
  return "<compared>";
}

} // namespace

TEST_CASE("compare: empty arrays are compared without reading an element") {
  // Data is empty, so its pointer may be null: element 0 must not be read
  // to find out whether the dtype is comparable.
  for (const char *Descr : {"<f4", "<f8", "<i4", "|u1", "|b1"}) {
    INFO(Descr);
    npy::Array Ref = array(Descr, {0}, {});
    auto R = emu::compare(tensor(isa::DType::FP32, {0}), {}, Ref, 0, 0);
    REQUIRE(std::holds_alternative<emu::CheckResult>(R));
    CHECK(std::get<emu::CheckResult>(R).Elements == 0);
    CHECK(std::get<emu::CheckResult>(R).ok());
  }
  npy::Array Complex = array("<c8", {0}, {});
  CHECK(errorOf(emu::compare(tensor(isa::DType::FP32, {0}), {}, Complex, 0, 0)) ==
        "a reference of dtype '<c8' cannot be compared with fp32");
}

TEST_CASE("compare: short data on either side is an error, not a read past it") {
  object::Tensor T = tensor(isa::DType::FP32, {2, 2});
  std::vector<uint8_t> Got = float32s({1, 2, 3, 4});
  CHECK(errorOf(emu::compare(T, Got, array("<f4", {2, 2}, float32s({1, 2, 3})), 0, 0)) ==
        "the reference holds 12 bytes, its shape (2, 2) of '<f4' needs 16");
  CHECK(errorOf(emu::compare(T, std::vector<uint8_t>(Got.begin(), Got.begin() + 8),
                             array("<f4", {2, 2}, float32s({1, 2, 3, 4})), 0, 0)) ==
        "the tensor holds 8 bytes, its shape (2, 2) of fp32 needs 16");
  auto R = emu::compare(T, Got, array("<f4", {2, 2}, float32s({1, 2, 3, 5})), 0, 0);
  REQUIRE(std::holds_alternative<emu::CheckResult>(R));
  CHECK(std::get<emu::CheckResult>(R).Mismatches == 1);
}

TEST_CASE("checkReference: shapes as NumPy writes them, dtypes by descr") {
  object::Tensor T = tensor(isa::DType::BF16, {4});
  CHECK(!emu::checkReference(T, array("<f4", {4}, {})));
  CHECK(!emu::checkReference(T, array("<u2", {4}, {}))); // raw bf16 bits
  CHECK(emu::checkReference(T, array("<f4", {0}, {})) ==
        "shape (0,) does not match the tensor's (4,)");
  CHECK(emu::checkReference(T, array("<f4", {2, 2}, {})) ==
        "shape (2, 2) does not match the tensor's (4,)");
  CHECK(emu::checkReference(T, array("<f4", {}, {})) ==
        "shape () does not match the tensor's (4,)");
  CHECK(emu::checkReference(T, array("<U8", {4}, {})) ==
        "a reference of dtype '<U8' cannot be compared with bf16");
}

TEST_CASE("compare: fp4, e8m0 and packed x4 tensors against their raw bits") {
  // A tensor equals a reference holding its own bits: the fuzz property
  // that found fp8_e8m0 read '|u1' bits as the integers 0..255.
  for (isa::DType T : {isa::DType::FP4_E2M1, isa::DType::FP8_E8M0}) {
    INFO(isa::dtype(T).Name);
    std::vector<uint8_t> Bits = {0x0b, 0x7f, 0x00, 0xff};
    auto R = emu::compare(tensor(T, {4}), Bits, array("|u1", {4}, Bits), 0, 0);
    REQUIRE(errorOf(R) == "<compared>");
    CHECK(std::get<emu::CheckResult>(R).ok());
  }
  // Packed: bit for bit, whatever the tolerance; one flipped bit of one
  // value is a mismatch.
  std::vector<uint8_t> Words = {0x01, 0x02, 0x03, 0x04, 0x10, 0x20, 0x30, 0x40};
  auto Same = emu::compare(tensor(isa::DType::FP8_E4M3FN_X4, {2}), Words, array("<u4", {2}, Words),
                           0.5, 1000);
  REQUIRE(errorOf(Same) == "<compared>");
  CHECK(std::get<emu::CheckResult>(Same).ok());
  std::vector<uint8_t> Flipped = Words;
  Flipped[5] ^= 1;
  auto Diff = emu::compare(tensor(isa::DType::FP8_E4M3FN_X4, {2}), Words,
                           array("<u4", {2}, Flipped), 0.5, 1e9);
  REQUIRE(errorOf(Diff) == "<compared>");
  CHECK(std::get<emu::CheckResult>(Diff).Mismatches == 1);
  std::vector<uint8_t> Halves = {0x21, 0x43};
  auto Fp4 =
      emu::compare(tensor(isa::DType::FP4_E2M1_X4, {1}), Halves, array("<u2", {1}, Halves), 0, 0);
  CHECK(std::get<emu::CheckResult>(Fp4).ok());
  // Numbers are not packed elements.
  CHECK(errorOf(emu::compare(tensor(isa::DType::FP4_E2M1_X4, {1}), Halves,
                             array("<f2", {1}, Halves), 0, 0)) ==
        "a reference of dtype '<f2' cannot be compared with fp4_e2m1_x4");
}
