//===- ref.cpp - inputs and fp64 reference for docs/examples/attention ----===//
//
// trn-ref-attention DIR [S]
//
// Writes DIR/q.npy, DIR/k.npy, DIR/v.npy (bf16 bits, '<u2', [S, d]) from a
// fixed-seed generator and DIR/ref.npy (float64, [S, d]): causal
// self-attention of one head,
//
//   out[s, :] = sum over t <= s of softmax_t(c q_s . k_t) v_t,   c = 1 / sqrt(d),
//
// computed with plain loops in double precision from the bf16 input values:
// the full row of scores, its maximum, exp, the sum, the weighted sum of V,
// one division. The kernel does it blockwise with a running maximum, in
// fp32, with P rounded to bf16 for the second matmul: those differences are
// what the test's tolerance allows for. Nothing from the emulator is used:
// trn_npy only writes the files, and bf16 conversion is this file's own.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int HD = 128; // as in attention.s
int S = 2048; // as in attention.s; another S (a multiple of 256, at least 512) as argument

} // namespace

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    std::cerr << "usage: trn-ref-attention DIR [S]\n";
    return 2;
  }
  if (argc == 3)
    S = std::atoi(argv[2]);
  if (S < 512 || S % 256) {
    std::cerr << "trn-ref-attention: error: S must be a multiple of 256, at least 512\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::filesystem::create_directories(Dir);

  // Q and K uniform on [-3, 3): the scaled scores c q.k then have a
  // standard deviation of about 3, so a row's maximum moves from key block
  // to key block and the rescaling matters; V uniform on [-1, 1).
  Rng R(0x617474656E74696Full);
  std::vector<uint16_t> QB, KB, VB;
  std::vector<double> Q, K, V;
  bf16Tensor(R, size_t(S) * HD, 3.0, QB, Q);
  bf16Tensor(R, size_t(S) * HD, 3.0, KB, K);
  bf16Tensor(R, size_t(S) * HD, 1.0, VB, V);

  const double C = 1.0 / std::sqrt(static_cast<double>(HD));
  std::vector<double> Out(size_t(S) * HD), Row(S);
  for (int s = 0; s < S; ++s) {
    double Max = -INFINITY;
    for (int t = 0; t <= s; ++t) {
      double Dot = 0;
      for (int e = 0; e < HD; ++e)
        Dot += Q[size_t(s) * HD + e] * K[size_t(t) * HD + e];
      Row[t] = C * Dot;
      Max = std::max(Max, Row[t]);
    }
    double Sum = 0;
    for (int t = 0; t <= s; ++t) {
      Row[t] = std::exp(Row[t] - Max);
      Sum += Row[t];
    }
    for (int e = 0; e < HD; ++e) {
      double Acc = 0;
      for (int t = 0; t <= s; ++t)
        Acc += Row[t] * V[size_t(t) * HD + e];
      Out[size_t(s) * HD + e] = Acc / Sum;
    }
  }

  bool Ok = writeNpy(Dir / "q.npy", bf16Array({uint64_t(S), HD}, QB)) &&
            writeNpy(Dir / "k.npy", bf16Array({uint64_t(S), HD}, KB)) &&
            writeNpy(Dir / "v.npy", bf16Array({uint64_t(S), HD}, VB)) &&
            writeNpy(Dir / "ref.npy", f64Array({uint64_t(S), HD}, Out));
  if (!Ok) {
    std::cerr << "trn-ref-attention: error: cannot write into '" << Dir.string() << "'\n";
    return 1;
  }
  return 0;
}
