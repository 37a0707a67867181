//===- SemanticsTensorTest.cpp - TensorE, DMA and control semantics -------===//
//
// Programs are assembled from text, run on trn::emu::Emulator and their HBM
// outputs compared with references computed here by straightforward loops.
// The references do not use trn::emu's numerics: narrow formats are decoded
// and encoded with llvm::APFloat (round to nearest even), and the fp32
// arithmetic of a matmul is the host's IEEE binary32 multiply and add
// (-std=c++20 does not contract a * b + c into an fma), one rounding per
// product and per addition, in increasing k order.
//
//  * matmul / load_stationary + multiply_moving: bit-exact for bf16, fp16,
//    fp8_e4m3, fp8_e5m2, tf32, fp32 (and fp8_e4m3fn on trn3, and mixed
//    16/8-bit pairs), full and partial arrays placed at partitions other than
//    0, acc=overwrite vs acc=accumulate, a stationary reused by several
//    multiply_moving and surviving a rewrite of its SBUF; transpose=true
//    (bf16, fp32 with NaN payloads and infinities, fp8 into a 16-bit
//    container); pe.transpose with the inf/NaN row of the identity trick.
//  * DMA: HBM -> SBUF -> HBM through sliced and 4-D patterns (negative and
//    zero strides), dtype casts, SBUF -> SBUF across partitions, HBM -> HBM,
//    dma_transpose (2- and 4-byte), register offsets taken when the
//    transfer is triggered.
//  * Control: every register ALU op (register and immediate forms) and
//    every branch against a table computed here, a counted loop, per-engine
//    registers, reg_load / reg_store (HBM and SBUF, int32 and uint32),
//    sem_wait / sem_signal, waits on register values.
//  * Faults a program cannot reach through the assembler (partition rule,
//    via a patched instruction) and run-time shape/dtype/chip checks.
//  * Determinism: two runs give the same bytes and the same figures.
//
//===----------------------------------------------------------------------===//

#include "FloatSemantics.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"
#include "trn/isa/Instr.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace trn;
using isa::DType;
using llvm::APFloat;
using llvm::APInt;

namespace {

//===-- Text ----------------------------------------------------------------===//

template <typename... Ts> std::string cat(const Ts &...Parts) {
  std::ostringstream OS;
  (OS << ... << Parts);
  return OS.str();
}

const char *nameOf(DType T) { return isa::dtype(T).Name; }

//===-- Formats (the oracle: APFloat, not trn::emu) -------------------------===//

unsigned bytesOf(DType T) {
  switch (T) {
  case DType::FP32:
  case DType::TF32:
  case DType::INT32:
  case DType::UINT32:
    return 4;
  case DType::BF16:
  case DType::FP16:
  case DType::INT16:
  case DType::UINT16:
    return 2;
  default:
    return 1;
  }
}

unsigned formatBits(DType T) {
  return T == DType::TF32 ? 19 : T == DType::FP32 ? 32 : 8 * bytesOf(T);
}

// The value of a stored element (tf32: its 4-byte container).
float toFloat(DType T, uint32_t Bits) {
  if (T == DType::FP32)
    return std::bit_cast<float>(Bits);
  if (T == DType::TF32)
    Bits >>= 13;
  APFloat F(trn::isa::floatSemantics(T), APInt(formatBits(T), Bits));
  bool Loses;
  F.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &Loses);
  return F.convertToFloat();
}

// fp32 rounded to nearest even into a float dtype, as stored.
uint32_t fromFloat(DType T, float V) {
  if (T == DType::FP32)
    return std::bit_cast<uint32_t>(V);
  APFloat F(V);
  bool Loses;
  F.convert(trn::isa::floatSemantics(T), APFloat::rmNearestTiesToEven, &Loses);
  auto B = static_cast<uint32_t>(F.bitcastToAPInt().getZExtValue());
  return T == DType::TF32 ? B << 13 : B;
}

std::vector<uint8_t> pack(DType T, const std::vector<uint32_t> &Bits) {
  unsigned EB = bytesOf(T);
  std::vector<uint8_t> Out(Bits.size() * EB);
  for (size_t K = 0; K < Bits.size(); ++K)
    for (unsigned B = 0; B < EB; ++B)
      Out[K * EB + B] = static_cast<uint8_t>(Bits[K] >> (8 * B));
  return Out;
}

std::vector<uint32_t> unpack(DType T, const std::vector<uint8_t> &Bytes) {
  unsigned EB = bytesOf(T);
  std::vector<uint32_t> Out(Bytes.size() / EB);
  for (size_t K = 0; K < Out.size(); ++K)
    for (unsigned B = 0; B < EB; ++B)
      Out[K] |= uint32_t(Bytes[K * EB + B]) << (8 * B);
  return Out;
}

std::vector<uint32_t> floatsToBits(DType T, const std::vector<float> &V) {
  std::vector<uint32_t> Out;
  for (float F : V)
    Out.push_back(fromFloat(T, F));
  return Out;
}

// A finite value of the format, as bits, with exponents kept small enough
// for bf16/fp32/tf32 that no product or sum of 128 of them overflows or
// underflows fp32.
uint32_t randomFinite(DType T, std::mt19937 &G) {
  auto Uniform = [&](uint32_t Lo, uint32_t Hi) {
    return std::uniform_int_distribution<uint32_t>(Lo, Hi)(G);
  };
  for (;;) {
    uint32_t B = static_cast<uint32_t>(G());
    switch (T) {
    case DType::FP32:
      return (B & 0x80000000u) | (Uniform(127 - 30, 127 + 30) << 23) | (B & 0x7FFFFF);
    case DType::TF32:
      return (B & 0x80000000u) | (Uniform(127 - 30, 127 + 30) << 23) | (B & 0x7FE000);
    case DType::BF16:
      return ((B >> 16) & 0x8000) | (Uniform(127 - 20, 127 + 20) << 7) | (B & 0x7F);
    case DType::FP16:
      if ((B & 0x7C00) != 0x7C00)
        return B & 0xFFFF;
      break;
    case DType::FP8_E4M3:
      if ((B & 0x78) != 0x78)
        return B & 0xFF;
      break;
    case DType::FP8_E5M2:
      if ((B & 0x7C) != 0x7C)
        return B & 0xFF;
      break;
    case DType::FP8_E4M3FN:
      if ((B & 0x7F) != 0x7F)
        return B & 0xFF;
      break;
    default:
      return B;
    }
  }
}

std::vector<uint32_t> randomFinite(DType T, size_t N, std::mt19937 &G) {
  std::vector<uint32_t> Out(N);
  for (uint32_t &B : Out)
    B = randomFinite(T, G);
  return Out;
}

//===-- Running programs ------------------------------------------------------===//

object::Program assemble(const std::string &Text, std::optional<isa::Chip> Chip = std::nullopt) {
  std::string Diag;
  std::ostringstream OS;
  assembler::Options Opts;
  Opts.Chip = Chip;
  assembler::Result R = assembler::assembleText("test.s", Text, Opts, OS);
  Diag = OS.str();
  INFO("assembler output:\n" << Diag << "\nprogram:\n" << Text);
  REQUIRE(R.Program.has_value());
  return std::move(*R.Program);
}

// The assembler's diagnostics for a program it must refuse.
std::string refusal(const std::string &Text) {
  std::string Diag;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText("test.s", Text, {}, OS);
  Diag = OS.str();
  INFO("program:\n" << Text);
  CHECK(!R.Program.has_value());
  return Diag;
}

using Tensors = std::map<std::string, std::vector<uint8_t>>;

struct Outcome {
  emu::RunResult R;
  Tensors Out; // every declared tensor after the run
};

Outcome run(const object::Program &P, const Tensors &In, emu::RunOptions Opts = {},
            std::optional<isa::Chip> Chip = std::nullopt) {
  emu::Emulator E(P, Chip);
  for (const auto &[Name, Bytes] : In) {
    auto Err = E.setTensor(Name, Bytes);
    INFO(Name << ": " << Err.value_or(""));
    REQUIRE(!Err);
  }
  Outcome O;
  O.R = E.run(Opts);
  for (const object::Tensor &T : P.Tensors)
    O.Out[T.Name] = E.tensor(T.Name);
  return O;
}

Outcome runOk(const std::string &Text, const Tensors &In,
              std::optional<isa::Chip> Chip = std::nullopt) {
  Outcome O = run(assemble(Text, Chip), In);
  INFO("program:\n" << Text);
  INFO("fault: " << (O.R.Error ? O.R.Error->Message : std::string("none")));
  REQUIRE(O.R.ok());
  for (const std::string &W : O.R.Warnings)
    MESSAGE("warning: " << W);
  CHECK(O.R.Warnings.empty());
  return O;
}

emu::Fault runFault(const std::string &Text, const Tensors &In, emu::RunOptions Opts = {},
                    std::optional<isa::Chip> Chip = std::nullopt) {
  Outcome O = run(assemble(Text), In, Opts, Chip);
  INFO("program:\n" << Text);
  REQUIRE(O.R.Error.has_value());
  return *O.R.Error;
}

