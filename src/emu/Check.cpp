//===- Check.cpp - outputs against references, random inputs --------------===//

#include "trn/emu/Check.h"

#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>

namespace trn::emu {

namespace {

bool rawBitsOf(isa::DType T, const std::string &Descr) {
  using isa::DType;
  return (T == DType::BF16 && Descr == "<u2") ||
         ((T == DType::FP8_E4M3 || T == DType::FP8_E5M2 || T == DType::FP8_E4M3FN ||
           T == DType::FP4_E2M1 || T == DType::FP8_E8M0) &&
          Descr == "|u1");
}

// Packed x4 elements hold four values: no one number is the element, so
// they are compared as raw bits, exactly (a tolerance on bit patterns
// means nothing).
bool packed(isa::DType T) { return isa::dtype(T).Lanes != 1; }

// The bytes per element of a reference of this descr that can be compared
// with a tensor of dtype T, or 0 when it cannot: floats of 2, 4 or 8
// bytes, integers and booleans, each read as a double, and for bf16 and
// fp8 tensors unsigned arrays of their raw bits (the only reference a
// packed x4 tensor takes).
unsigned refElementBytes(const std::string &D, isa::DType T) {
  if (rawBitsOf(T, D))
    return D == "<u2" ? 2 : 1;
  if (packed(T)) // only its raw bits, in the unsigned integer of its size
    return D == npy::descrFor(T) ? isa::dtype(T).StorageBytes : 0;
  if (D.size() != 3 || (D[0] != '<' && D[0] != '|'))
    return 0;
  char Kind = D[1], Size = D[2];
  switch (Kind) {
  case 'f':
    return Size == '2' || Size == '4' || Size == '8' ? Size - '0' : 0;
  case 'i':
  case 'u':
    return Size == '1' || Size == '2' || Size == '4' || Size == '8' ? Size - '0' : 0;
  case 'b':
    return Size == '1' ? 1 : 0;
  default:
    return 0;
  }
}

// Element K of a reference array as a double; the descr is one
// refElementBytes accepts and the data holds element K.
double refValue(const npy::Array &A, isa::DType T, uint64_t K) {
  const std::string &D = A.Descr;
  unsigned Bytes = refElementBytes(D, T);
  const uint8_t *P = A.Data.data() + K * Bytes;
  uint64_t V = 0;
  for (unsigned B = 0; B < Bytes; ++B)
    V |= uint64_t(P[B]) << (8 * B);
  if (rawBitsOf(T, D)) {
    uint8_t Buf[2] = {static_cast<uint8_t>(V), static_cast<uint8_t>(V >> 8)};
    return loadAsFloat(T, Buf);
  }
  switch (D[1]) {
  case 'f':
    if (Bytes == 8)
      return std::bit_cast<double>(V);
    if (Bytes == 4)
      return bitsToFloat(static_cast<uint32_t>(V));
    return loadAsFloat(isa::DType::FP16, P);
  case 'i':
    if (Bytes < 8 && (V >> (8 * Bytes - 1)) & 1)
      V |= ~uint64_t(0) << (8 * Bytes);
    return static_cast<double>(static_cast<int64_t>(V));
  default: // 'u', 'b'
    return static_cast<double>(V);
  }
}

} // namespace

std::optional<std::string> checkReference(const object::Tensor &T, const npy::Array &Ref) {
  // The same words as npy::toTensor uses for --in.
  if (Ref.Shape != T.Shape)
    return fmt::format("shape {} does not match the tensor's {}", npy::shapeText(Ref.Shape),
                       npy::shapeText(T.Shape));
  if (!refElementBytes(Ref.Descr, T.Type))
    return fmt::format("a reference of dtype '{}' cannot be compared with {}", Ref.Descr,
                       isa::dtype(T.Type).Name);
  return std::nullopt;
}

std::variant<CheckResult, std::string> compare(const object::Tensor &T,
                                               std::span<const uint8_t> Got, const npy::Array &Ref,
                                               double RTol, double ATol, unsigned KeepFirst) {
  if (auto Err = checkReference(T, Ref))
    return std::move(*Err);
  unsigned RefBytes = refElementBytes(Ref.Descr, T.Type);
  // Both sides hold every element (an Array or a span built by hand may
  // not): nothing below reads past them.
  CheckResult R;
  R.Elements = T.elements();
  uint32_t EB = isa::dtype(T.Type).StorageBytes;
  if (Ref.Data.size() / RefBytes != R.Elements || Ref.Data.size() % RefBytes)
    return fmt::format("the reference holds {} bytes, its shape {} of '{}' needs {}",
                       Ref.Data.size(), npy::shapeText(Ref.Shape), Ref.Descr,
                       R.Elements * RefBytes);
  if (Got.size() != T.bytes())
    return fmt::format("the tensor holds {} bytes, its shape {} of {} needs {}", Got.size(),
                       npy::shapeText(T.Shape), isa::dtype(T.Type).Name, T.bytes());
  for (uint64_t K = 0; K < R.Elements; ++K) {
    double G = loadAsFloat(T.Type, Got.data() + K * EB);
    if (isa::dtype(T.Type).Kind != isa::DTypeKind::Float || packed(T.Type))
      G = static_cast<double>(loadAsInt(T.Type, Got.data() + K * EB));
    double E = refValue(Ref, T.Type, K);
    bool Ok;
    if (packed(T.Type)) {
      Ok = G == E;
      if (!Ok)
        R.MaxAbsError = std::max(R.MaxAbsError, std::fabs(G - E));
    } else if (std::isnan(G) || std::isnan(E) || std::isinf(G) || std::isinf(E)) {
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

std::string describeCheck(const std::string &Name, const CheckResult &C, double RTol, double ATol) {
  if (C.ok())
    return fmt::format("check {}: ok, {} elements within rtol={:g} atol={:g} (max abs error {:g}, "
                       "max rel error {:g})\n",
                       Name, C.Elements, RTol, ATol, C.MaxAbsError, C.MaxRelError);
  std::string Text =
      fmt::format("check {}: MISMATCH in {} of {} elements (rtol={:g} atol={:g}; "
                  "max abs error {:g}, max rel error {:g})\n",
                  Name, C.Mismatches, C.Elements, RTol, ATol, C.MaxAbsError, C.MaxRelError);
  for (const Mismatch &M : C.First)
    Text += fmt::format("  {}[{}]: got {:g}, expected {:g}\n", Name, fmt::join(M.Index, ", "),
                        M.Got, M.Expected);
  return Text;
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
