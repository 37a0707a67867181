//===- ref.cpp - inputs and reference output of the rmsnorm example --------===//
//
// trn-ref-rmsnorm DIR
//
// Writes DIR/x.npy (fp32 [1024, 512]) and DIR/g.npy (fp32 [1, 512]) from a
// fixed-seed generator, and DIR/ref.npy, the RMS norm of every row computed
// in double precision:
//   ms_r = sum_c x[r, c]^2 / D
//   ref[r, c] = x[r, c] / sqrt(ms_r + 1e-6) * g[c]
// then rounded once to fp32. Rows have scales from 0.01 to 10 (log-uniform)
// and an offset of up to half their scale, so that the normalisation does
// real work. Plain loops; nothing from the emulator is used (trn_npy only
// serialises the .npy files).
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
constexpr double Eps = 1e-6; // the kernel's fp32 immediate 1e-6 is within 3e-8 relative of this

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
  // Uniform on [Lo, Hi) on a grid of 2^24 steps, in double.
  double uniform(double Lo, double Hi) {
    return Lo + (Hi - Lo) * (static_cast<double>(next() >> 40) / 16777216.0);
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
    std::cerr << "trn-ref-rmsnorm: error: cannot write '" << Path.string() << "'\n";
  return static_cast<bool>(OS);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-rmsnorm DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);

  Rng R(0x726D736E6F726D01ull);
  std::vector<float> X(size_t(Rows) * D), G(D);
  for (int r = 0; r < Rows; ++r) {
    double Scale = std::exp(R.uniform(std::log(0.01), std::log(10.0)));
    double Offset = Scale * R.uniform(-0.5, 0.5);
    for (int c = 0; c < D; ++c)
      X[size_t(r) * D + c] = static_cast<float>(Offset + Scale * R.uniform(-1.0, 1.0));
  }
  for (float &V : G)
    V = static_cast<float>(R.uniform(0.5, 1.5));

  std::vector<float> Ref(X.size());
  for (int r = 0; r < Rows; ++r) {
    const float *Row = &X[size_t(r) * D];
    double Sq = 0;
    for (int c = 0; c < D; ++c)
      Sq += double(Row[c]) * Row[c];
    double Rrms = 1.0 / std::sqrt(Sq / D + Eps);
    for (int c = 0; c < D; ++c)
      Ref[size_t(r) * D + c] = static_cast<float>(Row[c] * Rrms * G[c]);
  }
  bool Ok = writeNpy(Dir / "x.npy", fp32Array({Rows, D}, X)) &&
            writeNpy(Dir / "g.npy", fp32Array({1, D}, G)) &&
            writeNpy(Dir / "ref.npy", fp32Array({Rows, D}, Ref));
  return Ok ? 0 : 1;
}
