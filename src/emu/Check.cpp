//===- Check.cpp - outputs against references, random inputs --------------===//

#include "trn/emu/Check.h"

#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace trn::emu {

namespace {

// Element K of a reference array as a double, by its NumPy descr; for bf16
// and fp8 tensors, unsigned raw-bit arrays are read as those bits.
std::optional<double> refValue(const npy::Array &A, isa::DType T, uint64_t K) {
  const uint8_t *P = A.Data.data();
  const std::string &D = A.Descr;
  auto Le = [&](unsigned Bytes) {
    uint64_t V = 0;
    for (unsigned B = 0; B < Bytes; ++B)
      V |= uint64_t(P[K * Bytes + B]) << (8 * B);
    return V;
  };
  char Kind = D.size() == 3 ? D[1] : 0, Size = D.size() == 3 ? D[2] : 0;
  bool RawBits =
      (T == isa::DType::BF16 && D == "<u2") ||
      ((T == isa::DType::FP8_E4M3 || T == isa::DType::FP8_E5M2 || T == isa::DType::FP8_E4M3FN) &&
       D == "|u1");
  if (RawBits) {
    uint8_t Buf[2] = {static_cast<uint8_t>(Le(D == "<u2" ? 2 : 1)),
                      static_cast<uint8_t>(Le(D == "<u2" ? 2 : 1) >> 8)};
    return loadAsFloat(T, Buf);
  }
  switch (Kind) {
  case 'f':
    if (Size == '8') {
      double V;
      std::memcpy(&V, P + K * 8, 8);
      return V;
    }
    if (Size == '4')
      return bitsToFloat(static_cast<uint32_t>(Le(4)));
    if (Size == '2') {
      uint8_t Buf[2] = {P[K * 2], P[K * 2 + 1]};
      return loadAsFloat(isa::DType::FP16, Buf);
    }
    return std::nullopt;
  case 'i': {
    unsigned Bytes = static_cast<unsigned>(Size - '0');
    uint64_t V = Le(Bytes);
    if (Bytes < 8 && (V >> (8 * Bytes - 1)) & 1)
      V |= ~uint64_t(0) << (8 * Bytes);
    return static_cast<double>(static_cast<int64_t>(V));
  }
  case 'u':
  case 'b':
    return static_cast<double>(Le(static_cast<unsigned>(Size - '0')));
  default:
    return std::nullopt;
  }
}

} // namespace

std::variant<CheckResult, std::string> compare(const object::Tensor &T,
                                               std::span<const uint8_t> Got, const npy::Array &Ref,
                                               double RTol, double ATol, unsigned KeepFirst) {
  if (Ref.Shape != T.Shape)
    return fmt::format("the reference's shape ({}) is not the tensor's ({})",
                       fmt::join(Ref.Shape, ", "), fmt::join(T.Shape, ", "));
  if (!refValue(Ref, T.Type, 0) && Ref.elements())
    return fmt::format("a reference of dtype '{}' cannot be compared with {}", Ref.Descr,
                       isa::dtype(T.Type).Name);
  CheckResult R;
  R.Elements = T.elements();
  uint32_t EB = isa::dtype(T.Type).StorageBytes;
  for (uint64_t K = 0; K < R.Elements; ++K) {
    double G = loadAsFloat(T.Type, Got.data() + K * EB);
    if (isa::dtype(T.Type).Kind != isa::DTypeKind::Float)
      G = static_cast<double>(loadAsInt(T.Type, Got.data() + K * EB));
    double E = *refValue(Ref, T.Type, K);
    bool Ok;
    if (std::isnan(G) || std::isnan(E) || std::isinf(G) || std::isinf(E)) {
      Ok = (std::isnan(G) && std::isnan(E)) || G == E;
      // A NaN or infinity where the other side differs is an unbounded error.
      if (!Ok)
        R.MaxAbsError = R.MaxRelError = INFINITY;
    } else {
      double Abs = std::fabs(G - E);
      R.MaxAbsError = std::max(R.MaxAbsError, Abs);
      if (E != 0)
        R.MaxRelError = std::max(R.MaxRelError, Abs / std::fabs(E));
      Ok = Abs <= ATol + RTol * std::fabs(E);
    }
    if (!Ok) {
      ++R.Mismatches;
      if (R.First.size() < KeepFirst) {
        Mismatch M{std::vector<uint64_t>(T.Shape.size()), G, E};
        uint64_t Rest = K;
        for (size_t D = T.Shape.size(); D-- > 0;) {
          M.Index[D] = Rest % T.Shape[D];
          Rest /= T.Shape[D];
        }
        R.First.push_back(std::move(M));
      }
    }
  }
  return R;
}

std::vector<uint8_t> randomTensor(const object::Tensor &T, std::mt19937_64 &Rng) {
  std::vector<uint8_t> Out(T.bytes());
  randomFill(T.Type, Out, Rng);
  return Out;
}

void randomFill(isa::DType T, std::span<uint8_t> Out, std::mt19937_64 &Rng) {
  const isa::DTypeDesc &D = isa::dtype(T);
  uint64_t N = Out.size() / D.StorageBytes;
  for (uint64_t K = 0; K < N; ++K) {
    uint64_t R = Rng();
    if (D.Kind == isa::DTypeKind::Float) {
      // 24 random bits: uniform in [-1, 1) on a 2^-23 grid.
      float F = static_cast<float>(static_cast<int64_t>(R >> 40) - (int64_t(1) << 23)) /
                static_cast<float>(1 << 23);
      storeFromFloat(T, Out.data() + K * D.StorageBytes, F);
    } else {
      int64_t V = static_cast<int64_t>(R >> 60); // 0..15
      storeFromInt(T, Out.data() + K * D.StorageBytes, D.Kind == isa::DTypeKind::Int ? V - 8 : V);
    }
  }
}

} // namespace trn::emu
