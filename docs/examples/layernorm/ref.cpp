//===- ref.cpp - inputs and reference output of the layernorm example ------===//
//
// trn-ref-layernorm DIR
//
// Writes DIR/x.npy (fp32 [1024, 512]), DIR/gamma.npy and DIR/beta.npy (fp32
// [1, 512]) from a fixed-seed generator, and DIR/ref.npy, the layer norm of
// every row computed in double precision:
//   mean_r = sum_c x[r, c] / D,  var_r = sum_c (x[r, c] - mean_r)^2 / D
//   ref[r, c] = (x[r, c] - mean_r) / sqrt(var_r + 1e-5) * gamma[c] + beta[c]
// then rounded once to fp32. Each row has its own offset (mean in [-4, 4))
// and spread (standard deviation about 0.05 to 3), so that the
// normalisation does real work. Plain loops; nothing from the emulator is
// used (trn_npy only serialises the .npy files).
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
constexpr double Eps = 1e-5; // the kernel's fp32 immediate 1e-5 is within 1e-12 relative of this

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-layernorm DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);

  Rng R(0x6C617965726E6F01ull);
  std::vector<float> X(size_t(Rows) * D), Gamma(D), Beta(D);
  for (int r = 0; r < Rows; ++r) {
    double Offset = R.uniform(-4.0, 4.0);
    double Spread = std::exp(R.uniform(std::log(0.05), std::log(3.0)));
    for (int c = 0; c < D; ++c) // uniform on [-sqrt 3, sqrt 3): unit variance
      X[size_t(r) * D + c] = static_cast<float>(Offset + Spread * R.uniform(-1.7320508, 1.7320508));
  }
  for (int c = 0; c < D; ++c) {
    Gamma[c] = static_cast<float>(R.uniform(0.5, 1.5));
    Beta[c] = static_cast<float>(R.uniform(-1.0, 1.0));
  }

  std::vector<float> Ref(X.size());
  for (int r = 0; r < Rows; ++r) {
    const float *Row = &X[size_t(r) * D];
    double Sum = 0;
    for (int c = 0; c < D; ++c)
      Sum += Row[c];
    double Mean = Sum / D, Sq = 0;
    for (int c = 0; c < D; ++c)
      Sq += (Row[c] - Mean) * (Row[c] - Mean);
    double Rstd = 1.0 / std::sqrt(Sq / D + Eps);
    for (int c = 0; c < D; ++c)
      Ref[size_t(r) * D + c] = static_cast<float>((Row[c] - Mean) * Rstd * Gamma[c] + Beta[c]);
  }
  bool Ok = writeNpy(Dir / "x.npy", fp32Array({Rows, D}, X)) &&
            writeNpy(Dir / "gamma.npy", fp32Array({1, D}, Gamma)) &&
            writeNpy(Dir / "beta.npy", fp32Array({1, D}, Beta)) &&
            writeNpy(Dir / "ref.npy", fp32Array({Rows, D}, Ref));
  return Ok ? 0 : 1;
}
