//===- ref.cpp - inputs and fp64 reference for docs/examples/lnc2-matmul --===//
//
// trn-ref-lnc2-matmul DIR
//
// Writes DIR/lhsT.npy [K, M] and DIR/rhs.npy [K, N] (bf16 bits, '<u2') from
// a fixed-seed generator, values uniform in [-1, 1), and DIR/ref.npy
// (float64): the product
//
//   out[m, n] = sum over k of lhsT[k, m] rhs[k, n],  M = K = 512, N = 1024,
//
// with plain loops in double precision over the whole of N at once (no
// split into blocks or cores). The products of two bf16 values are exact in
// fp64 and the sums of 512 of them nearly so; the kernel sums in fp32 (in
// PSUM), which is what the test's tolerance allows for. Nothing from the
// emulator is used: trn_npy only writes the files, bf16 rounding is
// RefKit's own.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int M = 512, K = 512, N = 1024;

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-lnc2-matmul DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::filesystem::create_directories(Dir);

  Rng R(0x6C6E63326D6D756Cull);
  std::vector<uint16_t> LB, RB;
  std::vector<double> L, Rh;
  bf16Tensor(R, size_t(K) * M, 1.0, LB, L);
  bf16Tensor(R, size_t(K) * N, 1.0, RB, Rh);

  // out = lhsT^T rhs, k outermost so that the inner loop is contiguous;
  // each element is still summed in increasing k.
  std::vector<double> Out(size_t(M) * N, 0.0);
  for (int k = 0; k < K; ++k)
    for (int m = 0; m < M; ++m) {
      double A = L[size_t(k) * M + m];
      const double *B = &Rh[size_t(k) * N];
      double *O = &Out[size_t(m) * N];
      for (int n = 0; n < N; ++n)
        O[n] += A * B[n];
    }

  bool Ok = writeNpy(Dir / "lhsT.npy", bf16Array({K, M}, LB)) &&
            writeNpy(Dir / "rhs.npy", bf16Array({K, N}, RB)) &&
            writeNpy(Dir / "ref.npy", f64Array({M, N}, Out));
  if (!Ok) {
    std::cerr << "trn-ref-lnc2-matmul: error: cannot write into '" << Dir.string() << "'\n";
    return 1;
  }
  return 0;
}