// Bit-for-bit comparison, with the first differences in the failure message.
void expectBits(const std::vector<uint32_t> &Got, const std::vector<uint32_t> &Want,
                const std::string &What, unsigned Columns = 0) {
  REQUIRE(Got.size() == Want.size());
  size_t Bad = 0;
  std::ostringstream First;
  for (size_t K = 0; K < Got.size(); ++K)
    if (Got[K] != Want[K]) {
      if (++Bad <= 8) {
        First << "  [" << K;
        if (Columns)
          First << " = " << K / Columns << ", " << K % Columns;
        First << "] got 0x" << std::hex << Got[K] << " (" << std::bit_cast<float>(Got[K])
              << "), expected 0x" << Want[K] << " (" << std::bit_cast<float>(Want[K]) << ")"
              << std::dec << "\n";
      }
    }
  INFO(What << ": " << Bad << " of " << Got.size() << " elements differ\n" << First.str());
  CHECK(Bad == 0);
}

std::vector<uint32_t> floatBits(const std::vector<float> &V) {
  std::vector<uint32_t> Out;
  for (float F : V)
    Out.push_back(std::bit_cast<uint32_t>(F));
  return Out;
}

//===-- The matmul reference ----------------------------------------------------===//

// dst[m, n] = sum over k of w[k, m] * v[k, n]: each product rounded once to
// fp32, added in increasing k order with one rounding per addition. The sum
// starts from Init (acc=accumulate) or from the first product.
std::vector<float> refMatmul(const std::vector<float> &W, const std::vector<float> &V, unsigned K,
                             unsigned M, unsigned N, const std::vector<float> *Init = nullptr) {
  std::vector<float> Out(size_t(M) * N);
  for (unsigned Mi = 0; Mi < M; ++Mi)
    for (unsigned Ni = 0; Ni < N; ++Ni) {
      volatile float Acc = Init ? (*Init)[size_t(Mi) * N + Ni] : 0.0f;
      for (unsigned Ki = 0; Ki < K; ++Ki) {
        volatile float P = W[size_t(Ki) * M + Mi] * V[size_t(Ki) * N + Ni];
        Acc = (Init || Ki) ? Acc + P : P;
      }
      Out[size_t(Mi) * N + Ni] = Acc;
    }
  return Out;
}

std::vector<float> values(DType T, const std::vector<uint32_t> &Bits) {
  std::vector<float> Out;
  for (uint32_t B : Bits)
    Out.push_back(toFloat(T, B));
  return Out;
}

// DMA the two operands in, one matmul, the PSUM result out through SBUF
// (DVE's copy between equal dtypes is bit-exact).
std::string matmulProgram(DType ST, DType MT, unsigned K, unsigned M, unsigned N, unsigned KPart,
                          unsigned MPart) {
  return cat(".tensor ws : ", nameOf(ST), "[", K, ", ", M, "] input\n", ".tensor mv : ", nameOf(MT),
             "[", K, ", ", N, "] input\n", ".tensor out : fp32[", M, ", ", N, "] output\n",
             ".sbuf w : ", nameOf(ST), "[", K, ", ", M, "] partition ", KPart, "\n",
             ".sbuf v : ", nameOf(MT), "[", K, ", ", N, "] partition ", KPart, "\n",
             ".sbuf r : fp32[", M, ", ", N, "] partition ", MPart, "\n", ".psum p : fp32[", M, ", ",
             N, "] partition ", MPart, "\n", "sp.dma_copy w, ws, q0.0 signal(s0)\n",
             "sp.dma_copy v, mv, q1.0 signal(s0)\n", "pe.matmul p, w, v wait(s0 >= 2) signal(s1)\n",
             "dve.tensor_copy r, p wait(s1 >= 1) signal(s2)\n",
             "sp.dma_copy out, r, q2.0 wait(s2 >= 1)\n");
}

void checkMatmul(DType ST, DType MT, unsigned K, unsigned M, unsigned N, unsigned KPart = 0,
                 unsigned MPart = 0, std::optional<isa::Chip> Chip = std::nullopt,
                 uint32_t Seed = 1) {
  INFO(nameOf(ST) << " x " << nameOf(MT) << ", K=" << K << " M=" << M << " N=" << N
                  << ", partitions " << KPart << " and " << MPart);
  std::mt19937 G(Seed);
  std::vector<uint32_t> W = randomFinite(ST, size_t(K) * M, G);
  std::vector<uint32_t> V = randomFinite(MT, size_t(K) * N, G);
  Outcome O = runOk(matmulProgram(ST, MT, K, M, N, KPart, MPart),
                    {{"ws", pack(ST, W)}, {"mv", pack(MT, V)}}, Chip);
  std::vector<float> Want = refMatmul(values(ST, W), values(MT, V), K, M, N);
  expectBits(unpack(DType::FP32, O.Out["out"]), floatBits(Want), "matmul result", N);
}

} // namespace

//===----------------------------------------------------------------------===//
// TensorE
//===----------------------------------------------------------------------===//

TEST_CASE("matmul is bit-exact with fp32 accumulation in k order, for every input dtype") {
  SUBCASE("bf16, the full 128 x 128 array, N = 512") {
    checkMatmul(DType::BF16, DType::BF16, 128, 128, 512);
  }
  SUBCASE("fp16") { checkMatmul(DType::FP16, DType::FP16, 128, 64, 96); }
  SUBCASE("fp8_e4m3") { checkMatmul(DType::FP8_E4M3, DType::FP8_E4M3, 128, 64, 96); }
  SUBCASE("fp8_e5m2") { checkMatmul(DType::FP8_E5M2, DType::FP8_E5M2, 128, 64, 96); }
  SUBCASE("tf32") { checkMatmul(DType::TF32, DType::TF32, 128, 64, 96); }
  SUBCASE("fp32: products rounded once to fp32") {
    checkMatmul(DType::FP32, DType::FP32, 128, 64, 96);
  }
  SUBCASE("fp32 with tf32, and tf32 with fp32") {
    checkMatmul(DType::FP32, DType::TF32, 64, 32, 48);
    checkMatmul(DType::TF32, DType::FP32, 64, 32, 48);
  }
  SUBCASE("mixed 16- and 8-bit inputs") {
    checkMatmul(DType::BF16, DType::FP8_E5M2, 96, 40, 64);
    checkMatmul(DType::FP8_E4M3, DType::FP16, 96, 40, 64);
  }
  SUBCASE("fp8_e4m3fn on trn3") {
    checkMatmul(DType::FP8_E4M3FN, DType::FP8_E4M3FN, 128, 64, 96, 0, 0, isa::Chip::trn3);
  }
}

TEST_CASE("matmul with K < 128 on partial partitions") {
  // K = 20 rows at partition 32, a [24, 40] result at PSUM partition 64.
  SUBCASE("bf16") { checkMatmul(DType::BF16, DType::BF16, 20, 24, 40, 32, 64); }
  SUBCASE("fp32") { checkMatmul(DType::FP32, DType::FP32, 20, 24, 40, 32, 64); }
  SUBCASE("fp8_e4m3, K = 1") { checkMatmul(DType::FP8_E4M3, DType::FP8_E4M3, 1, 16, 8, 96, 96); }
  SUBCASE("fp16, 48 partitions at 64, M = 1") {
    checkMatmul(DType::FP16, DType::FP16, 48, 1, 512, 64, 32);
  }
}

TEST_CASE("acc=overwrite starts a new sum; acc=accumulate continues it in k order") {
  // Two matmuls into each of two PSUM tiles: the second overwrites in 'po'
  // and accumulates in 'pa'. The second matmul has a different K.
  const unsigned K1 = 128, K2 = 64, M = 32, N = 64;
  std::string Text = cat(
      ".tensor w1s : bf16[", K1, ", ", M, "] input\n.tensor v1s : bf16[", K1, ", ", N, "] input\n",
      ".tensor w2s : bf16[", K2, ", ", M, "] input\n.tensor v2s : bf16[", K2, ", ", N, "] input\n",
      ".tensor oo : fp32[", M, ", ", N, "] output\n.tensor oa : fp32[", M, ", ", N, "] output\n",
      ".sbuf w1 : bf16[", K1, ", ", M, "]\n.sbuf v1 : bf16[", K1, ", ", N, "]\n",
      ".sbuf w2 : bf16[", K2, ", ", M, "]\n.sbuf v2 : bf16[", K2, ", ", N, "]\n",
      ".sbuf ro : fp32[", M, ", ", N, "]\n.sbuf ra : fp32[", M, ", ", N, "]\n", ".psum po : fp32[",
      M, ", ", N, "]\n.psum pa : fp32[", M, ", ", N, "]\n",
      "sp.dma_copy w1, w1s, q0.0 signal(s0)\nsp.dma_copy v1, v1s, q1.0 signal(s0)\n",
      "sp.dma_copy w2, w2s, q2.0 signal(s0)\nsp.dma_copy v2, v2s, q3.0 signal(s0)\n",
      "pe.matmul po, w1, v1 wait(s0 >= 4)\n", "pe.matmul pa, w1, v1\n",
      "pe.matmul po, w2, v2, acc=overwrite\n", "pe.matmul pa, w2, v2, acc=accumulate signal(s1)\n",
      "dve.tensor_copy ro, po wait(s1 >= 1)\n", "dve.tensor_copy ra, pa signal(s2)\n",
      "sp.dma_copy oo, ro, q4.0 wait(s2 >= 1)\n", "sp.dma_copy oa, ra, q5.0\n");
  std::mt19937 G(7);
  auto W1 = randomFinite(DType::BF16, K1 * M, G), V1 = randomFinite(DType::BF16, K1 * N, G);
  auto W2 = randomFinite(DType::BF16, K2 * M, G), V2 = randomFinite(DType::BF16, K2 * N, G);
  Outcome O = runOk(Text, {{"w1s", pack(DType::BF16, W1)},
                           {"v1s", pack(DType::BF16, V1)},
                           {"w2s", pack(DType::BF16, W2)},
                           {"v2s", pack(DType::BF16, V2)}});
  auto F = [](const std::vector<uint32_t> &B) { return values(DType::BF16, B); };
  std::vector<float> First = refMatmul(F(W1), F(V1), K1, M, N);
  std::vector<float> Over = refMatmul(F(W2), F(V2), K2, M, N);
  std::vector<float> Acc = refMatmul(F(W2), F(V2), K2, M, N, &First);
  expectBits(unpack(DType::FP32, O.Out["oo"]), floatBits(Over), "overwrite", N);
  expectBits(unpack(DType::FP32, O.Out["oa"]), floatBits(Acc), "accumulate", N);
  // The accumulated sum is not the sum of the two separately rounded results
  // in general; make sure the data exercises the difference.
  size_t Differ = 0;
  for (size_t K = 0; K < Acc.size(); ++K)
    Differ += Acc[K] != First[K] + Over[K];
  CHECK(Differ > 0);
}

