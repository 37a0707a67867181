//===- refgen.cpp - inputs and reference outputs for the kernel tests -----===//
//
// trn-kernel-ref KERNEL DIR
//
// Writes, for one kernel of testsuite/kernels/, its input tensors
// (DIR/<tensor>.npy) and the outputs the ISA reference says the kernel must
// produce (DIR/ref.npy for the tensor named `out`, DIR/ref_<tensor>.npy for
// any other output). Inputs come from a fixed-seed generator, so every run
// writes the same bytes.
//
// The references are computed here, independently of the emulator: plain
// loops over the elements in the order docs/isa-reference.md gives, fp32
// arithmetic in C++ floats (one rounding per operation; built with
// -ffp-contract=off so that no multiply-add is fused), the fp32 math library
// for exp, and this file's own fp32 <-> bf16 conversion. Nothing from
// trn::emu is used; trn_npy only serialises the .npy files.
//
//===----------------------------------------------------------------------===//

#include "trn/npy/Npy.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace {

//===-- numerics -----------------------------------------------------------===//

uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, 4);
  return B;
}

float fromBits(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

// fp32 -> bf16, round to nearest, ties to even: add just under half of the
// dropped part, plus one if the kept part is odd, and truncate. Overflow
// carries into the exponent and gives inf, as it should. A NaN becomes the
// quiet NaN 0x7FC0 with its sign (docs/npy.md's rule; the kernels feed only
// the canonical NaNs 0x7FC00000 / 0xFFC00000, for which keeping the payload
// would give the same bits).
uint16_t toBf16(float F) {
  uint32_t B = bitsOf(F);
  if ((B & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>(((B >> 16) & 0x8000u) | 0x7FC0u);
  uint32_t Lsb = (B >> 16) & 1u;
  return static_cast<uint16_t>((B + 0x7FFFu + Lsb) >> 16);
}

// bf16 -> fp32 is exact: the bits go to the top half.
float fromBf16(uint16_t H) { return fromBits(uint32_t(H) << 16); }

float roundBf16(float F) { return fromBf16(toBf16(F)); }

//===-- deterministic inputs -----------------------------------------------===//

// splitmix64: the sequence is fixed by the seed on every platform (unlike the
// standard library's distributions).
struct Rng {
  uint64_t State;
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  // Uniform on [Lo, Hi) on a grid of 2^24 steps, rounded once to fp32.
  float uniform(double Lo, double Hi) {
    double U = static_cast<double>(next() >> 40) / 16777216.0;
    return static_cast<float>(Lo + (Hi - Lo) * U);
  }
  int below(int N) { return static_cast<int>(next() % static_cast<uint64_t>(N)); }
  // A random sign, a full 23-bit mantissa and an exponent in [-E, E]: values
  // of many magnitudes, so that sums round.
  float spread(int E) {
    uint32_t Man = static_cast<uint32_t>(next() >> 41); // 23 bits
    float M = fromBits(0x3F800000u | Man);              // [1, 2)
    int Exp = below(2 * E + 1) - E;
    return (next() & 1 ? -1.0f : 1.0f) * std::ldexp(M, Exp);
  }
};

//===-- tensors and files ---------------------------------------------------===//

struct File {
  std::string Name;
  trn::npy::Array A;
};

trn::npy::Array fp32Array(std::vector<uint64_t> Shape, const std::vector<float> &V) {
  trn::npy::Array A;
  A.Descr = "<f4";
  A.Shape = std::move(Shape);
  A.Data.resize(V.size() * 4);
  for (size_t K = 0; K < V.size(); ++K) {
    uint32_t B = bitsOf(V[K]);
    for (unsigned I = 0; I < 4; ++I)
      A.Data[4 * K + I] = static_cast<uint8_t>(B >> (8 * I));
  }
  return A;
}

// bf16 tensors are stored as their raw bits in '<u2' (NumPy has no bf16).
trn::npy::Array bf16Array(std::vector<uint64_t> Shape, const std::vector<uint16_t> &V) {
  trn::npy::Array A;
  A.Descr = "<u2";
  A.Shape = std::move(Shape);
  A.Data.resize(V.size() * 2);
  for (size_t K = 0; K < V.size(); ++K) {
    A.Data[2 * K] = static_cast<uint8_t>(V[K]);
    A.Data[2 * K + 1] = static_cast<uint8_t>(V[K] >> 8);
  }
  return A;
}

std::vector<uint16_t> bf16Bits(const std::vector<float> &V) {
  std::vector<uint16_t> B(V.size());
  for (size_t K = 0; K < V.size(); ++K)
    B[K] = toBf16(V[K]);
  return B;
}

//===-- the kernels --------------------------------------------------------===//

// out[m, n] = sum over k of st[k, m] * mv[k, n] (NKI's nc_matmul: the
// stationary transposed times the moving), as TensorE does it: each product
// rounded once to fp32 (exact for bf16 inputs), added into an fp32
// accumulator in increasing k order with a rounding after every addition.
// The accumulator starts from the k = 0 product. K-tiles accumulated in PSUM
// (acc=overwrite, then acc=accumulate) continue the same chain, so a K of 512
// in four tiles is this one loop over k = 0..511.
std::vector<float> matmulRef(const std::vector<float> &St, const std::vector<float> &Mv, int K,
                             int M, int N) {
  std::vector<float> Out(size_t(M) * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      float Acc = St[size_t(0) * M + m] * Mv[size_t(0) * N + n];
      for (int k = 1; k < K; ++k) {
        float Prod = St[size_t(k) * M + m] * Mv[size_t(k) * N + n];
        Acc = Acc + Prod;
      }
      Out[size_t(m) * N + n] = Acc;
    }
  return Out;
}

// bf16 operands: random fp32 values of several magnitudes, rounded to bf16.
std::vector<float> bf16Operand(Rng &R, size_t Count) {
  std::vector<float> V(Count);
  for (float &X : V)
    X = roundBf16(R.spread(3));
  return V;
}

// 1. matmul.s: out[128, 512] = w[128, 128]^T . x[128, 512], bf16 in, fp32 out.
std::vector<File> kernelMatmul() {
  constexpr int K = 128, M = 128, N = 512;
  Rng R(0x6D61746D756C0001ull);
  std::vector<float> W = bf16Operand(R, size_t(K) * M), X = bf16Operand(R, size_t(K) * N);
  return {{"w.npy", bf16Array({K, M}, bf16Bits(W))},
          {"x.npy", bf16Array({K, N}, bf16Bits(X))},
          {"ref.npy", fp32Array({M, N}, matmulRef(W, X, K, M, N))}};
}

// 2. matmul-ktiled.s: out[128, 512] = a[512, 128]^T . b[512, 512], four
// K-tiles of 128 accumulated in one PSUM bank.
std::vector<File> kernelMatmulKTiled() {
  constexpr int K = 512, M = 128, N = 512;
  Rng R(0x6D61746D756C0002ull);
  std::vector<float> A = bf16Operand(R, size_t(K) * M), B = bf16Operand(R, size_t(K) * N);
  return {{"a.npy", bf16Array({K, M}, bf16Bits(A))},
          {"b.npy", bf16Array({K, N}, bf16Bits(B))},
          {"ref.npy", fp32Array({M, N}, matmulRef(A, B, K, M, N))}};
}

// 3. act-exp.s: out = bf16(exp(x * 0.5 + b)) with a per-partition bias, and
// sums[p] = the fp32 sum of exp(...) over the row before rounding to bf16,
// in element order. ScalarE rounds x * scale to fp32, then adds the bias
// and rounds again (no fused multiply-add); exp is the fp32 math library's
// expf.
std::vector<File> kernelActExp() {
  constexpr int P = 128, N = 512;
  constexpr float Scale = 0.5f;
  Rng R(0x6163746578700003ull);
  std::vector<float> X(size_t(P) * N), B(P);
  for (float &V : X)
    V = R.uniform(-8.0, 8.0);
  for (float &V : B)
    V = R.uniform(-2.0, 2.0);
  std::vector<uint16_t> Y(size_t(P) * N);
  std::vector<float> Sums(P);
  for (int p = 0; p < P; ++p) {
    float Sum = 0.0f;
    for (int n = 0; n < N; ++n) {
      float Scaled = X[size_t(p) * N + n] * Scale;
      float Arg = Scaled + B[p];
      float E = std::exp(Arg); // the float overload: expf
      Sum = Sum + E;
      Y[size_t(p) * N + n] = toBf16(E);
    }
    Sums[p] = Sum;
  }
  return {{"x.npy", fp32Array({P, N}, X)},
          {"b.npy", fp32Array({P, 1}, B)},
          {"ref.npy", bf16Array({P, N}, Y)},
          {"ref_sums.npy", fp32Array({P, 1}, Sums)}};
}

// 4. softmax.s: each row of x[128, 256] fp32 through
//   mx = max of the row (tensor_reduce: combined in order from the first),
//   xs = x - mx (tensor_scalar subtract),
//   e = exp(xs * 1.0 + 0.0), s = the fp32 sum of e in order (activation),
//   r = 1 / s (reciprocal, correctly rounded),
//   out = e * r (tensor_scalar multiply).
std::vector<File> kernelSoftmax() {
  constexpr int P = 128, N = 256;
  Rng R(0x736F66746D780004ull);
  std::vector<float> X(size_t(P) * N);
  for (float &V : X)
    V = R.uniform(-10.0, 10.0);
  std::vector<float> Out(size_t(P) * N), Sums(P);
  for (int p = 0; p < P; ++p) {
    const float *Row = &X[size_t(p) * N];
    float Mx = Row[0];
    for (int n = 1; n < N; ++n)
      Mx = Row[n] > Mx ? Row[n] : Mx;
    std::vector<float> E(N);
    float Sum = 0.0f;
    for (int n = 0; n < N; ++n) {
      float Xs = Row[n] - Mx;
      float Arg = Xs * 1.0f;
      Arg = Arg + 0.0f;
      E[n] = std::exp(Arg);
      Sum = Sum + E[n];
    }
    float Rcp = 1.0f / Sum;
    for (int n = 0; n < N; ++n)
      Out[size_t(p) * N + n] = E[n] * Rcp;
    Sums[p] = Sum;
  }
  return {{"x.npy", fp32Array({P, N}, X)},
          {"ref.npy", fp32Array({P, N}, Out)},
          {"ref_sums.npy", fp32Array({P, 1}, Sums)}};
}

// 5. gpsimd-mask.s, on GpSimd:
//   io[p, a, c] = 5 + 7 p + 100 a - 3 c (iota over [128, 8, 16], int32 then
//                 fp32; exact, |value| < 2^24),
//   bc[p, j]    = v[0, j] (partition_broadcast),
//   s[p, j]     = bc[p, j] + io[p, j] (tensor_tensor add, j = 16 a + c),
//   out[p, j]   = s[p, j] if p - j >= 0 else -inf (affine_select, the
//                 causal mask: base 0, partition_mult 1, steps [-1]).
std::vector<File> kernelGpSimdMask() {
  constexpr int P = 128, N = 128;
  Rng R(0x6770736D61736B05ull);
  std::vector<float> V(N);
  for (float &X : V)
    X = R.spread(12);
  std::vector<float> Out(size_t(P) * N);
  for (int p = 0; p < P; ++p)
    for (int a = 0; a < 8; ++a)
      for (int c = 0; c < 16; ++c) {
        int j = 16 * a + c;
        int32_t Affine = 5 + 7 * p + 100 * a - 3 * c;
        float Io = static_cast<float>(Affine);
        float S = V[j] + Io;
        bool Keep = p - j >= 0;
        Out[size_t(p) * N + j] = Keep ? S : -std::numeric_limits<float>::infinity();
      }
  return {{"v.npy", fp32Array({1, N}, V)}, {"ref.npy", fp32Array({P, N}, Out)}};
}

// 6. dma-cast.s, DMA only:
//   x fp32[128, 4, 8, 16] in HBM -> t bf16 in SBUF with t[p, c, b, a] =
//   bf16(x[p, a, b, c]) (a 4-D strided read, the cast rounds to nearest
//   even), then t -> out fp32[128, 4, 16, 8] in HBM with
//   out[127 - p, a, c, b] = fp32(t[p, c, b, a]) (a 3-D strided read and rows
//   written backwards). So out[127 - p, a, c, b] = bf16(x[p, a, b, c]).
// The inputs mix random values with ones that test the rounding: exact
// ties (odd and even), values just either side of a tie, the largest fp32
// (rounds to inf), subnormals, signed zeros, infinities and canonical NaNs.
std::vector<File> kernelDmaCast() {
  constexpr int P = 128, A = 4, B = 8, C = 16;
  Rng R(0x646D616361737406ull);
  std::vector<float> X(size_t(P) * A * B * C);
  const uint32_t Special[] = {
      0x3F808000u, 0x3F818000u, // ties: to even (down), to even (up)
      0xBF808000u, 0xBF818000u, // the same, negative
      0x3F808001u, 0x3F807FFFu, // just above and below a tie
      0x7F7FFFFFu, 0xFF7FFFFFu, // largest finite: rounds to +-inf
      0x7F7F7FFFu, 0x7F7F8000u, // below the bf16 max's half ulp; a tie to inf
      0x00000001u, 0x80000001u, // smallest subnormals
      0x007F8000u, 0x00018000u, // subnormal ties
      0x00000000u, 0x80000000u, // +0, -0
      0x7F800000u, 0xFF800000u, // +inf, -inf
      0x7FC00000u, 0xFFC00000u, // canonical quiet NaNs
  };
  for (float &V : X)
    V = R.spread(30);
  // One special value in every row, at a varying place, and a few more.
  constexpr size_t NumSpecial = sizeof(Special) / sizeof(Special[0]);
  for (size_t K = 0; K < X.size(); K += 29)
    X[K] = fromBits(Special[(K / 29) % NumSpecial]);
  std::vector<float> Out(X.size());
  for (int p = 0; p < P; ++p)
    for (int a = 0; a < A; ++a)
      for (int b = 0; b < B; ++b)
        for (int c = 0; c < C; ++c) {
          float T = fromBf16(toBf16(X[((size_t(p) * A + a) * B + b) * C + c]));
          Out[((size_t(P - 1 - p) * A + a) * C + c) * B + b] = T;
        }
  return {{"x.npy", fp32Array({P, A, B, C}, X)}, {"ref.npy", fp32Array({P, A, C, B}, Out)}};
}

// fp8 elements as stored: one byte each, 'u1' in .npy (docs/npy.md).
trn::npy::Array u8Array(std::vector<uint64_t> Shape, const std::vector<uint8_t> &V) {
  trn::npy::Array A;
  A.Descr = "|u1";
  A.Shape = std::move(Shape);
  A.Data = V;
  return A;
}

// An IEEE-like fp8 value (1 sign, E exponent, M mantissa bits, bias
// 2^(E-1) - 1; the all-ones exponent is inf/NaN, never generated here):
// fp8_e4m3 is E = 4, M = 3, fp8_e5m2 E = 5, M = 2 (docs/numerics.md).
// Subnormals are M-bit fractions of 2^(1 - bias). Exact in fp32.
float fromFp8(uint8_t B, int E, int M) {
  int Bias = (1 << (E - 1)) - 1;
  int Exp = (B >> M) & ((1 << E) - 1), Man = B & ((1 << M) - 1);
  float V = Exp == 0 ? std::ldexp(static_cast<float>(Man), 1 - Bias - M)
                     : std::ldexp(static_cast<float>((1 << M) + Man), Exp - Bias - M);
  return B & 0x80 ? -V : V;
}

// A random finite fp8 element: any sign, mantissa and exponent but the
// all-ones one (zeros, subnormals and the largest values included), so that
// products span many magnitudes and sums round.
uint8_t randomFp8(Rng &R, int E, int M) {
  for (;;) {
    uint8_t B = static_cast<uint8_t>(R.next() >> 56);
    if (((B >> M) & ((1 << E) - 1)) != (1 << E) - 1)
      return B;
  }
}

// perf=double_row (InstrTensor.td): a [P, 2, M] stationary and a [P, 2, N]
// moving contract over K = 2P, element [p, j, .] being row k = 2p + j of the
// [K, .] operand, summed in increasing k (p = 0, 1, ...; j = 0 then 1 within
// each p). So a double-row matmul of rows k0 .. k0 + 2P - 1 of a [K, M] x
// [K, N] problem is this file's matmulRef over those rows, and the kernels
// load partition p with rows k0 + 2p and k0 + 2p + 1. To make sure the test
// pins that order, orderMatters also sums in the other natural order, every
// j = 0 element first and then every j = 1 (rows 0, 2, 4, ..., then 1, 3,
// 5, ...), which must give other bits somewhere.
std::vector<float> matmulRows(const std::vector<float> &St, const std::vector<float> &Mv, int K0,
                              int K, int M, int N) {
  std::vector<float> S(St.begin() + ptrdiff_t(K0) * M, St.begin() + ptrdiff_t(K0 + K) * M);
  std::vector<float> V(Mv.begin() + ptrdiff_t(K0) * N, Mv.begin() + ptrdiff_t(K0 + K) * N);
  return matmulRef(S, V, K, M, N);
}

bool orderMatters(const std::vector<float> &St, const std::vector<float> &Mv, int K, int M, int N,
                  const std::vector<float> &Ref) {
  // Row 2p + j moved to row p + P j: matmulRef then sums j-major.
  int P = K / 2;
  std::vector<float> S(St.size()), V(Mv.size());
  for (int j = 0; j < 2; ++j)
    for (int p = 0; p < P; ++p) {
      int To = p + P * j, From = 2 * p + j;
      std::copy_n(&St[size_t(From) * M], M, &S[size_t(To) * M]);
      std::copy_n(&Mv[size_t(From) * N], N, &V[size_t(To) * N]);
    }
  std::vector<float> Other = matmulRef(S, V, K, M, N);
  for (size_t I = 0; I < Ref.size(); ++I)
    if (bitsOf(Other[I]) != bitsOf(Ref[I]))
      return true;
  std::cerr << "trn-kernel-ref: internal error: the summation order does not show in the "
               "result; the test would not pin it\n";
  return false;
}

// 7. matmul-fp8-double-row.s (trn2), perf=double_row:
//   out  = a[0:512]^T . b[0:512]: two double-row matmuls (K = 256 each),
//          the second accumulating;
//   out2 = a[0:256]^T . b[0:256]: load_stationary + multiply_moving;
//   out3 = a[0:128]^T . b[0:128]: a [64, 2, 128] stationary on a 64-row tile.
// a fp8_e4m3 [512, 128], b fp8_e5m2 [512, 512] (the two inputs may differ).
std::vector<File> kernelMatmulFp8DoubleRow() {
  constexpr int K = 512, M = 128, N = 512;
  Rng R(0x6670386472000007ull);
  std::vector<uint8_t> ABits(size_t(K) * M), BBits(size_t(K) * N);
  for (uint8_t &B : ABits)
    B = randomFp8(R, 4, 3);
  for (uint8_t &B : BBits)
    B = randomFp8(R, 5, 2);
  std::vector<float> A(ABits.size()), B(BBits.size());
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = fromFp8(ABits[I], 4, 3);
  for (size_t I = 0; I < B.size(); ++I)
    B[I] = fromFp8(BBits[I], 5, 2);
  std::vector<float> Out = matmulRows(A, B, 0, K, M, N), Out2 = matmulRows(A, B, 0, 256, M, N),
                     Out3 = matmulRows(A, B, 0, 128, M, N);
  if (!orderMatters(std::vector<float>(A.begin(), A.begin() + 256 * M),
                    std::vector<float>(B.begin(), B.begin() + 256 * N), 256, M, N, Out2))
    std::exit(1);
  return {{"a.npy", u8Array({K, M}, ABits)},
          {"b.npy", u8Array({K, N}, BBits)},
          {"ref.npy", fp32Array({M, N}, Out)},
          {"ref_out2.npy", fp32Array({M, N}, Out2)},
          {"ref_out3.npy", fp32Array({M, N}, Out3)}};
}

// 8. matmul-tiled.s (trn2): TensorE tiles change where a matmul runs in the
// array, not its result. w bf16 [128, 128], x bf16 [128, 512]:
//   out  = w^T . x in four row tiles of 32 (K in four parts, accumulated in
//          increasing k: the same chain as one K = 128 matmul);
//   out2 = w^T . x in two column tiles of 64 (M in two halves);
//   out3 = w[0:32, 0:32]^T . x[0:32] and out4 = w[32:64, 0:32]^T . x[32:64],
//          two stationaries held at once in two 32 x 32 tiles.
std::vector<File> kernelMatmulTiled() {
  constexpr int K = 128, M = 128, N = 512;
  Rng R(0x74696C6564000008ull);
  std::vector<float> W = bf16Operand(R, size_t(K) * M), X = bf16Operand(R, size_t(K) * N);
  std::vector<float> Out = matmulRef(W, X, K, M, N);
  // Rows K0 .. K0 + 31 and columns 0 .. 31 of w.
  auto Block = [&](int K0) {
    std::vector<float> S(size_t(32) * 32),
        V(X.begin() + ptrdiff_t(K0) * N, X.begin() + ptrdiff_t(K0 + 32) * N);
    for (int k = 0; k < 32; ++k)
      std::copy_n(&W[size_t(K0 + k) * M], 32, &S[size_t(k) * 32]);
    return matmulRef(S, V, 32, 32, N);
  };
  return {{"w.npy", bf16Array({K, M}, bf16Bits(W))},
          {"x.npy", bf16Array({K, N}, bf16Bits(X))},
          {"ref.npy", fp32Array({M, N}, Out)},
          {"ref_out2.npy", fp32Array({M, N}, Out)},
          {"ref_out3.npy", fp32Array({32, N}, Block(0))},
          {"ref_out4.npy", fp32Array({32, N}, Block(32))}};
}

struct Kernel {
  const char *Name;
  const char *What;
  std::function<std::vector<File>()> Make;
};

const Kernel Kernels[] = {
    {"matmul", "out[128,512] = w[128,128]^T . x[128,512], bf16 in, fp32 out", kernelMatmul},
    {"matmul-ktiled", "out[128,512] = a[512,128]^T . b[512,512] in 4 K-tiles", kernelMatmulKTiled},
    {"act-exp", "out = bf16(exp(x * 0.5 + b[p])), sums = row sums of exp", kernelActExp},
    {"softmax", "row softmax of x[128,256] fp32 (max, subtract, exp+sum, 1/s, multiply)",
     kernelSoftmax},
    {"gpsimd-mask", "iota + partition_broadcast + add + causal affine_select", kernelGpSimdMask},
    {"dma-cast", "fp32 HBM -> bf16 SBUF (4-D strided) -> fp32 HBM (rows reversed)", kernelDmaCast},
    {"matmul-fp8-double-row", "fp8 matmuls with perf=double_row (K = 2 x partitions)",
     kernelMatmulFp8DoubleRow},
    {"matmul-tiled", "matmuls on TensorE row, column and 32 x 32 tiles", kernelMatmulTiled},
};

int usage(std::ostream &OS, int Code) {
  OS << "usage: trn-kernel-ref KERNEL DIR\n"
        "Writes KERNEL's inputs and reference outputs as .npy files into DIR.\n"
        "Kernels:\n";
  for (const Kernel &K : Kernels)
    OS << "  " << K.Name << std::string(16 - std::strlen(K.Name), ' ') << K.What << "\n";
  return Code;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")))
    return usage(std::cout, 0);
  if (argc != 3)
    return usage(std::cerr, 2);
  const Kernel *Found = nullptr;
  for (const Kernel &K : Kernels)
    if (argv[1] == std::string(K.Name))
      Found = &K;
  if (!Found) {
    std::cerr << "trn-kernel-ref: error: unknown kernel '" << argv[1] << "'\n";
    return usage(std::cerr, 2);
  }
  std::filesystem::path Dir(argv[2]);
  std::error_code EC;
  std::filesystem::create_directories(Dir, EC);
  if (EC) {
    std::cerr << "trn-kernel-ref: error: cannot create '" << Dir.string() << "': " << EC.message()
              << "\n";
    return 1;
  }
  for (const File &F : Found->Make()) {
    std::vector<uint8_t> Bytes = trn::npy::serialize(F.A);
    std::filesystem::path Path = Dir / F.Name;
    std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
    OS.write(reinterpret_cast<const char *>(Bytes.data()),
             static_cast<std::streamsize>(Bytes.size()));
    if (!OS) {
      std::cerr << "trn-kernel-ref: error: cannot write '" << Path.string() << "'\n";
      return 1;
    }
  }
  return 0;
}
