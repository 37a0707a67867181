//===- NpyFuzzer.cpp - libFuzzer target: the .npy reader -------------------===//
//
// Input: the bytes of a .npy file. npy::parse must give an array or a
// message, never crash. An array it accepts must survive serialize -> parse
// unchanged, convert into a tensor of every dtype that takes it, and compare
// equal to itself where no rounding is involved.
//
//===----------------------------------------------------------------------===//

#include "FuzzCheck.h"
#include "trn/emu/Check.h"
#include "trn/npy/Npy.h"

#include <cstdint>
#include <span>

using namespace trn;

namespace {

// Conversions and comparisons cost per element; bigger arrays add time,
// not coverage.
constexpr uint64_t MaxElements = 1 << 16;

void checkTensorConversions(const npy::Array &A) {
  for (const isa::DTypeDesc &D : isa::dtypes()) {
    auto Bytes = npy::toTensor(A, D.Id, A.Shape);
    auto *Data = std::get_if<std::vector<uint8_t>>(&Bytes);
    if (!Data)
      continue;
    object::Tensor T;
    T.Name = "t";
    T.Type = D.Id;
    T.Shape = A.Shape;
    FUZZ_CHECK(Data->size() == T.bytes());
    auto C = emu::compare(T, *Data, A, 0, 0);
    FUZZ_CHECK(std::holds_alternative<emu::CheckResult>(C));
    // Taken bit for bit (not rounded from float32, as tf32 always is): the
    // tensor equals its reference.
    if (*Data == A.Data)
      FUZZ_CHECK(std::get<emu::CheckResult>(C).ok());
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Parsed = npy::parse(std::span<const uint8_t>(Data, Size));
  auto *A = std::get_if<npy::Array>(&Parsed);
  if (!A) {
    FUZZ_CHECK(!std::get<std::string>(Parsed).empty());
    return 0;
  }
  auto Again = npy::parse(npy::serialize(*A));
  auto *B = std::get_if<npy::Array>(&Again);
  FUZZ_CHECK(B);
  FUZZ_CHECK(B->Descr == A->Descr && B->Shape == A->Shape && B->Data == A->Data);
  if (A->elements() <= MaxElements)
    checkTensorConversions(*A);
  return 0;
}
