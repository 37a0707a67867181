//===- ref.cpp - inputs and reference output of the softmax example --------===//
//
// trn-ref-softmax DIR
//
// Writes DIR/x.npy (fp32 [1024, 512], fixed-seed uniform values in [-10, 10))
// and DIR/ref.npy, the row softmax of x computed in double precision:
//   ref[r, c] = exp(x[r, c] - m_r) / sum_j exp(x[r, j] - m_r),  m_r = max_j x[r, j]
// then rounded once to fp32. Plain loops; nothing from the emulator is used
// (trn_npy only serialises the .npy files).
//
//===----------------------------------------------------------------------===//

#include "trn/npy/Npy.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr int Rows = 1024, D = 512;

// splitmix64: the same sequence on every platform.
struct Rng {
  uint64_t State;
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  // Uniform on [Lo, Hi) on a grid of 2^24 steps, rounded once to fp32.
  float uniform(double Lo, double Hi) {
    double U = static_cast<double>(next() >> 40) / 16777216.0;
    return static_cast<float>(Lo + (Hi - Lo) * U);
  }
};

trn::npy::Array fp32Array(std::vector<uint64_t> Shape, const std::vector<float> &V) {
  trn::npy::Array A;
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

bool writeNpy(const std::filesystem::path &Path, const trn::npy::Array &A) {
  std::vector<uint8_t> Bytes = trn::npy::serialize(A);
  std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
  OS.write(reinterpret_cast<const char *>(Bytes.data()), static_cast<std::streamsize>(Bytes.size()));
  if (!OS)
    std::cerr << "trn-ref-softmax: error: cannot write '" << Path.string() << "'\n";
  return static_cast<bool>(OS);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-softmax DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);

  Rng R(0x736F66746D617801ull);
  std::vector<float> X(size_t(Rows) * D);
  for (float &V : X)
    V = R.uniform(-10.0, 10.0);

  std::vector<float> Ref(X.size());
  for (int r = 0; r < Rows; ++r) {
    const float *Row = &X[size_t(r) * D];
    double Max = Row[0];
    for (int c = 1; c < D; ++c)
      Max = std::fmax(Max, double(Row[c]));
    std::vector<double> E(D);
    double Sum = 0;
    for (int c = 0; c < D; ++c) {
      E[c] = std::exp(double(Row[c]) - Max);
      Sum += E[c];
    }
    for (int c = 0; c < D; ++c)
      Ref[size_t(r) * D + c] = static_cast<float>(E[c] / Sum);
  }
  bool Ok = writeNpy(Dir / "x.npy", fp32Array({Rows, D}, X)) &&
            writeNpy(Dir / "ref.npy", fp32Array({Rows, D}, Ref));
  return Ok ? 0 : 1;
}