TEST_CASE("load_stationary once, several multiply_moving reuse the weights") {
  const unsigned K = 64, M = 32, N1 = 48, N2 = 128;
  std::string Text = cat(
      ".tensor ws : fp16[", K, ", ", M, "] input\n", ".tensor v1s : fp16[", K, ", ", N1,
      "] input\n.tensor v2s : fp16[", K, ", ", N2, "] input\n", ".tensor v3s : fp16[", K, ", ", N2,
      "] input\n", ".tensor o1 : fp32[", M, ", ", N1, "] output\n.tensor o2 : fp32[", M, ", ", N2,
      "] output\n", ".tensor o3 : fp32[", M, ", ", N1, "] output\n", ".sbuf w : fp16[", K, ", ", M,
      "]\n.sbuf v1 : fp16[", K, ", ", N1, "]\n", ".sbuf v2 : fp16[", K, ", ", N2,
      "]\n.sbuf v3 : fp16[", K, ", ", N2, "]\n", ".sbuf r1 : fp32[", M, ", ", N1,
      "]\n.sbuf r2 : fp32[", M, ", ", N2, "]\n", ".sbuf r3 : fp32[", M, ", ", N1, "]\n",
      ".psum p1 : fp32[", M, ", ", N1, "]\n.psum p2 : fp32[", M, ", ", N2, "]\n",
      ".psum p3 : fp32[", M, ", ", N1, "]\n",
      "sp.dma_copy w, ws, q0.0 signal(s0)\nsp.dma_copy v1, v1s, q1.0 signal(s0)\n",
      "sp.dma_copy v2, v2s, q2.0 signal(s0)\nsp.dma_copy v3, v3s, q3.0 signal(s0)\n",
      "pe.load_stationary w wait(s0 >= 4) signal(s5)\n",
      // The array keeps the weights: overwriting w in SBUF changes nothing.
      "dve.memset w, 2.0 wait(s5 >= 1) signal(s6)\n", "pe.multiply_moving p1, v1 wait(s6 >= 1)\n",
      "pe.multiply_moving p2, v2\n", "pe.multiply_moving p2, v3, acc=accumulate\n",
      // A matmul loads its stationary, which stays for the next multiply.
      "pe.matmul p3, w, v1\n", "pe.multiply_moving p3, v1, acc=accumulate signal(s1)\n",
      "dve.tensor_copy r1, p1 wait(s1 >= 1)\ndve.tensor_copy r2, p2\n",
      "dve.tensor_copy r3, p3 signal(s2)\n",
      "sp.dma_copy o1, r1, q4.0 wait(s2 >= 1)\nsp.dma_copy o2, r2, q5.0\n",
      "sp.dma_copy o3, r3, q6.0\n");
  std::mt19937 G(11);
  auto W = randomFinite(DType::FP16, K * M, G);
  auto V1 = randomFinite(DType::FP16, K * N1, G), V2 = randomFinite(DType::FP16, K * N2, G),
       V3 = randomFinite(DType::FP16, K * N2, G);
  Outcome O = runOk(Text, {{"ws", pack(DType::FP16, W)},
                           {"v1s", pack(DType::FP16, V1)},
                           {"v2s", pack(DType::FP16, V2)},
                           {"v3s", pack(DType::FP16, V3)}});
  auto F = [](const std::vector<uint32_t> &B) { return values(DType::FP16, B); };
  std::vector<float> R1 = refMatmul(F(W), F(V1), K, M, N1);
  std::vector<float> R2a = refMatmul(F(W), F(V2), K, M, N2);
  std::vector<float> R2 = refMatmul(F(W), F(V3), K, M, N2, &R2a);
  std::vector<float> Twos(size_t(K) * M, 2.0f); // w as rewritten in SBUF
  std::vector<float> R3a = refMatmul(Twos, F(V1), K, M, N1);
  std::vector<float> R3 = refMatmul(Twos, F(V1), K, M, N1, &R3a);
  expectBits(unpack(DType::FP32, O.Out["o1"]), floatBits(R1), "first multiply_moving", N1);
  expectBits(unpack(DType::FP32, O.Out["o2"]), floatBits(R2), "accumulated pair", N2);
  expectBits(unpack(DType::FP32, O.Out["o3"]), floatBits(R3), "matmul's stationary kept", N1);
  // One load_stationary, four multiply_moving, one matmul.
  CHECK(O.R.Engines[static_cast<unsigned>(isa::Engine::PE)].Instructions == 6);
}

namespace {

// An identity [K, K] in dtype T, as bits.
std::vector<uint32_t> identity(DType T, unsigned K) {
  std::vector<uint32_t> Out(size_t(K) * K, fromFloat(T, 0.0f));
  for (unsigned I = 0; I < K; ++I)
    Out[size_t(I) * K + I] = fromFloat(T, 1.0f);
  return Out;
}

// matmul transpose=true of a [K, M] stationary of dtype ST against an
// identity of dtype IT; dst (and the output) are of dtype DT.
std::vector<uint32_t> runPassThrough(DType ST, DType IT, DType DT, unsigned K, unsigned M,
                                     const std::vector<uint32_t> &W) {
  std::string Text = cat(
      ".tensor ws : ", nameOf(ST), "[", K, ", ", M, "] input\n", ".tensor ids : ", nameOf(IT), "[",
      K, ", ", K, "] input\n", ".tensor out : ", nameOf(DT), "[", M, ", ", K, "] output\n",
      ".sbuf w : ", nameOf(ST), "[", K, ", ", M, "]\n.sbuf id : ", nameOf(IT), "[", K, ", ", K,
      "]\n", ".sbuf r : ", nameOf(DT), "[", M, ", ", K, "]\n.psum p : ", nameOf(DT), "[", M, ", ",
      K, "]\n", "sp.dma_copy w, ws, q0.0 signal(s0)\nsp.dma_copy id, ids, q1.0 signal(s0)\n",
      "pe.matmul p, w, id, transpose=true wait(s0 >= 2) signal(s1)\n",
      "dve.tensor_copy r, p wait(s1 >= 1) signal(s2)\n",
      "sp.dma_copy out, r, q2.0 wait(s2 >= 1)\n");
  Outcome O = runOk(Text, {{"ws", pack(ST, W)}, {"ids", pack(IT, identity(IT, K))}});
  return unpack(DT, O.Out["out"]);
}

std::vector<uint32_t> transposed(const std::vector<uint32_t> &W, unsigned K, unsigned M) {
  std::vector<uint32_t> Out(W.size());
  for (unsigned Ki = 0; Ki < K; ++Ki)
    for (unsigned Mi = 0; Mi < M; ++Mi)
      Out[size_t(Mi) * K + Ki] = W[size_t(Ki) * M + Mi];
  return Out;
}

} // namespace

