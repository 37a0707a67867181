//===- RowKernelTest.cpp - the row kernels against the scalar reference ---===//
//
// The fast path of the Vector/Scalar/GpSimd semantics (src/emu/simd, the
// row conversions of Numerics.cpp, the written bits of Memory.h) against the
// element-by-element functions it replaces, bit for bit, on special values
// (NaN payloads, infinities, signed zeros, subnormals, rounding ties) and on
// every SIMD target Highway compiled that this host runs.
//
// The exhaustive proof that expF32 and expRow are glibc's expf on all 2^32
// inputs is the test case "exp: glibc's expf on all 2^32 inputs", skipped by
// default (about two minutes of CPU):
//   build/bin/trn-unit-tests -tc='*all 2^32 inputs*' --no-skip
//
//===----------------------------------------------------------------------===//

#include "ExecContext.h"
#include "Memory.h"
#include "simd/Alu.h"
#include "simd/Convert.h"
#include "simd/Exp.h"
#include "trn/emu/Numerics.h"

#include <doctest/doctest.h>
#include <hwy/highway.h>
#include <hwy/targets.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace trn;
using namespace trn::emu;

namespace {

uint32_t bits(float F) { return floatToBits(F); }

// Runs Body once per SIMD target compiled in and supported here.
template <class Fn> void forEachTarget(Fn Body) {
  for (int64_t Target : hwy::SupportedAndGeneratedTargets()) {
    hwy::SetSupportedTargetsForTest(Target);
    std::string Name = hwy::TargetName(Target);
    CAPTURE(Name);
    Body();
  }
  hwy::SetSupportedTargetsForTest(0);
}

// fp32 values that exercise every rule: zeros, subnormals, NaNs with
// payloads, infinities, values around each format's rounding boundaries,
// and random bit patterns.
std::vector<float> specialValues() {
  std::vector<uint32_t> B = {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000,
                             0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
                             0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fbfffff, 0x3f808000,
                             0x3f818000, 0x3f807fff, 0x47800000, 0x477fe000, 0x477ff000, 0x43780000,
                             0x43700000, 0x43e80000, 0x43e00000, 0x33000000, 0x33000001, 0x4f000000,
                             0xcf000000, 0x4f800000, 0x42b17217, 0x42b17218, 0xc2cff1b4, 0xc2cff1b5,
                             0xc2ce8ecf, 0xc2ce8ed0, 0x42b00000, 0xc2b00000};
  std::mt19937 Rng(11);
  for (int I = 0; I < 600; ++I)
    B.push_back(Rng());
  for (int I = 0; I < 200; ++I) // small magnitudes, where exp and ALU ops are busy
    B.push_back(0x3c000000u + (Rng() % 0x06000000u) + (Rng() & 0x80000000u));
  std::vector<float> V;
  for (uint32_t X : B)
    V.push_back(bitsToFloat(X));
  return V;
}

bool sameBits(float A, float B) { return bits(A) == bits(B); }

} // namespace

TEST_CASE("exp: expF32 and expRow are the C library's expf on boundary inputs") {
  std::vector<float> In = specialValues();
  for (float X : In) {
    CAPTURE(bits(X));
    CHECK(bits(simd::expF32(X)) == bits(std::exp(X)));
  }
  forEachTarget([&] {
    std::vector<float> Out(In.size());
    simd::expRow(In.data(), Out.data(), In.size());
    for (size_t K = 0; K < In.size(); ++K) {
      CAPTURE(bits(In[K]));
      CHECK(bits(Out[K]) == bits(simd::expF32(In[K])));
    }
    // In place, and every tail length.
    for (size_t N = 0; N < 20; ++N) {
      std::vector<float> Row(In.begin(), In.begin() + static_cast<ptrdiff_t>(N));
      simd::expRow(Row.data(), Row.data(), N);
      for (size_t K = 0; K < N; ++K)
        CHECK(bits(Row[K]) == bits(simd::expF32(In[K])));
    }
  });
}

TEST_CASE("exp: glibc's expf on all 2^32 inputs" * doctest::skip()) {
  // The proof behind docs/numerics.md's claim: all 2^32 fp32 inputs, the
  // scalar form once and the row kernel on every target, against ::expf.
  constexpr size_t Chunk = 1 << 20;
  std::vector<float> In(Chunk), Ref(Chunk), Out(Chunk);
  std::vector<int64_t> Targets = hwy::SupportedAndGeneratedTargets();
  uint64_t Mismatches = 0;
  auto Report = [&](const char *What, size_t K) {
    if (++Mismatches < 10)
      MESSAGE(What << " differs at input bits " << bits(In[K]));
  };
  for (uint64_t Base = 0; Base < (uint64_t(1) << 32); Base += Chunk) {
    for (size_t K = 0; K < Chunk; ++K) {
      In[K] = bitsToFloat(static_cast<uint32_t>(Base + K));
      Ref[K] = ::expf(In[K]);
      if (bits(simd::expF32(In[K])) != bits(Ref[K]))
        Report("expF32", K);
    }
    for (int64_t Target : Targets) {
      hwy::SetSupportedTargetsForTest(Target);
      simd::expRow(In.data(), Out.data(), Chunk);
      for (size_t K = 0; K < Chunk; ++K)
        if (bits(Out[K]) != bits(Ref[K]))
          Report(hwy::TargetName(Target), K);
    }
  }
  hwy::SetSupportedTargetsForTest(0);
  CHECK(Mismatches == 0);
}

