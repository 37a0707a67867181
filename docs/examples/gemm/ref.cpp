//===- ref.cpp - inputs and reference output of the GEMM example ----------===//
//
// trn-ref-gemm DIR
//
// Writes DIR/lhsT.npy and DIR/rhs.npy, the bf16 inputs of the four GEMM
// kernels of docs/examples/gemm (lhsT [K, M] and rhs [K, N], K = M = N =
// 1024, stored as raw bf16 bits in '<u2'), and DIR/ref.npy, the fp32 result
// out[M, N] = lhsT^T . rhs that every one of the four kernels must produce
// bit for bit.
//
// Inputs: a fixed-seed splitmix64 stream, each value uniform in [-1, 1) on a
// grid of 2^24 steps, rounded to fp32 and then to bf16 (round to nearest,
// ties to even), row-major, lhsT first. The same bytes on every platform.
//
// Reference: plain loops. out[m, n] = sum over k of lhsT[k, m] * rhs[k, n],
// as the ISA reference defines matmul: every product rounded once to fp32
// (exact here: a bf16 x bf16 product has at most 16 significant bits), added
// into one fp32 accumulator in increasing k order from k = 0 to 1023, with a
// rounding after every addition; the accumulator starts from the k = 0
// product. The kernels split k into tiles of 128 accumulated in one PSUM bank
// (the first matmul of a tile of out overwrites, the other seven accumulate,
// in increasing k), which continues the same chain. Built with
// -ffp-contract=off, so no multiply-add is fused. Nothing from trn::emu is
// used: the bf16 rounding is this file's own, and trn_npy only serialises.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int K = 1024, M = 1024, N = 1024;
constexpr uint64_t Seed = 0x67656D6D31303234ull; // "gemm1024"

} // namespace

int main(int argc, char **argv) {
  if (argc != 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help")) {
    (argc == 2 ? std::cout : std::cerr)
        << "usage: trn-ref-gemm DIR\n"
           "Writes lhsT.npy, rhs.npy (bf16 [1024, 1024] as '<u2') and ref.npy\n"
           "(fp32 [1024, 1024] = lhsT^T . rhs) into DIR.\n";
    return argc == 2 ? 0 : 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);
  if (EC) {
    std::cerr << "trn-ref-gemm: error: cannot create '" << Dir.string() << "': " << EC.message()
              << "\n";
    return 1;
  }

  Rng R(Seed);
  std::vector<uint16_t> LhsTBits(size_t(K) * M), RhsBits(size_t(K) * N);
  for (uint16_t &B : LhsTBits)
    B = toBf16(static_cast<float>(R.uniform(-1.0, 1.0)));
  for (uint16_t &B : RhsBits)
    B = toBf16(static_cast<float>(R.uniform(-1.0, 1.0)));
  std::vector<float> LhsT(LhsTBits.size()), Rhs(RhsBits.size());
  for (size_t I = 0; I < LhsT.size(); ++I)
    LhsT[I] = fromBf16(LhsTBits[I]);
  for (size_t I = 0; I < Rhs.size(); ++I)
    Rhs[I] = fromBf16(RhsBits[I]);

  // out[m, :] accumulates row by row of rhs: for a fixed (m, n) the k loop
  // still runs from 0 to K - 1 in order, one fp32 rounding per product and
  // per addition; the n loop inside only makes the memory access contiguous.
  std::vector<float> Out(size_t(M) * N);
  for (int m = 0; m < M; ++m) {
    float *Acc = &Out[size_t(m) * N];
    for (int n = 0; n < N; ++n)
      Acc[n] = LhsT[size_t(0) * M + m] * Rhs[size_t(0) * N + n];
    for (int k = 1; k < K; ++k) {
      float A = LhsT[size_t(k) * M + m];
      const float *B = &Rhs[size_t(k) * N];
      for (int n = 0; n < N; ++n) {
        float Prod = A * B[n];
        Acc[n] = Acc[n] + Prod;
      }
    }
  }

  bool Ok = writeNpy(Dir / "lhsT.npy", bf16Array({K, M}, LhsTBits)) &&
            writeNpy(Dir / "rhs.npy", bf16Array({K, N}, RhsBits)) &&
            writeNpy(Dir / "ref.npy", fp32Array({M, N}, Out));
  return Ok ? 0 : 1;
}
