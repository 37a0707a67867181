//===- ref.cpp - inputs and fp64 reference for docs/examples/mlp ----------===//
//
// trn-ref-mlp DIR
//
// Writes DIR/x.npy, DIR/w1.npy, DIR/w2.npy (bf16 bits, '<u2') from a
// fixed-seed generator and DIR/ref.npy (float64): the fused MLP block
//
//   y = GELU_tanh(x . W1) . W2,   x [512, 512], W1 [512, 1024], W2 [1024, 512]
//
// computed with plain loops in double precision from the bf16 input values,
// with the exact tanh form of GELU,
//
//   gelu(v) = 0.5 v (1 + tanh(sqrt(2 / pi) (v + 0.044715 v^3))),
//
// and the hidden activation kept in fp64 (the kernel rounds it to bf16: that
// rounding, fp32 accumulation and the fp32 GELU are what the test's
// tolerance allows for). Nothing from the emulator is used: trn_npy only
// writes the files, and bf16 conversion is this file's own.
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

constexpr int T = 512, D = 512, H = 1024;

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-mlp DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::filesystem::create_directories(Dir);

  // x ~ U(-sqrt 3, sqrt 3) (unit variance); W1 scaled so that the
  // pre-activation has a standard deviation of about 2 (GELU's curved part
  // and both tails are exercised); W2 so that y is of order 1.
  Rng R(0x6D6C70626C6F636Bull);
  std::vector<uint16_t> XB, W1B, W2B;
  std::vector<double> X, W1, W2;
  bf16Tensor(R, size_t(T) * D, std::sqrt(3.0), XB, X);
  bf16Tensor(R, size_t(D) * H, 2.0 * std::sqrt(3.0 / D), W1B, W1);
  bf16Tensor(R, size_t(H) * D, std::sqrt(3.0 / H), W2B, W2);

  // h = gelu(x . W1), y = h . W2, in fp64.
  std::vector<double> Hid(size_t(T) * H), Y(size_t(T) * D);
  for (int t = 0; t < T; ++t)
    for (int h = 0; h < H; ++h) {
      double S = 0;
      for (int d = 0; d < D; ++d)
        S += X[size_t(t) * D + d] * W1[size_t(d) * H + h];
      Hid[size_t(t) * H + h] = geluTanh(S);
    }
  for (int t = 0; t < T; ++t)
    for (int d = 0; d < D; ++d) {
      double S = 0;
      for (int h = 0; h < H; ++h)
        S += Hid[size_t(t) * H + h] * W2[size_t(h) * D + d];
      Y[size_t(t) * D + d] = S;
    }

  bool Ok = writeNpy(Dir / "x.npy", bf16Array({T, D}, XB)) &&
            writeNpy(Dir / "w1.npy", bf16Array({D, H}, W1B)) &&
            writeNpy(Dir / "w2.npy", bf16Array({H, D}, W2B)) &&
            writeNpy(Dir / "ref.npy", f64Array({T, D}, Y));
  if (!Ok) {
    std::cerr << "trn-ref-mlp: error: cannot write into '" << Dir.string() << "'\n";
    return 1;
  }
  return 0;
}