TEST_CASE("matmul transpose=true passes the stationary through bit-exactly") {
  std::mt19937 G(3);
  SUBCASE("bf16, with NaN payloads, infinities, -0 and subnormals") {
    const unsigned K = 32, M = 48;
    auto W = randomFinite(DType::BF16, K * M, G);
    W[0] = 0x7FC1;  // NaN with a payload
    W[5] = 0xFF81;  // negative signalling-pattern NaN
    W[9] = 0x7F80;  // inf
    W[10] = 0xFF80; // -inf
    W[11] = 0x8000; // -0
    W[12] = 0x0001; // the smallest subnormal
    expectBits(runPassThrough(DType::BF16, DType::BF16, DType::BF16, K, M, W), transposed(W, K, M),
               "bf16 pass-through", K);
  }
  SUBCASE("fp32 against a tf32 identity") {
    const unsigned K = 64, M = 16;
    auto W = randomFinite(DType::FP32, K * M, G);
    W[3] = 0x7FA00001; // signalling NaN with a payload
    W[70] = 0xFF800000;
    W[71] = 0x80000000;
    W[72] = 0x00000003;
    expectBits(runPassThrough(DType::FP32, DType::TF32, DType::FP32, K, M, W), transposed(W, K, M),
               "fp32 pass-through", K);
  }
  SUBCASE("fp8_e4m3 lands in the low byte of a 16-bit element") {
    const unsigned K = 16, M = 24;
    std::vector<uint32_t> W(K * M);
    for (size_t I = 0; I < W.size(); ++I)
      W[I] = static_cast<uint32_t>((I * 37 + 11) & 0xFF); // every pattern, NaNs included
    auto Got = runPassThrough(DType::FP8_E4M3, DType::FP8_E4M3, DType::BF16, K, M, W);
    expectBits(Got, transposed(W, K, M), "fp8 in the low byte, upper byte 0", K);
  }
  SUBCASE("fp8_e5m2 against a bf16 identity, into fp16") {
    const unsigned K = 8, M = 8;
    std::vector<uint32_t> W(K * M);
    for (size_t I = 0; I < W.size(); ++I)
      W[I] = static_cast<uint32_t>(0xC0 + I);
    auto Got = runPassThrough(DType::FP8_E5M2, DType::BF16, DType::FP16, K, M, W);
    expectBits(Got, transposed(W, K, M), "fp8_e5m2 in fp16 container", K);
  }
}

TEST_CASE("matmul transpose=true needs a square identity") {
  // Bug found here: a [K, N < K] partial identity passed the identity check
  // and the pass-through wrote past its buffer (heap overflow under ASan).
  // The shape is the verifier's now: the program does not assemble.
  std::string Text = ".tensor ids : fp32[4, 2] scratch = [1, 0, 0, 1, 0, 0, 0, 0]\n"
                     ".sbuf w : fp32[4, 4]\n.sbuf id : fp32[4, 2]\n.psum p : fp32[4, 2]\n"
                     "dve.memset w, 1.0 signal(s0)\n"
                     "sp.dma_copy id, ids, q0.0 signal(s0)\n"
                     "pe.matmul p, w, id, transpose=true wait(s0 >= 2)\n";
  CHECK(refusal(Text).find("transpose=true needs a 4 x 4 identity as the 'moving' operand, not "
                           "[4 x 2]") != std::string::npos);

  // A square matrix that is not the identity is refused too.
  std::string NotId = ".tensor ids : fp32[2, 2] scratch = [1, 0, 1, 1]\n"
                      ".sbuf w : fp32[2, 2]\n.sbuf id : fp32[2, 2]\n.psum p : fp32[2, 2]\n"
                      "dve.memset w, 1.0 signal(s0)\n"
                      "sp.dma_copy id, ids, q0.0 signal(s0)\n"
                      "pe.matmul p, w, id, transpose=true wait(s0 >= 2)\n";
  // Its values are data: checked when the matmul runs.
  emu::Fault F = runFault(NotId, {});
  CHECK(F.Kind == emu::FaultKind::Shape);
  CHECK(F.Message.find("transpose=true needs an identity") != std::string::npos);
}

