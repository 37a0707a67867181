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
