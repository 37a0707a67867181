//===- ArrayText.cpp - an array's elements as NumPy prints them -----------===//

#include "ArrayText.h"

#include "trn/emu/Numerics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace trn::emu {

namespace {

constexpr uint64_t Threshold = 1000; // numpy's printoptions: threshold,
constexpr uint64_t EdgeItems = 3;    // edgeitems
constexpr size_t LineWidth = 75;     // and linewidth
constexpr uint64_t Ellipsis = UINT64_MAX;

bool isFloat(isa::DType T) { return isa::dtype(T).Kind == isa::DTypeKind::Float; }

std::string element(isa::DType T, const uint8_t *P) {
  if (!isFloat(T))
    return std::to_string(loadAsInt(T, P));
  float F = loadAsFloat(T, P);
  if (std::isnan(F))
    return "nan";
  if (std::isinf(F))
    return F < 0 ? "-inf" : "inf";
  if (F == std::trunc(F) && std::fabs(F) < 1e16f)
    return fmt::format("{:.0f}.", F);
  return fmt::format("{}", F);
}

struct Printer {
  isa::DType T = isa::DType::FP32;
  std::span<const uint8_t> Bytes;
  std::span<const uint64_t> Shape;
  std::vector<uint64_t> Strides; // elements
  unsigned Size = 4;
  bool Summarise = false;
  size_t Width = 0;
  std::string Out;

  // The indices shown along dimension D (Ellipsis for "...").
  std::vector<uint64_t> shown(size_t D) const {
    std::vector<uint64_t> I;
    uint64_t N = Shape[D];
    if (Summarise && N > 2 * EdgeItems) {
      for (uint64_t K = 0; K < EdgeItems; ++K)
        I.push_back(K);
      I.push_back(Ellipsis);
      for (uint64_t K = N - EdgeItems; K < N; ++K)
        I.push_back(K);
    } else {
      for (uint64_t K = 0; K < N; ++K)
        I.push_back(K);
    }
    return I;
  }

  template <typename Fn> void forEachShown(size_t D, uint64_t Base, Fn &&F) const {
    if (D == Shape.size()) {
      F(Base);
      return;
    }
    for (uint64_t K : shown(D))
      if (K != Ellipsis)
        forEachShown(D + 1, Base + K * Strides[D], F);
  }

  void print(size_t D, uint64_t Base) {
    size_t Dims = Shape.size();
    Out += '[';
    std::vector<uint64_t> Items = shown(D);
    if (D + 1 == Dims) {
      size_t Col = Dims; // the innermost '[' is at column Dims - 1
      for (size_t K = 0; K < Items.size(); ++K) {
        std::string E = Items[K] == Ellipsis
                            ? "..."
                            : element(T, &Bytes[(Base + Items[K] * Strides[D]) * Size]);
        if (Items[K] != Ellipsis && E.size() < Width)
          E.insert(0, Width - E.size(), ' ');
        size_t Need = E.size() + (K ? 1 : 0) + (K + 1 == Items.size() ? Dims : 0);
        if (K && Col + Need > LineWidth) {
          Out += '\n';
          Out.append(Dims, ' ');
          Col = Dims;
        } else if (K) {
          Out += ' ';
          ++Col;
        }
        Out += E;
        Col += E.size();
      }
    } else {
      std::string Sep = std::string(Dims - D - 1, '\n') + std::string(D + 1, ' ');
      for (size_t K = 0; K < Items.size(); ++K) {
        if (K)
          Out += Sep;
        if (Items[K] == Ellipsis)
          Out += "...";
        else
          print(D + 1, Base + Items[K] * Strides[D]);
      }
    }
    Out += ']';
  }
};

} // namespace

std::string arrayText(isa::DType T, std::span<const uint8_t> Bytes,
                      std::span<const uint64_t> Shape) {
  if (Shape.empty())
    return element(T, Bytes.data());
  Printer P;
  P.T = T;
  P.Bytes = Bytes;
  P.Shape = Shape;
  P.Strides.assign(Shape.size(), 1);
  P.Size = isa::dtype(T).StorageBytes;
  uint64_t Elements = 1;
  for (size_t D = Shape.size(); D-- > 0;) {
    P.Strides[D] = Elements;
    Elements *= Shape[D];
  }
  if (Elements == 0)
    return std::string(Shape.size(), '[') + std::string(Shape.size(), ']');
  P.Summarise = Elements > Threshold;
  P.forEachShown(0, 0, [&](uint64_t I) {
    P.Width = std::max(P.Width, element(T, &Bytes[I * P.Size]).size());
  });
  P.print(0, 0);
  return P.Out;
}

} // namespace trn::emu