TEST_CASE("pe.transpose runs as a matmul against the identity") {
  const unsigned P = 24, Fr = 40;
  std::mt19937 G(5);
  SUBCASE("fp32: finite values pass exactly; an inf or NaN poisons its row") {
    auto X = randomFinite(DType::FP32, P * Fr, G);
    X[2 * Fr + 5] = 0x7F800000; // src[2, 5] = inf: dst partition 5 is NaN but [5, 2] = inf
    X[7 * Fr + 1] = 0x7FC00000; // src[7, 1] = NaN: dst partition 1 is all NaN
    std::string Text =
        cat(".tensor xs : fp32[", P, ", ", Fr, "] input\n.tensor out : fp32[", Fr, ", ", P,
            "] output\n", ".tensor vs : fp32[", P, ", 8] input\n.tensor mm : fp32[", Fr,
            ", 8] output\n", ".sbuf x : fp32[", P, ", ", Fr, "]\n.sbuf v : fp32[", P, ", 8]\n",
            ".sbuf r : fp32[", Fr, ", ", P, "]\n.sbuf rm : fp32[", Fr, ", 8]\n", ".psum pt : fp32[",
            Fr, ", ", P, "]\n.psum pm : fp32[", Fr, ", 8]\n",
            "sp.dma_copy x, xs, q0.0 signal(s0)\nsp.dma_copy v, vs, q1.0 signal(s0)\n",
            "pe.transpose pt, x wait(s0 >= 2)\n",
            // The identity trick leaves src loaded as the stationary.
            "pe.multiply_moving pm, v signal(s1)\n",
            "dve.tensor_copy r, pt wait(s1 >= 1)\ndve.tensor_copy rm, pm signal(s2)\n",
            "sp.dma_copy out, r, q2.0 wait(s2 >= 1)\nsp.dma_copy mm, rm, q3.0\n");
    auto V = randomFinite(DType::FP32, P * 8, G);
    Outcome O = runOk(Text, {{"xs", pack(DType::FP32, X)}, {"vs", pack(DType::FP32, V)}});
    std::vector<float> Id(size_t(P) * P, 0.0f);
    for (unsigned I = 0; I < P; ++I)
      Id[size_t(I) * P + I] = 1.0f;
    std::vector<float> Want = refMatmul(values(DType::FP32, X), Id, P, Fr, P);
    std::vector<uint32_t> Got = unpack(DType::FP32, O.Out["out"]);
    // NaN bits are the host's; compare NaN-ness there, bits elsewhere.
    for (size_t K = 0; K < Got.size(); ++K)
      if (std::isnan(Want[K])) {
        CHECK(std::isnan(std::bit_cast<float>(Got[K])));
        Got[K] = std::bit_cast<uint32_t>(Want[K]);
      }
    expectBits(Got, floatBits(Want), "pe.transpose", P);
    // What that means, spelled out.
    std::vector<float> D = values(DType::FP32, unpack(DType::FP32, O.Out["out"]));
    for (unsigned Pi = 0; Pi < P; ++Pi) {
      CHECK(std::isnan(D[1 * P + Pi]));
      if (Pi == 2)
        CHECK(D[5 * P + Pi] == std::numeric_limits<float>::infinity());
      else
        CHECK(std::isnan(D[5 * P + Pi]));
      CHECK(std::bit_cast<uint32_t>(D[9 * P + Pi]) == X[Pi * Fr + 9]);
    }
    std::vector<float> WantMm = refMatmul(values(DType::FP32, X), values(DType::FP32, V), P, Fr, 8);
    std::vector<uint32_t> GotMm = unpack(DType::FP32, O.Out["mm"]);
    for (size_t K = 0; K < GotMm.size(); ++K)
      if (std::isnan(WantMm[K]) && std::isnan(std::bit_cast<float>(GotMm[K])))
        GotMm[K] = std::bit_cast<uint32_t>(WantMm[K]);
    expectBits(GotMm, floatBits(WantMm), "multiply_moving after pe.transpose", 8);
  }
  SUBCASE("bf16 keeps its dtype and values") {
    auto X = randomFinite(DType::BF16, P * Fr, G);
    std::string Text =
        cat(".tensor xs : bf16[", P, ", ", Fr, "] input\n.tensor out : bf16[", Fr, ", ", P,
            "] output\n", ".sbuf x : bf16[", P, ", ", Fr, "]\n.sbuf r : bf16[", Fr, ", ", P, "]\n",
            ".psum pt : bf16[", Fr, ", ", P, "]\n", "sp.dma_copy x, xs, q0.0 signal(s0)\n",
            "pe.transpose pt, x wait(s0 >= 1) signal(s1)\n",
            "dve.tensor_copy r, pt wait(s1 >= 1) signal(s2)\n",
            "sp.dma_copy out, r, q2.0 wait(s2 >= 1)\n");
    Outcome O = runOk(Text, {{"xs", pack(DType::BF16, X)}});
    expectBits(unpack(DType::BF16, O.Out["out"]), transposed(X, P, Fr), "bf16 transpose", P);
  }
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

namespace {

// Element offsets of a pattern, rows (partitions) outermost, then the free
// dimensions from the first: (row step, rows), base, [stride, count]...
std::vector<int64_t> patternOffsets(int64_t RowStep, unsigned Rows, int64_t Base,
                                    const std::vector<std::pair<int64_t, unsigned>> &Dims) {
  std::vector<int64_t> Out;
  std::function<void(size_t, int64_t)> Walk = [&](size_t D, int64_t Off) {
    if (D == Dims.size()) {
      Out.push_back(Off);
      return;
    }
    for (unsigned I = 0; I < Dims[D].second; ++I)
      Walk(D + 1, Off + int64_t(I) * Dims[D].first);
  };
  for (unsigned R = 0; R < Rows; ++R)
    Walk(0, Base + int64_t(R) * RowStep);
  return Out;
}

std::vector<uint32_t> iotaBits(DType T, size_t N, float Scale = 1.0f) {
  std::vector<uint32_t> Out;
  for (size_t K = 0; K < N; ++K)
    Out.push_back(fromFloat(T, static_cast<float>(K) * Scale + 0.25f));
  return Out;
}

} // namespace

TEST_CASE("dma_copy HBM -> SBUF -> HBM through slices and 4-D patterns") {
  // a : [4, 6, 8] fp32. Two gathers into SBUF, each scattered back in a
  // different order; the expected output is computed by walking the same
  // patterns here.
  auto A = iotaBits(DType::FP32, 4 * 6 * 8);
  std::string Text =
      ".tensor a : fp32[4, 6, 8] input\n"
      ".tensor o1 : fp32[4, 16] output\n"
      ".tensor o2 : fp32[4, 24] output\n"
      ".sbuf x : fp32[4, 4, 4] partition 3\n"
      ".sbuf y : fp32[4, 24]\n"
      // rows a[p], elements a[p, 1 + i, 2 j]
      "sp.dma_copy x, a[:, 1:5, ::2], q0.0 signal(s0)\n"
      // 4 rows walked backwards, a zero stride (repeat) and a negative one
      "sp.dma_copy ap(sbuf fp32, 0:4, addr(y), [12, 2], [1, 2], [6, 2], [2, 3]), "
      "ap(hbm fp32, [-48, 4], addr(a) + (3 * 48 + 17) * 4, [0, 2], [-8, 3], [1, 2], [2, 2]), "
      "q1.0 signal(s0)\n"
      "sp.dma_copy o1, x, q2.0 wait(s0 >= 2)\n"
      "sp.dma_copy o2, y, q3.0\n";
  Outcome O = runOk(Text, {{"a", pack(DType::FP32, A)}});
  std::vector<uint32_t> W1;
  for (unsigned P = 0; P < 4; ++P)
    for (unsigned I = 0; I < 4; ++I)
      for (unsigned J = 0; J < 4; ++J)
        W1.push_back(A[P * 48 + (1 + I) * 8 + 2 * J]);
  expectBits(unpack(DType::FP32, O.Out["o1"]), W1, "sliced gather", 16);
  std::vector<int64_t> Src = patternOffsets(-48, 4, 3 * 48 + 17, {{0, 2}, {-8, 3}, {1, 2}, {2, 2}});
  std::vector<int64_t> Dst = patternOffsets(0, 1, 0, {{12, 2}, {1, 2}, {6, 2}, {2, 3}});
  std::vector<uint32_t> W2(4 * 24, 0xDEADBEEF);
  for (size_t K = 0; K < Src.size(); ++K)
    W2[(K / 24) * 24 + Dst[K % 24]] = A[Src[K]];
  for (uint32_t B : W2)
    REQUIRE(B != 0xDEADBEEF); // the SBUF pattern is a permutation
  expectBits(unpack(DType::FP32, O.Out["o2"]), W2, "4-D scatter of a 4-D gather", 24);
}

TEST_CASE("dma_copy converts between dtypes through fp32, rounding to nearest even") {
  const float Inf = std::numeric_limits<float>::infinity();
  std::vector<float> In = {1.0f + 0x1p-8f,
                           1.0f + 3 * 0x1p-8f,
                           -(1.0f + 0x1p-8f),
                           0x1.fep127f,
                           3.0e38f,
                           -Inf,
                           1e-40f,
                           -0.0f,
                           240.0f,
                           248.0f,
                           232.0f,
                           0.0078125f,
                           2.5f,
                           3.5f,
                           -2.5f,
                           300.0f,
                           -300.0f,
                           127.5f,
                           65520.0f,
                           65519.0f};
  const unsigned N = static_cast<unsigned>(In.size());
  std::string Text = cat(
      ".tensor a : fp32[", N, "] input\n", ".tensor b : bf16[", N, "] output\n.tensor h : fp16[", N,
      "] output\n", ".tensor e : fp8_e4m3[", N, "] output\n.tensor f : fp8_e5m2[", N, "] output\n",
      ".tensor i : int8[", N, "] output\n.tensor j : int32[", N, "] output\n",
      ".tensor back : fp32[", N, "] output\n", ".sbuf x : fp32[1, ", N, "]\n.sbuf xb : bf16[1, ", N,
      "]\n", "sp.dma_copy x, a, q0.0 signal(s0)\n", "sp.dma_copy xb, a, q1.0 signal(s0)\n",
      "sp.dma_copy b, x, q2.0 wait(s0 >= 2)\n",
      "sp.dma_copy h, x, q3.0\nsp.dma_copy e, x, q4.0\nsp.dma_copy f, x, q5.0\n",
      "sp.dma_copy i, x, q6.0\nsp.dma_copy j, x, q7.0\n",
      // bf16 -> fp32 widens exactly
      "sp.dma_copy back, xb, q8.0\n");
  Outcome O = runOk(Text, {{"a", pack(DType::FP32, floatBits(In))}});
  for (DType T : {DType::BF16, DType::FP16, DType::FP8_E4M3, DType::FP8_E5M2}) {
    const char *Name = T == DType::BF16       ? "b"
                       : T == DType::FP16     ? "h"
                       : T == DType::FP8_E4M3 ? "e"
                                              : "f";
    expectBits(unpack(T, O.Out[Name]), floatsToBits(T, In), cat("fp32 -> ", nameOf(T)));
  }
  expectBits(unpack(DType::FP32, O.Out["back"]),
             floatBits(values(DType::BF16, floatsToBits(DType::BF16, In))),
             "fp32 -> bf16 (HBM to SBUF) -> fp32");
  // fp32 -> integers: nearest even, saturating.
  std::vector<uint32_t> I8, I32;
  for (float F : In) {
    double R = std::nearbyint(static_cast<double>(F));
    I8.push_back(static_cast<uint8_t>(static_cast<int8_t>(std::clamp(R, -128.0, 127.0))));
    I32.push_back(
        static_cast<uint32_t>(static_cast<int32_t>(std::clamp(R, -2147483648.0, 2147483647.0))));
  }
  expectBits(unpack(DType::INT8, O.Out["i"]), I8, "fp32 -> int8");
  expectBits(unpack(DType::INT32, O.Out["j"]), I32, "fp32 -> int32");
}

TEST_CASE("dma_copy from integers and of NaN") {
  std::vector<uint32_t> Ints = {16777217u, static_cast<uint32_t>(-16777219), 2147483647u, 7u};
  std::string Text =
      ".tensor a : int32[4] input\n.tensor n : fp32[2] input\n"
      ".tensor f : fp32[4] output\n.tensor b : bf16[2] output\n.tensor k : int32[2] output\n"
      "sp.dma_copy f, a, q0.0\nsp.dma_copy b, n, q1.0\nsp.dma_copy k, n, q2.0\n";
  Outcome O = runOk(Text, {{"a", pack(DType::INT32, Ints)},
                           {"n", pack(DType::FP32, {0x7FC00001u, 0xFF800001u})}});
  // int32 -> fp32 rounds to nearest even.
  expectBits(unpack(DType::FP32, O.Out["f"]),
             floatBits({16777216.0f, -16777220.0f, 2147483648.0f, 7.0f}), "int32 -> fp32");
  // NaN stays NaN with its sign in bf16; NaN -> int is 0 (Numerics.h).
  auto B = unpack(DType::BF16, O.Out["b"]);
  CHECK(std::isnan(toFloat(DType::BF16, B[0])));
  CHECK((B[0] & 0x8000) == 0);
  CHECK(std::isnan(toFloat(DType::BF16, B[1])));
  CHECK((B[1] & 0x8000) != 0);
  expectBits(unpack(DType::INT32, O.Out["k"]), {0, 0}, "NaN -> int32");
}

TEST_CASE("dma_copy SBUF -> SBUF pairs elements across partitions, and HBM -> HBM") {
  auto A = iotaBits(DType::FP32, 32);
  std::string Text = ".tensor a : fp32[4, 8] input\n"
                     ".tensor o : fp32[8, 4] output\n.tensor rev : fp32[4, 8] output\n"
                     ".sbuf x : fp32[4, 8] partition 40\n"
                     ".sbuf y : fp32[8, 4] partition 5\n"
                     "sp.dma_copy x, a, q0.0 signal(s0)\n"
                     // 4 partitions of 8 -> 8 partitions of 4, starting at partition 5
                     "pool.dma_copy y, x, q1.0 wait(s0 >= 1) signal(s1)\n"
                     "act.dma_copy o, y, q2.0 wait(s1 >= 1)\n"
                     // HBM -> HBM: rows reversed, columns reversed
                     "sp.dma_copy rev, ap(hbm fp32, [-8, 4], addr(a) + 31 * 4, [-1, 8]), q3.0\n";
  Outcome O = runOk(Text, {{"a", pack(DType::FP32, A)}});
  expectBits(unpack(DType::FP32, O.Out["o"]), A, "reshape through SBUF", 4);
  std::vector<uint32_t> Rev(A.rbegin(), A.rend());
  expectBits(unpack(DType::FP32, O.Out["rev"]), Rev, "HBM -> HBM reversed", 8);
}

TEST_CASE("dma_transpose: dst[j, i] = src[i, j], 2- and 4-byte elements") {
  const unsigned A = 6, B = 10;
  auto X = iotaBits(DType::BF16, A * B, 3.0f);
  auto Y = iotaBits(DType::FP32, 8 * 16, -1.5f);
  std::string Text =
      cat(".tensor xs : bf16[", A, ", ", B, "] input\n.tensor xt : bf16[", B, ", ", A, "] output\n",
          ".tensor ys : fp32[8, 16] input\n.tensor yt : fp32[16, 8] output\n", ".sbuf x : bf16[", B,
          ", ", A, "]\n.sbuf y : fp32[8, 16]\n",
          // HBM -> SBUF, then back
          "sp.dma_transpose x, xs, q0.0 signal(s0)\n", "sp.dma_copy xt, x, q1.0 wait(s0 >= 1)\n",
          // SBUF -> HBM
          "sp.dma_copy y, ys, q2.0 signal(s1)\n", "sp.dma_transpose yt, y, q3.0 wait(s1 >= 1)\n");
  Outcome O = runOk(Text, {{"xs", pack(DType::BF16, X)}, {"ys", pack(DType::FP32, Y)}});
  expectBits(unpack(DType::BF16, O.Out["xt"]), transposed(X, A, B), "bf16 dma_transpose", A);
  expectBits(unpack(DType::FP32, O.Out["yt"]), transposed(Y, 8, 16), "fp32 dma_transpose", 8);
}

TEST_CASE("a DMA's register offsets are the registers at its trigger") {
  auto A = iotaBits(DType::FP32, 4 * 32);
  // The register changes right after the trigger, to a value that would be
  // out of bounds; the transfer completes ~1.3 us later with the old value.
  std::string Text = ".tensor a : fp32[4, 32] input\n"
                     ".tensor o : fp32[4, 8] output\n.tensor o2 : fp32[4, 32] output\n"
                     ".sbuf x : fp32[4, 8]\n.sbuf z : fp32[4, 32]\n"
                     "sp.li r3, 16\n"
                     "sp.dma_copy x, a[:, 0:8] + r3, q0.0 signal(s0)\n"
                     "sp.li r3, 100000000\n"
                     "sp.dma_copy o, x, q1.0 wait(s0 >= 1)\n"
                     // The same on ACT, on the SBUF side: z[:, 24:32] gets a[:, 0:8].
                     "act.li r9, 24\n"
                     "act.dma_copy z[:, 0:8] + r9, a[:, 0:8], q2.0 signal(s1)\n"
                     "act.li r9, -100000000\n"
                     "pool.memset z[:, 0:24], 0.0 signal(s1)\n"
                     "sp.dma_copy o2, z, q3.0 wait(s1 >= 2)\n";
  Outcome O = runOk(Text, {{"a", pack(DType::FP32, A)}});
  std::vector<uint32_t> W, W2;
  for (unsigned P = 0; P < 4; ++P)
    for (unsigned I = 0; I < 8; ++I)
      W.push_back(A[P * 32 + 16 + I]);
  for (unsigned P = 0; P < 4; ++P)
    for (unsigned I = 0; I < 32; ++I)
      W2.push_back(I < 24 ? 0u : A[P * 32 + I - 24]);
  expectBits(unpack(DType::FP32, O.Out["o"]), W, "HBM side", 8);
  expectBits(unpack(DType::FP32, O.Out["o2"]), W2, "SBUF side", 32);
}

//===----------------------------------------------------------------------===//
// Control
//===----------------------------------------------------------------------===//

namespace {

struct RegOp {
  const char *Name;
  std::function<uint32_t(uint32_t, uint32_t)> F;
};

int32_t sgn(uint32_t V) { return static_cast<int32_t>(V); }

const std::vector<RegOp> &regOps() {
  static const std::vector<RegOp> Ops = {
      {"add", [](uint32_t A, uint32_t B) { return A + B; }},
      {"sub", [](uint32_t A, uint32_t B) { return A - B; }},
      {"mul", [](uint32_t A, uint32_t B) { return static_cast<uint32_t>(uint64_t(A) * B); }},
      {"and", [](uint32_t A, uint32_t B) { return A & B; }},
      {"or", [](uint32_t A, uint32_t B) { return A | B; }},
      {"xor", [](uint32_t A, uint32_t B) { return A ^ B; }},
      {"shl", [](uint32_t A, uint32_t B) { return A << (B % 32); }},
      {"shr", [](uint32_t A, uint32_t B) { return A >> (B % 32); }},
      {"sra",
       [](uint32_t A, uint32_t B) {
         // Arithmetic shift written out: the sign bit fills.
         uint32_t S = B % 32, R = A >> S;
         if ((A & 0x80000000u) && S)
           R |= ~(0xFFFFFFFFu >> S);
         return R;
       }},
      {"min", [](uint32_t A, uint32_t B) { return sgn(A) < sgn(B) ? A : B; }},
      {"max", [](uint32_t A, uint32_t B) { return sgn(A) > sgn(B) ? A : B; }},
  };
  return Ops;
}

struct Branch {
  const char *Name;
  std::function<bool(uint32_t, uint32_t)> Taken;
};

const std::vector<Branch> &branches() {
  static const std::vector<Branch> B = {
      {"beq", [](uint32_t A, uint32_t C) { return A == C; }},
      {"bne", [](uint32_t A, uint32_t C) { return A != C; }},
      {"blt", [](uint32_t A, uint32_t C) { return sgn(A) < sgn(C); }},
      {"bge", [](uint32_t A, uint32_t C) { return sgn(A) >= sgn(C); }},
      {"bltu", [](uint32_t A, uint32_t C) { return A < C; }},
      {"bgeu", [](uint32_t A, uint32_t C) { return A >= C; }},
  };
  return B;
}

} // namespace

TEST_CASE("register ALU ops, register and immediate forms, and every branch") {
  const std::vector<std::pair<uint32_t, uint32_t>> Pairs = {{0x7FFFFFF0u, 0x20u},
                                                            {static_cast<uint32_t>(-5), 3u},
                                                            {0x80000000u, 0xFFFFFFFFu},
                                                            {0x12345678u, 37u},
                                                            {0xFFFFFFFFu, 31u},
                                                            {100u, static_cast<uint32_t>(-100)},
                                                            {42u, 42u},
                                                            {0u, 0x80000000u}};
  for (auto [A, B] : Pairs) {
    INFO("a = " << sgn(A) << ", b = " << sgn(B));
    const auto &Ops = regOps();
    const auto &Br = branches();
    // Results: every op in both forms on DVE, then mov/li, then the branch
    // bits; each stored by reg_store into one int32 element of 'res'.
    unsigned NRes = static_cast<unsigned>(2 * Ops.size() + 3);
    std::string T = cat(".tensor res : int32[", NRes, "] output\n", "dve.li r1, ", sgn(A),
                        "\ndve.li r2, ", sgn(B), "\n");
    std::vector<uint32_t> Want;
    unsigned K = 0;
    for (const RegOp &Op : Ops) {
      T += cat("dve.", Op.Name, " r10, r1, r2\ndve.reg_store res[", K++, "], r10\n");
      T += cat("dve.", Op.Name, "i r11, r1, ", sgn(B), "\ndve.reg_store res[", K++, "], r11\n");
      Want.push_back(Op.F(A, B));
      Want.push_back(Op.F(A, B));
    }
    T += cat("dve.mov r12, r1\ndve.reg_store res[", K++, "], r12\n");
    Want.push_back(A);
    T += cat("dve.li r13, -7\ndve.reg_store res[", K++, "], r13\n");
    Want.push_back(static_cast<uint32_t>(-7));
    // Branch i sets bit i when it falls through.
    T += "dve.li r20, 0\n";
    uint32_t Bits = 0;
    for (size_t I = 0; I < Br.size(); ++I) {
      T += cat("dve.", Br[I].Name, " r1, r2, skip", I, "\n", "dve.ori r20, r20, ", 1u << I, "\n",
               "skip", I, ":\n");
      if (!Br[I].Taken(A, B))
        Bits |= 1u << I;
    }
    // jmp, by label and by index, always jumps.
    T += "dve.jmp over\ndve.ori r20, r20, 256\nover: dve.nop\n";
    T += cat("dve.reg_store res[", K++, "], r20\n");
    Want.push_back(Bits);
    REQUIRE(K == NRes);
    Outcome O = runOk(T, {});
    expectBits(unpack(DType::INT32, O.Out["res"]), Want,
               cat("register ops on ", sgn(A), ", ", sgn(B)));
  }
}

TEST_CASE("a counted loop; registers belong to their engine") {
  std::string T = ".tensor res : int32[4] output\n"
                  "sp.li r1, 0\n"
                  "sp.li r2, 0\n"
                  "sp.li r3, 10\n"
                  "loop:\n"
                  "sp.addi r1, r1, 1\n"
                  "sp.add r2, r2, r1\n"
                  "sp.blt r1, r3, loop\n"
                  "sp.reg_store res[0], r2\n"
                  "sp.reg_store res[1], r1\n"
                  // The same register numbers on ACT, a down-counting loop with bne and @N.
                  "act.li r1, 5\n"       // @0
                  "act.li r2, 1\n"       // @1
                  "act.li r4, 0\n"       // @2
                  "act.muli r2, r2, 3\n" // @3
                  "act.subi r1, r1, 1\n" // @4
                  "act.bne r1, r4, @3\n" // @5
                  "act.reg_store res[2], r2\n"
                  "act.reg_store res[3], r1\n";
  Outcome O = runOk(T, {});
  expectBits(unpack(DType::INT32, O.Out["res"]), {55, 10, 243, 0}, "loop results");
  // 3 + 10 iterations of 3 + 2 stores on SP; 3 + 5 x 3 + 2 on ACT.
  CHECK(O.R.Engines[static_cast<unsigned>(isa::Engine::SP)].Instructions == 35);
  CHECK(O.R.Engines[static_cast<unsigned>(isa::Engine::ACT)].Instructions == 20);
  CHECK(O.R.Instructions == 55);
}

TEST_CASE("reg_load and reg_store, HBM and SBUF, int32 and uint32") {
  std::string T = ".tensor cfg : int32[4] input\n"
                  ".tensor u : uint32[2] input\n"
                  ".tensor res : int32[4] output\n"
                  ".tensor ures : uint32[2] output\n"
                  ".tensor back : int32[1, 4] output\n"
                  ".sbuf s : int32[1, 4] partition 77\n"
                  "sp.reg_load r1, cfg[0]\n" // HBM
                  "sp.dma_copy s, cfg, q0.0 signal(s0)\n"
                  "sp.reg_load r2, s[0, 2] wait(s0 >= 1)\n" // SBUF, partition 77
                  "sp.reg_load r3, u[1]\n"
                  // A loop bound loaded from memory: r4 = sum of 1..r1
                  "sp.li r4, 0\n"
                  "sp.li r5, 0\n"
                  "again:\n"
                  "sp.addi r5, r5, 1\n"
                  "sp.add r4, r4, r5\n"
                  "sp.blt r5, r1, again\n"
                  "sp.reg_store res[0], r4\n"
                  "sp.reg_store res[1], r2\n"
                  "sp.addi r6, r3, 1\n"
                  "sp.reg_store ures[0], r6\n" // 0xFFFFFFFF + 1 wraps
                  "sp.reg_store ures[1], r3\n"
                  "sp.reg_store s[0, 3], r4\n" // SBUF
                  "sp.dma_copy back, s, q1.0\n";
  Outcome O = runOk(T, {{"cfg", pack(DType::INT32, {5, static_cast<uint32_t>(-7), 123456, 0})},
                        {"u", pack(DType::UINT32, {1, 0xFFFFFFFFu})}});
  expectBits(unpack(DType::INT32, O.Out["res"]), {15, 123456, 0, 0}, "res");
  expectBits(unpack(DType::UINT32, O.Out["ures"]), {0, 0xFFFFFFFFu}, "ures");
  expectBits(unpack(DType::INT32, O.Out["back"]), {5, static_cast<uint32_t>(-7), 123456, 15},
             "SBUF after reg_store");
}

TEST_CASE("reg_load and reg_store move one element, not one per partition") {
  // Bug found here: a [4, 1] operand passed the one-element-per-partition
  // limit and reg_store wrote 4 elements from a 1-element buffer. The
  // verifier refuses it now.
  CHECK(refusal(".sbuf x : int32[4, 1]\nsp.li r1, 7\nsp.reg_store x, r1\n")
            .find("test.s:3:14: error: operand 'dst' of 'reg_store' is [4 x 1]: a register moves "
                  "one element") != std::string::npos);
  CHECK(refusal(".tensor t : int32[2, 1] input\nsp.reg_load r1, t\n")
            .find("operand 'src' of 'reg_load' is [2 x 1]: a register moves one element") !=
        std::string::npos);
}

TEST_CASE("sem_wait, sem_signal and waits on register values") {
  std::string T = ".tensor o : fp32[4, 8] output\n"
                  ".tensor o2 : fp32[4, 8] output\n"
                  ".tensor cnt : int32[1] output\n"
                  ".sbuf x : fp32[4, 8]\n"
                  ".sbuf y : fp32[4, 8]\n"
                  ".sem ready\n.sem parts\n.sem neg = 5\n"
                  // sem_signal runs after the memset (in order on DVE)
                  "dve.memset x, 3.0\n"
                  "dve.sem_signal ready, 2\n"
                  "sp.sem_wait ready, eq, 2\n"
                  "sp.dma_copy o, x, q0.0\n"
                  // three partial writes; SP waits for 'parts' >= r7 = 3
                  "pool.memset y[:, 0:2], 1.0 signal(parts)\n"
                  "pool.memset y[:, 2:4], 2.0 signal(parts)\n"
                  "pool.memset y[:, 4:8], 4.0 signal(parts)\n"
                  "sp.li r7, 3\n"
                  "sp.nop wait(parts >= r7)\n"
                  "sp.dma_copy o2, y, q1.0\n"
                  // negative amounts and a negative wait value
                  "act.sem_signal neg, -8\n"
                  "act.sem_signal neg, -1\n"
                  "pe.sem_wait neg, eq, -4\n"
                  "pe.li r1, 1\n"
                  "pe.reg_store cnt[0], r1\n";
  Outcome O = runOk(T, {});
  std::vector<uint32_t> W(32, std::bit_cast<uint32_t>(3.0f)), W2;
  for (unsigned P = 0; P < 4; ++P)
    for (unsigned I = 0; I < 8; ++I)
      W2.push_back(std::bit_cast<uint32_t>(I < 2 ? 1.0f : I < 4 ? 2.0f : 4.0f));
  expectBits(unpack(DType::FP32, O.Out["o"]), W, "after sem_wait", 8);
  expectBits(unpack(DType::FP32, O.Out["o2"]), W2, "after a register wait", 8);
  expectBits(unpack(DType::INT32, O.Out["cnt"]), {1}, "after a negative wait");
  CHECK(O.R.Engines[static_cast<unsigned>(isa::Engine::SP)].WaitPs > 0);
}

TEST_CASE("a wait on a register compares the register's value, not its number") {
  // r2 = 1: the wait holds after one signal. Were the register number (2)
  // compared, the run would deadlock.
  std::string T = ".tensor o : int32[1] output\n"
                  "dve.nop signal(s3)\n"
                  "sp.li r2, 1\n"
                  "sp.li r9, 9\n"
                  "sp.reg_store o[0], r9 wait(s3 == r2)\n";
  Outcome O = runOk(T, {});
  expectBits(unpack(DType::INT32, O.Out["o"]), {9}, "o");
}

//===----------------------------------------------------------------------===//
// Faults the assembler cannot catch
//===----------------------------------------------------------------------===//

TEST_CASE("the emulator's verifier refuses a patched instruction at load") {
  // The assembler checks the start-partition rule on every compute operand
  // statically and a register offset moves only the free offset, so a
  // program can break the rule only through hand-made code: patch dst's
  // start partition from 0 to 8 in an assembled tensor_copy. The emulator
  // refuses it when it loads it, with the assembler's message.
  object::Program P = assemble(".sbuf x : fp32[20, 8]\n.sbuf y : fp32[40, 8]\n"
                               "dve.memset x, 1.0\ndve.tensor_copy y[0:20], x\n");
  object::Stream &S = P.stream(isa::Engine::DVE);
  REQUIRE(S.size() == 2);
  auto Dec = isa::decode(std::span(S.Code).subspan(S.Offsets[1]));
  REQUIRE(std::holds_alternative<isa::Decoded>(Dec));
  isa::Instr I = std::get<isa::Decoded>(Dec).I;
  REQUIRE(I.Op == isa::Opcode::TENSOR_COPY);
  I.Operands[0].AP.PartStart = 8;
  std::vector<uint8_t> Bytes;
  REQUIRE(!isa::encode(I, Bytes));
  std::copy(Bytes.begin(), Bytes.end(), S.Code.begin() + S.Offsets[1]);
  {
    emu::Emulator E(P);
    REQUIRE(E.loadErrors().size() == 1);
    CHECK(E.loadErrors()[0] == "test.s:4:1: error: an access of 20 partitions must start at "
                               "partition 0, 32, 64 or 96, not 8\n"
                               "    dve.tensor_copy ap(sbuf fp32, 8:28, 0x40, [1, 8]), ap(sbuf "
                               "fp32, 0:20, 0x0, [1, 8])\n"
                               "                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~");
  }
  Outcome O = run(P, {});
  REQUIRE(O.R.Error);
  CHECK(O.R.Error->Kind == emu::FaultKind::PartitionRule);
  CHECK(O.R.Error->Message.find("test.s:4:1: error: an access of 20 partitions must start at "
                                "partition 0, 32, 64 or 96, not 8") == 0);
  CHECK(O.R.Instructions == 0); // nothing ran
  // DMA has no such rule: the same start is fine for a transfer.
  Outcome D = run(assemble(".tensor a : fp32[20, 8] input\n.sbuf y : fp32[40, 8]\n"
                           "sp.dma_copy y[8:28], a, q0.0\n"),
                  {{"a", std::vector<uint8_t>(20 * 8 * 4)}});
  CHECK(D.R.ok());
}

TEST_CASE("a program for a later chip is refused where it needs that chip") {
  // Bug found here: --chip trn2 ran fp8_e4m3fn (trn3) and --chip trn1 ran
  // dma_transpose (trn2) without a word.
  object::Program P3 = assemble(".tensor a : fp8_e4m3fn[4, 8] input\n.sbuf x : fp8_e4m3fn[4, 8]\n"
                                "sp.dma_copy x, a, q0.0\n",
                                isa::Chip::trn3);
  Outcome O = run(P3, {{"a", std::vector<uint8_t>(32)}}, {}, isa::Chip::trn2);
  REQUIRE(O.R.Error);
  CHECK(O.R.Error->Kind == emu::FaultKind::DType);
  CHECK(O.R.Error->Message.find("operand 'src' of 'dma_copy' is fp8_e4m3fn, which needs trn3 or "
                                "later; the chip is trn2") != std::string::npos);
  CHECK(run(P3, {{"a", std::vector<uint8_t>(32)}}, {}, isa::Chip::trn3).R.ok());
  object::Program P2 = assemble(".tensor a : bf16[4, 8] input\n.sbuf x : bf16[8, 4]\n"
                                "sp.dma_transpose x, a, q0.0\n");
  O = run(P2, {{"a", std::vector<uint8_t>(64)}}, {}, isa::Chip::trn1);
  REQUIRE(O.R.Error);
  CHECK(O.R.Error->Kind == emu::FaultKind::BadProgram);
  CHECK(O.R.Error->Message.find("test.s:3:1: error: 'dma_transpose' needs trn2 or later; the chip "
                                "is trn1") != std::string::npos);
}

TEST_CASE("TensorE: pairing, shape and state rules, before the run and during it") {
  // What one instruction shows is the verifier's: the program does not
  // assemble. A multiply_moving at a branch target may find any stationary:
  // it is checked when it runs, against the one loaded.
  const std::string Decls = ".sbuf w : fp32[32, 32]\n.sbuf wb : bf16[32, 32]\n"
                            ".sbuf v : bf16[32, 16]\n.sbuf v16 : bf16[16, 16]\n"
                            ".psum p : fp32[32, 16]\n"
                            "dve.memset w, 1.0\ndve.memset wb, 1.0\ndve.memset v16, 1.0\n"
                            "dve.memset v, 1.0 signal(s0)\n";
  SUBCASE("fp32 with bf16") {
    CHECK(refusal(Decls + "pe.matmul p, w, v wait(s0 >= 1)\n")
              .find("test.s:10:17: error: fp32 and tf32 pair only with each other: stationary "
                    "fp32, moving bf16") != std::string::npos);
    emu::Fault F = runFault(Decls + "pe.load_stationary w wait(s0 >= 1)\n"
                                    "again:\npe.multiply_moving p, v\npe.bne r1, r0, again\n",
                            {});
    CHECK(F.Kind == emu::FaultKind::DType);
    CHECK(F.Message.find("test.s:12:1: error: dtype at ") == 0);
    CHECK(F.Message.find("fp32 and tf32 pair only with each other: stationary fp32, moving bf16") !=
          std::string::npos);
  }
  SUBCASE("K mismatch") {
    CHECK(refusal(Decls + "pe.matmul p, wb, v16 wait(s0 >= 1)\n")
              .find("'moving' has 16 partitions but the stationary has K = 32") !=
          std::string::npos);
    // Straight-line code shows the stationary: the note names its load.
    std::string Diag = refusal(Decls + "pe.load_stationary wb wait(s0 >= 1)\n"
                                       "pe.multiply_moving p[0:32], v16\n");
    CHECK(Diag.find("test.s:11:29: error: 'moving' has 16 partitions but the stationary has "
                    "K = 32") != std::string::npos);
    CHECK(Diag.find("test.s:10:1: note: the stationary [32 x 32] bf16 was loaded here") !=
          std::string::npos);
    emu::Fault F = runFault(Decls + "pe.load_stationary wb wait(s0 >= 1)\n"
                                    "again:\npe.multiply_moving p, v16\npe.bne r1, r0, again\n",
                            {});
    CHECK(F.Kind == emu::FaultKind::Shape);
    CHECK(F.Message.find("'moving' has 16 partitions but the stationary has K = 32") !=
          std::string::npos);
  }
  SUBCASE("dst not [M, N]") {
    CHECK(refusal(".sbuf w : bf16[32, 8]\n.sbuf v : bf16[32, 16]\n.psum p : fp32[32, 16]\n"
                  "pe.matmul p, w, v\n")
              .find("the result is [8 x 16] (stationary M x moving N), but 'dst' is [32 x 16]") !=
          std::string::npos);
  }
  SUBCASE("multiply_moving before any stationary") {
    CHECK(
        refusal(Decls + "pe.multiply_moving p, v wait(s0 >= 1)\n")
            .find("test.s:10:1: error: no stationary is loaded: load_stationary or matmul first") !=
        std::string::npos);
    emu::Fault F = runFault(
        Decls + "again:\npe.multiply_moving p, v wait(s0 >= 1)\npe.bne r1, r0, again\n", {});
    CHECK(F.Kind == emu::FaultKind::BadProgram);
    CHECK(F.Message.find("no stationary is loaded") != std::string::npos);
  }
  SUBCASE("accumulating onto never-written PSUM reads it uninitialised") {
    Outcome O =
        run(assemble(".sbuf w : bf16[32, 32]\n.sbuf v : bf16[32, 16]\n.psum p : fp32[32, 16]\n"
                     "dve.memset w, 1.0\ndve.memset v, 1.0 signal(s0)\n"
                     "pe.matmul p, w, v, acc=accumulate wait(s0 >= 1)\n"),
            {});
    CHECK(O.R.ok());
    REQUIRE(O.R.Warnings.size() == 1);
    CHECK(O.R.Warnings[0] == "test.s:6:1: warning: operand 'dst' reads psum partition 0 byte 0, "
                             "which nothing has written (on PE, instruction 0)");
    emu::RunOptions Strict;
    Strict.Strict = true;
    emu::Fault F =
        runFault(".sbuf w : bf16[32, 32]\n.sbuf v : bf16[32, 16]\n.psum p : fp32[32, 16]\n"
                 "dve.memset w, 1.0\ndve.memset v, 1.0 signal(s0)\n"
                 "pe.matmul p, w, v, acc=accumulate wait(s0 >= 1)\n",
                 {}, Strict);
    CHECK(F.Kind == emu::FaultKind::UninitialisedRead);
  }
  SUBCASE("PE transpose keeps the dtype") {
    CHECK(refusal(".sbuf x : bf16[32, 16]\n.psum p : fp32[16, 32]\npe.transpose p, x\n")
              .find("operand 'dst' of 'transpose' is fp32 but 'src' is bf16: a transpose keeps the "
                    "dtype") != std::string::npos);
  }
}

//===----------------------------------------------------------------------===//
// Determinism
//===----------------------------------------------------------------------===//

TEST_CASE("two runs of a program give identical outputs and figures") {
  // Five engines, several DMA queues, races left in on purpose (POOL and DVE
  // write the same SBUF without ordering): whatever the result, it is the
  // same every time.
  std::string T = ".tensor a : bf16[128, 256] input\n.tensor b : bf16[128, 128] input\n"
                  ".tensor c : fp32[128, 256] output\n.tensor d : bf16[128, 256] output\n"
                  ".sbuf x : bf16[128, 256]\n.sbuf w : bf16[128, 128]\n.sbuf r : fp32[128, 256]\n"
                  ".sbuf z : bf16[128, 256]\n"
                  ".psum p : fp32[128, 256]\n"
                  "sp.dma_copy x[0:64], a[0:64], q0.0 signal(s0)\n"
                  "act.dma_copy x[64:128], a[64:128], q1.0 signal(s0)\n"
                  "pool.dma_copy w, b, q2.0 signal(s0)\n"
                  "pe.matmul p, w, x wait(s0 >= 3) signal(s1)\n"
                  "dve.tensor_copy r, p wait(s1 >= 1) signal(s2)\n"
                  "pool.memset z, 1.0\n"
                  "dve.memset z[:, 0:128], 2.0\n"
                  "sp.dma_copy c, r, q3.0 wait(s2 >= 1)\n"
                  "sp.dma_copy d, z, q4.0\n";
  object::Program P = assemble(T);
  std::mt19937 G(99);
  Tensors In = {{"a", pack(DType::BF16, randomFinite(DType::BF16, 128 * 256, G))},
                {"b", pack(DType::BF16, randomFinite(DType::BF16, 128 * 128, G))}};
  Outcome A = run(P, In), B = run(P, In);
  REQUIRE(A.R.ok());
  REQUIRE(B.R.ok());
  CHECK(A.Out == B.Out);
  CHECK(A.R.TimePs == B.R.TimePs);
  CHECK(A.R.Cycles == B.R.Cycles);
  CHECK(A.R.Instructions == B.R.Instructions);
  CHECK(A.R.DmaTransfers == B.R.DmaTransfers);
  CHECK(A.R.DmaBytes == B.R.DmaBytes);
  CHECK(A.R.Warnings == B.R.Warnings);
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    INFO("engine " << E);
    CHECK(A.R.Engines[E].Instructions == B.R.Engines[E].Instructions);
    CHECK(A.R.Engines[E].BusyPs == B.R.Engines[E].BusyPs);
    CHECK(A.R.Engines[E].WaitPs == B.R.Engines[E].WaitPs);
  }
  CHECK(A.R.Instructions == 9);
  CHECK(A.R.DmaTransfers == 5);
  CHECK(A.R.DmaBytes == 128 * 256 * 2 + 128 * 128 * 2 + 128 * 256 * 4 + 128 * 256 * 2);
  CHECK(A.R.TimePs > 0);
}
