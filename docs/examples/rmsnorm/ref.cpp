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

#include "../common/RefKit.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int Rows = 1024, D = 512;
constexpr double Eps = 1e-6; // the kernel's fp32 immediate 1e-6 is within 3e-8 relative of this

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
