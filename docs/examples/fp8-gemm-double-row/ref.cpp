//===- ref.cpp - inputs and reference output of the fp8 double-row GEMM ---===//
//
// trn-ref-fp8-gemm-double-row DIR
//
// Writes DIR/lhsT.npy and DIR/rhs.npy, the fp8_e4m3 inputs of the two
// kernels of docs/examples/fp8-gemm-double-row (lhsT [K, M] and rhs [K, N],
// K = 8192, M = 1024, N = 512, stored as their raw bits in '|u1'), and
// DIR/ref.npy, the bf16 result out[M, N] = bf16(lhsT^T . rhs) (raw bits in
// '<u2') that both kernels must produce bit for bit.
//
// Inputs: a fixed-seed splitmix64 stream. Each element is an fp8_e4m3 bit
// pattern with a random sign, a random 3-bit mantissa and a random
// exponent field in 1..6: normal values of magnitude 2^-6 to 0.9375.
//
// Reference: plain loops, with this file's own fp8 decoding and bf16
// rounding. out[m, n] = sum over k of lhsT[k, m] * rhs[k, n] as the ISA
// reference defines matmul: each product rounded once to fp32 (exact: two
// 4-bit significands), added into one fp32 accumulator in increasing k from
// k = 0 to K - 1, one rounding per addition, starting from the k = 0
// product; then rounded to bf16 (to nearest, ties to even) as the copy out
// of PSUM does. Both kernels keep that chain: the plain one in K-tiles of
// 128 rows (partition p of tile t is row 128 t + p), the double-row one in
// K-pairs of 256 rows whose partition p holds rows 256 u + 2p and 256 u +
// 2p + 1, summed in increasing k (docs/numerics.md, "TensorE"). Built with
// -ffp-contract=off, so no multiply-add is fused. Nothing from trn::emu is
// used; trn_npy only serialises.
//
//===----------------------------------------------------------------------===//

#include "../common/RefKit.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

namespace {

using namespace trn::examples;

constexpr int K = 8192, M = 1024, N = 512;
constexpr uint64_t Seed = 0x6670386472303031ull; // "fp8dr001"

// fp8_e4m3 (NKI's float8_e4m3, IEEE-like): 1 sign, 4 exponent bits with
// bias 7, 3 mantissa bits. Only normal values are generated.
float fromE4m3(uint8_t B) {
  int Exp = (B >> 3) & 15, Man = B & 7;
  float V = std::ldexp(static_cast<float>(8 + Man), Exp - 7 - 3);
  return B & 0x80 ? -V : V;
}

uint8_t randomE4m3(Rng &R) {
  uint64_t X = R.next();
  unsigned Sign = X & 1, Man = (X >> 1) & 7, Exp = 1 + (X >> 4) % 6;
  return static_cast<uint8_t>(Sign << 7 | Exp << 3 | Man);
}

trn::npy::Array u8Array(std::vector<uint64_t> Shape, const std::vector<uint8_t> &V) {
  trn::npy::Array A;
  A.Descr = "|u1";
  A.Shape = std::move(Shape);
  A.Data = V;
  return A;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2 || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "--help")) {
    (argc == 2 ? std::cout : std::cerr)
        << "usage: trn-ref-fp8-gemm-double-row DIR\n"
           "Writes lhsT.npy (fp8_e4m3 [8192, 1024] as '|u1'), rhs.npy (fp8_e4m3\n"
           "[8192, 512]) and ref.npy (bf16 [1024, 512] = lhsT^T . rhs, as '<u2') into DIR.\n";
    return argc == 2 ? 0 : 2;
  }
  std::filesystem::path Dir(argv[1]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);
  if (EC) {
    std::cerr << "trn-ref-fp8-gemm-double-row: error: cannot create '" << Dir.string()
              << "': " << EC.message() << "\n";
    return 1;
  }

  Rng R(Seed);
  std::vector<uint8_t> LhsTBits(size_t(K) * M), RhsBits(size_t(K) * N);
  for (uint8_t &B : LhsTBits)
    B = randomE4m3(R);
  for (uint8_t &B : RhsBits)
    B = randomE4m3(R);
  std::vector<float> LhsT(LhsTBits.size()), Rhs(RhsBits.size());
  for (size_t I = 0; I < LhsT.size(); ++I)
    LhsT[I] = fromE4m3(LhsTBits[I]);
  for (size_t I = 0; I < Rhs.size(); ++I)
    Rhs[I] = fromE4m3(RhsBits[I]);

  // out[m, :] accumulates row by row of rhs: for a fixed (m, n) the k loop
  // still runs from 0 to K - 1 in order, one fp32 rounding per product and
  // per addition; the n loop inside only makes the memory access contiguous.
  std::vector<float> Acc(N);
  std::vector<uint16_t> Out(size_t(M) * N);
  for (int m = 0; m < M; ++m) {
    for (int n = 0; n < N; ++n)
      Acc[n] = LhsT[m] * Rhs[n];
    for (int k = 1; k < K; ++k) {
      float A = LhsT[size_t(k) * M + m];
      const float *B = &Rhs[size_t(k) * N];
      for (int n = 0; n < N; ++n) {
        float Prod = A * B[n];
        Acc[n] = Acc[n] + Prod;
      }
    }
    for (int n = 0; n < N; ++n)
      Out[size_t(m) * N + n] = toBf16(Acc[n]);
  }

  bool Ok = writeNpy(Dir / "lhsT.npy", u8Array({K, M}, LhsTBits)) &&
            writeNpy(Dir / "rhs.npy", u8Array({K, N}, RhsBits)) &&
            writeNpy(Dir / "ref.npy", bf16Array({M, N}, Out));
  return Ok ? 0 : 1;
}
