//===- trn/emu/Check.h - outputs against references, random inputs -*- C++ -*-===//
#ifndef TRN_EMU_CHECK_H
#define TRN_EMU_CHECK_H

#include "trn/npy/Npy.h"
#include "trn/object/Program.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace trn::emu {

struct Mismatch {
  std::vector<uint64_t> Index; // multi-dimensional
  double Got, Expected;
};

struct CheckResult {
  uint64_t Elements = 0;
  std::vector<Mismatch> First; // the first few mismatches, in index order
  uint64_t Mismatches = 0;
  double MaxAbsError = 0, MaxRelError = 0;
  bool ok() const { return Mismatches == 0; }
};

// Whether a reference can be compared with tensor T (its shape and dtype),
// without looking at any value: a message saying why not, or nothing.
std::optional<std::string> checkReference(const object::Tensor &T, const npy::Array &Reference);

// Compares a tensor's bytes with a reference array elementwise, as
// numpy.allclose does: |got - expected| <= atol + rtol * |expected|, except
// that NaN matches NaN and an infinity matches only itself. The reference
// may be float64/float32/float16 or integer data, or for bf16 and fp8
// tensors their raw bits (<u2 / |u1); its shape must be the tensor's and
// both must hold every element (else a message). A mismatch involving NaN
// or infinity makes the max errors infinite.
std::variant<CheckResult, std::string> compare(const object::Tensor &T,
                                               std::span<const uint8_t> Got,
                                               const npy::Array &Reference, double RTol,
                                               double ATol, unsigned KeepFirst = 10);

// What trn-emu --check prints for tensor Name: "check NAME: ok, ..." or
// "check NAME: MISMATCH in ..." and a line per mismatch kept; each line
// ends with a newline.
std::string describeCheck(const std::string &Name, const CheckResult &C, double RTol, double ATol);

// Random contents for a tensor: floats uniform in [-1, 1) (rounded to the
// dtype), integers uniform in [-8, 8) (unsigned: [0, 16)); deterministic
// for a given generator state.
std::vector<uint8_t> randomTensor(const object::Tensor &T, std::mt19937_64 &Rng);
// The same in pieces (for tensors too large to build whole): fills Out with
// Out.size() / element size elements of type T, drawing from Rng as
// randomTensor does, so that consecutive pieces make the same bytes.
void randomFill(isa::DType T, std::span<uint8_t> Out, std::mt19937_64 &Rng);

} // namespace trn::emu

#endif
