//===- ref.cpp - inputs and fp64 reference for docs/examples/tp-mlp -------===//
//
// trn-ref-tp-mlp DIR
//
// Writes DIR/x.npy, DIR/w1.npy, DIR/w2.npy (bf16 bits, '<u2') from a
// fixed-seed generator and DIR/ref.npy (float64): the MLP block
//
//   y = GELU_tanh(x . W1) . W2,   x [512, 512], W1 [512, 4096], W2 [4096, 512]
//
// computed with plain loops in double precision from the bf16 input values,
// over the whole hidden dimension at once (no split into cores, no partial
// sums), with the exact tanh form of GELU,
//
//   gelu(v) = 0.5 v (1 + tanh(sqrt(2 / pi) (v + 0.044715 v^3))),
//
// and the hidden activation kept in fp64. The kernel rounds h to bf16, sums
// in fp32 (in PSUM, then the 8 partials on DVE) and evaluates GELU in fp32:
// that is what the test's tolerance allows for. The tensors are the
// kernel's shared ones, whole: every core reads its slice of W1 and W2 from
// the same file. Nothing from the emulator is used: trn_npy only writes the
// files, and bf16 conversion is RefKit's own.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int T = 512, D = 512, H = 4096;

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-tp-mlp DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::filesystem::create_directories(Dir);

  // As docs/examples/mlp: x ~ U(-sqrt 3, sqrt 3) (unit variance); W1 scaled
  // so that the pre-activation has a standard deviation of about 2; W2 with
  // variance 1 / H, so that y is of order 1 whatever H.
  Rng R(0x74706D6C70626C6Bull);
  std::vector<uint16_t> XB, W1B, W2B;
  std::vector<double> X, W1, W2;
  bf16Tensor(R, size_t(T) * D, std::sqrt(3.0), XB, X);
  bf16Tensor(R, size_t(D) * H, 2.0 * std::sqrt(3.0 / D), W1B, W1);
  bf16Tensor(R, size_t(H) * D, std::sqrt(3.0 / H), W2B, W2);

  // h = gelu(x . W1), y = h . W2, in fp64. Each dot product is summed in
  // index order; the loops run row by row so that the inner loop is
  // contiguous (the sum of each element is still in index order).
  std::vector<double> Hid(size_t(T) * H), Y(size_t(T) * D, 0.0);
  std::vector<double> Row(H);
  for (int t = 0; t < T; ++t) {
    std::fill(Row.begin(), Row.end(), 0.0);
    for (int d = 0; d < D; ++d) {
      double Xv = X[size_t(t) * D + d];
      const double *W = &W1[size_t(d) * H];
      for (int h = 0; h < H; ++h)
        Row[h] += Xv * W[h];
    }
    for (int h = 0; h < H; ++h)
      Hid[size_t(t) * H + h] = geluTanh(Row[h]);
  }
  for (int t = 0; t < T; ++t) {
    double *Out = &Y[size_t(t) * D];
    for (int h = 0; h < H; ++h) {
      double Hv = Hid[size_t(t) * H + h];
      const double *W = &W2[size_t(h) * D];
      for (int d = 0; d < D; ++d)
        Out[d] += Hv * W[d];
    }
  }

  bool Ok = writeNpy(Dir / "x.npy", bf16Array({T, D}, XB)) &&
            writeNpy(Dir / "w1.npy", bf16Array({D, H}, W1B)) &&
            writeNpy(Dir / "w2.npy", bf16Array({H, D}, W2B)) &&
            writeNpy(Dir / "ref.npy", f64Array({T, D}, Y));
  if (!Ok) {
    std::cerr << "trn-ref-tp-mlp: error: cannot write into '" << Dir.string() << "'\n";
    return 1;
  }
  return 0;
}