TEST_CASE("ALU rows: every operator, every target, bit for bit aluOp") {
  std::vector<float> V = specialValues();
  std::vector<float> A = V, B(V.rbegin(), V.rend());
  const isa::AluOp Ops[] = {isa::AluOp::Add,    isa::AluOp::Subtract, isa::AluOp::Multiply,
                            isa::AluOp::Divide, isa::AluOp::Maximum,  isa::AluOp::Minimum,
                            isa::AluOp::Bypass, isa::AluOp::AbsMax,   isa::AluOp::Greater,
                            isa::AluOp::Power,  isa::AluOp::Mod,      isa::AluOp::BitwiseAnd};
  forEachTarget([&] {
    for (isa::AluOp Op : Ops) {
      CAPTURE(static_cast<int>(Op));
      for (size_t N : {A.size(), size_t(1), size_t(7), size_t(17)}) {
        std::vector<float> Out(N);
        simd::aluRow(Op, A.data(), B.data(), Out.data(), N);
        for (size_t K = 0; K < N; ++K) {
          CAPTURE(bits(A[K]));
          CAPTURE(bits(B[K]));
          CHECK(sameBits(Out[K], aluOp(Op, A[K], B[K])));
        }
      }
      for (float S : {0.0f, -0.0f, 1.5f, NAN, -INFINITY, bitsToFloat(1)})
        for (bool Rev : {false, true}) {
          std::vector<float> Out(A.size());
          simd::aluRowScalar(Op, A.data(), S, Rev, Out.data(), A.size());
          for (size_t K = 0; K < A.size(); ++K) {
            CAPTURE(bits(A[K]));
            CAPTURE(bits(S));
            CAPTURE(Rev);
            CHECK(sameBits(Out[K], Rev ? aluOp(Op, S, A[K]) : aluOp(Op, A[K], S)));
          }
        }
    }
    std::vector<float> Out(A.size());
    simd::scaleBiasRow(A.data(), 0.75f, -0.0f, Out.data(), A.size());
    for (size_t K = 0; K < A.size(); ++K) {
      float X = A[K] * 0.75f;
      CHECK(sameBits(Out[K], X + -0.0f));
    }
  });
}

TEST_CASE("activation rows: activateRow is activate element by element") {
  std::vector<float> V = specialValues();
  forEachTarget([&] {
    for (isa::ActFunc F : {isa::ActFunc::Exp, isa::ActFunc::Copy, isa::ActFunc::Square,
                           isa::ActFunc::Sigmoid, isa::ActFunc::Rsqrt}) {
      std::vector<float> Out(V.size());
      simd::activateRow(F, V.data(), Out.data(), V.size());
      for (size_t K = 0; K < V.size(); ++K) {
        CAPTURE(bits(V[K]));
        CHECK(sameBits(Out[K], activate(F, V[K])));
      }
    }
  });
}

TEST_CASE("row folds: eight chains give each row's sequential fold") {
  std::mt19937 Rng(5);
  std::uniform_real_distribution<float> U(-1e3f, 1e3f);
  for (unsigned R : {1u, 3u, 8u}) {
    std::vector<std::vector<float>> Rows(R, std::vector<float>(101));
    const float *Ptrs[8];
    float Acc[8];
    for (unsigned I = 0; I < R; ++I) {
      for (float &X : Rows[I])
        X = U(Rng);
      Ptrs[I] = Rows[I].data();
      Acc[I] = float(I);
    }
    simd::foldRows(Ptrs, R, 101, Acc, [](float A, float B) { return A + B; });
    for (unsigned I = 0; I < R; ++I) {
      float Want = float(I);
      for (float X : Rows[I])
        Want += X;
      CHECK(sameBits(Acc[I], Want));
    }
  }
}

