//===- ref.cpp - inputs and fp64 reference for docs/examples/allgather-matmul -===//
//
// trn-ref-allgather-matmul DIR
//
// Writes, from a fixed-seed generator (values uniform in [-1, 1), rounded to
// bf16, '<u2' bits):
//
//   DIR/x.npy    [8, 128, 2048]   X by shards: x[k] = X[128 k .. 128 k + 127, :],
//                                 core k's private x
//   DIR/w.npy    [2048, 4096]     W, shared
//
// and DIR/ref.npy [1024, 4096] (float64): Y = X . W with plain loops in
// double precision over the whole of X and W at once: no shards, no ring,
// no column blocks. The products of bf16 values are exact in fp64 and the
// sums of 2048 of them nearly so; the kernel sums in fp32 (in PSUM), which
// is what the test's tolerance allows for. Nothing from the emulator is
// used: trn_npy only writes the files, bf16 rounding is RefKit's own.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int S = 8, MS = 128, K = 2048, NS = 512;
constexpr int M = S * MS, N = S * NS;

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: trn-ref-allgather-matmul DIR\n";
    return 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::filesystem::create_directories(Dir);

  Rng R(0x61676D6D72696E67ull);
  std::vector<uint16_t> XB, WB;
  std::vector<double> X, W;
  bf16Tensor(R, size_t(M) * K, 1.0, XB, X); // row-major [M, K]: shard k is rows 128 k ..
  bf16Tensor(R, size_t(K) * N, 1.0, WB, W);

  // Y = X W: k outside n so that the inner loop is contiguous; each element
  // is still summed in increasing k.
  std::vector<double> Y(size_t(M) * N, 0.0);
  for (int i = 0; i < M; ++i) {
    double *Out = &Y[size_t(i) * N];
    for (int k = 0; k < K; ++k) {
      double A = X[size_t(i) * K + k];
      const double *B = &W[size_t(k) * N];
      for (int j = 0; j < N; ++j)
        Out[j] += A * B[j];
    }
  }

  bool Ok = writeNpy(Dir / "x.npy", bf16Array({S, MS, K}, XB)) &&
            writeNpy(Dir / "w.npy", bf16Array({K, N}, WB)) &&
            writeNpy(Dir / "ref.npy", f64Array({M, N}, Y));
  if (!Ok) {
    std::cerr << "trn-ref-allgather-matmul: error: cannot write into '" << Dir.string() << "'\n";
    return 1;
  }
  return 0;
}
