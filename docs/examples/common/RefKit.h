//===- RefKit.h - what every example's reference generator shares ---*- C++ -*-===//
//
// A deterministic random source and .npy writers for the reference programs
// (docs/examples/*/ref.cpp). Deliberately nothing of the emulator: the
// references compute their expected outputs with plain loops of their own;
// trn_npy only serialises the files.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EXAMPLES_REFKIT_H
#define TRN_EXAMPLES_REFKIT_H

#include "trn/npy/Npy.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

namespace trn::examples {

// splitmix64: the same sequence on every platform, unlike <random>'s
// distributions.
struct Rng {
  uint64_t State;
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  // Uniform on [Lo, Hi) on a grid of 2^24 steps, in double.
  double uniform(double Lo, double Hi) {
    return Lo + (Hi - Lo) * (static_cast<double>(next() >> 40) / 16777216.0);
  }
};

// fp32 -> bf16 bits, round to nearest, ties to even (add 0x7FFF plus the
// lowest kept bit, truncate); a NaN becomes the quiet NaN with its sign.
inline uint16_t toBf16(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  if ((B & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>(((B >> 16) & 0x8000u) | 0x7FC0u);
  return static_cast<uint16_t>((B + 0x7FFFu + ((B >> 16) & 1u)) >> 16);
}

inline float fromBf16(uint16_t H) {
  uint32_t B = uint32_t(H) << 16;
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

// Uniform on [-A, A) on a grid of 2^53 steps.
inline double uniformSymmetric(Rng &R, double A) {
  return A * (2.0 * static_cast<double>(R.next() >> 11) / 9007199254740992.0 - 1.0);
}

// A bf16 tensor of uniform values in [-A, A): its bits, and its values.
inline void bf16Tensor(Rng &R, size_t Count, double A, std::vector<uint16_t> &Bits,
                       std::vector<double> &Values) {
  Bits.resize(Count);
  Values.resize(Count);
  for (size_t K = 0; K < Count; ++K) {
    Bits[K] = toBf16(static_cast<float>(uniformSymmetric(R, A)));
    Values[K] = fromBf16(Bits[K]);
  }
}

// GELU in its exact tanh form, in double.
inline double geluTanh(double V) {
  const double C = std::sqrt(2.0 / M_PI);
  return 0.5 * V * (1.0 + std::tanh(C * (V + 0.044715 * V * V * V)));
}

inline npy::Array fp32Array(std::vector<uint64_t> Shape, const std::vector<float> &V) {
  npy::Array A;
  A.Descr = "<f4";
  A.Shape = std::move(Shape);
  A.Data.resize(V.size() * 4);
  for (size_t K = 0; K < V.size(); ++K) {
    uint32_t B;
    std::memcpy(&B, &V[K], 4);
    for (unsigned I = 0; I < 4; ++I)
      A.Data[4 * K + I] = static_cast<uint8_t>(B >> (8 * I));
  }
  return A;
}

// bf16 elements as their raw bits, the way trnemu stores bf16 in .npy.
inline npy::Array bf16Array(std::vector<uint64_t> Shape, const std::vector<uint16_t> &V) {
  npy::Array A;
  A.Descr = "<u2";
  A.Shape = std::move(Shape);
  A.Data.resize(V.size() * 2);
  for (size_t K = 0; K < V.size(); ++K) {
    A.Data[2 * K] = static_cast<uint8_t>(V[K]);
    A.Data[2 * K + 1] = static_cast<uint8_t>(V[K] >> 8);
  }
  return A;
}

inline npy::Array f64Array(std::vector<uint64_t> Shape, const std::vector<double> &V) {
  npy::Array A;
  A.Descr = "<f8";
  A.Shape = std::move(Shape);
  A.Data.resize(V.size() * 8);
  for (size_t K = 0; K < V.size(); ++K) {
    uint64_t B;
    std::memcpy(&B, &V[K], 8);
    for (unsigned I = 0; I < 8; ++I)
      A.Data[8 * K + I] = static_cast<uint8_t>(B >> (8 * I));
  }
  return A;
}

inline bool writeNpy(const std::filesystem::path &Path, const npy::Array &A) {
  std::vector<uint8_t> Bytes = npy::serialize(A);
  std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
  OS.write(reinterpret_cast<const char *>(Bytes.data()),
           static_cast<std::streamsize>(Bytes.size()));
  if (!OS)
    std::cerr << "error: cannot write '" << Path.string() << "'\n";
  return static_cast<bool>(OS);
}

} // namespace trn::examples

#endif