TEST_CASE("two NaN operands: the first one's NaN, quieted, on rows and lanes alike") {
  float N1 = bitsToFloat(0x7f800123), N2 = bitsToFloat(0xffc00456);
  for (isa::AluOp Op :
       {isa::AluOp::Add, isa::AluOp::Subtract, isa::AluOp::Multiply, isa::AluOp::Divide}) {
    CHECK(bits(aluOp(Op, N1, N2)) == 0x7fc00123u);
    CHECK(bits(aluOp(Op, N2, N1)) == 0xffc00456u);
  }
  // Sums in order: NaN rows redone with addLanes.
  std::vector<float> Row = {1.0f, N2, 2.0f, N1, INFINITY};
  const float *Rows[8];
  float Acc[8];
  for (unsigned I = 0; I < 8; ++I) {
    Rows[I] = Row.data();
    Acc[I] = I == 3 ? N1 : float(I);
  }
  simd::sumRows(Rows, 8, Row.size(), Acc);
  for (unsigned I = 0; I < 8; ++I) {
    float Want = I == 3 ? N1 : float(I);
    for (float X : Row)
      Want = addLanes(Want, X);
    CHECK(bits(Acc[I]) == bits(Want));
  }
  CHECK(bits(Acc[3]) == 0x7fc00123u);
  CHECK(bits(Acc[0]) == 0xffc00456u);
}

TEST_CASE("row conversions: every dtype, as loadAsFloat and storeFromFloat") {
  std::vector<float> V = specialValues();
  for (unsigned T = 0; T < isa::NumDTypes; ++T) {
    isa::DType Type = static_cast<isa::DType>(T);
    CAPTURE(isa::dtype(Type).Name);
    unsigned EB = isa::dtype(Type).StorageBytes;
    std::vector<uint8_t> Row(V.size() * EB), Want(V.size() * EB);
    storeRowFromFloat(Type, Row.data(), V.data(), V.size());
    for (size_t K = 0; K < V.size(); ++K)
      storeFromFloat(Type, Want.data() + K * EB, V[K]);
    CHECK(Row == Want);
    // Every stored pattern back (random bytes: NaN payloads, subnormals).
    std::mt19937 Rng(T);
    std::vector<uint8_t> Raw(4096 * EB);
    for (uint8_t &B : Raw)
      B = static_cast<uint8_t>(Rng());
    std::vector<float> Lanes(4096);
    loadRowAsFloat(Type, Raw.data(), Lanes.data(), 4096);
    for (size_t K = 0; K < 4096; ++K)
      CHECK(sameBits(Lanes[K], loadAsFloat(Type, Raw.data() + K * EB)));
  }
}

TEST_CASE("bf16 rows: every pattern in, special and random values out, every target") {
  std::vector<uint8_t> All(2 * 65536);
  for (uint32_t B = 0; B < 65536; ++B) {
    All[2 * B] = static_cast<uint8_t>(B);
    All[2 * B + 1] = static_cast<uint8_t>(B >> 8);
  }
  std::vector<float> V = specialValues();
  for (uint32_t X = 0x3f800000u; X < 0x3f800000u + 0x30000u; X += 0x4000u) // ties and neighbours
    for (uint32_t D : {0x7fffu, 0x8000u, 0x8001u, 0x18000u})
      V.push_back(bitsToFloat(X + D));
  forEachTarget([&] {
    std::vector<float> Lanes(65536);
    simd::bf16RowToFp32(All.data(), Lanes.data(), 65536);
    for (uint32_t B = 0; B < 65536; ++B) {
      CAPTURE(B);
      CHECK(bits(Lanes[B]) == bits(bf16ToFp32(static_cast<uint16_t>(B))));
    }
    for (size_t N : {V.size(), size_t(5)}) {
      std::vector<uint8_t> Out(2 * N);
      simd::fp32RowToBf16(V.data(), Out.data(), N);
      for (size_t K = 0; K < N; ++K) {
        CAPTURE(bits(V[K]));
        CHECK((Out[2 * K] | Out[2 * K + 1] << 8) == fp32ToBf16(V[K]));
      }
    }
  });
}

TEST_CASE("written bits: ranges set and the first unset byte found") {
  constexpr size_t Size = 1000;
  WrittenBits W(Size, 250); // four segments, each with its written prefix
  std::vector<bool> Ref(Size);
  std::mt19937 Rng(3);
  for (int Step = 0; Step < 300; ++Step) {
    size_t At = Rng() % Size, Len = Rng() % std::min<size_t>(250 - At % 250, 150);
    W.set(At, Len);
    for (size_t I = At; I < At + Len; ++I)
      Ref[I] = true;
    size_t Lo = Rng() % Size, N = Rng() % (250 - Lo % 250 + 1); // within a segment
    size_t Want = Lo + N;
    for (size_t I = Lo; I < Lo + N; ++I)
      if (!Ref[I]) {
        Want = I;
        break;
      }
    CHECK(W.firstUnset(Lo, N) == Want);
    CHECK(W.test(Lo) == Ref[Lo]);
  }
}
