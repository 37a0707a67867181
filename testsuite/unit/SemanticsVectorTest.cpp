//===- SemanticsVectorTest.cpp - Vector/Scalar/GpSimd semantics ----------===//
//
// Per-instruction tests of the elementwise, reduction, layout and activation
// semantics (src/emu/semantics/{Elementwise,Reduce,Layout,Activation}.cpp,
// src/emu/Alu.cpp) against references computed here, independently of the
// emulator:
//
//  * Each test assembles a tiny program from a snippet (Kernel below): the
//    inputs are DMAed from HBM into SBUF allocations, the snippet runs one
//    instruction after another (each waits for the one before through a
//    semaphore), and the outputs are DMAed back to HBM. DMA between equal
//    dtypes is a plain byte copy, so what the test reads is what the
//    instruction wrote.
//  * References are scalar loops in the test: fp32 arithmetic in the order
//    docs/isa-reference.md states, rounding to narrow formats with
//    llvm::APFloat (round to nearest, ties to even), integer conversions with
//    std::nearbyint in double plus saturation. Nothing here calls
//    trn::emu's Numerics or ALU functions.
//  * Results are compared bit for bit; a NaN matches any NaN of the same
//    sign (the emulator produces canonical quiet NaNs, APFloat keeps
//    payloads). Documented exceptions: the sign of a zero from
//    maximum/minimum/relu of +0 and -0 (not specified by the ISA), power
//    (within 1 ulp of the correctly rounded result) and the transcendental
//    activation functions (within 1e-6 absolute + 1e-5 relative of a
//    double-precision reference). bn_aggr's merge order is not fixed by the
//    ISA: it is checked bit for bit on data where every step is exact, and
//    against a two-pass mean and variance within 1e-5 otherwise.
//  * Bitvec ops follow the rule Elementwise.cpp states (32-bit lanes,
//    operands sign- or zero-extended, the result signed unless the source
//    is unsigned, then converted to dst's dtype).
//
//===----------------------------------------------------------------------===//

#include "FloatSemantics.h"
#include "trn/asm/Assembler.h"
#include "trn/emu/Emulator.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using llvm::APFloat;
using llvm::APInt;
using trn::emu::FaultKind;
using trn::emu::RunResult;
using trn::isa::DType;

namespace {

//===-- Reference numerics (independent of trn::emu) ----------------------===//

struct DTypeInfo {
  DType T;
  const char *Name;
  unsigned Bytes;
  bool Float;
  bool Signed; // integers
};

const DTypeInfo DTypes[] = {
    {DType::FP32, "fp32", 4, true, true},
    {DType::BF16, "bf16", 2, true, true},
    {DType::FP16, "fp16", 2, true, true},
    {DType::TF32, "tf32", 4, true, true},
    {DType::FP8_E4M3, "fp8_e4m3", 1, true, true},
    {DType::FP8_E5M2, "fp8_e5m2", 1, true, true},
    {DType::FP8_E4M3FN, "fp8_e4m3fn", 1, true, true},
    {DType::INT8, "int8", 1, false, true},
    {DType::INT16, "int16", 2, false, true},
    {DType::INT32, "int32", 4, false, true},
    {DType::UINT8, "uint8", 1, false, false},
    {DType::UINT16, "uint16", 2, false, false},
    {DType::UINT32, "uint32", 4, false, false},
};

const DTypeInfo &info(DType T) { return DTypes[static_cast<unsigned>(T)]; }
const char *name(DType T) { return info(T).Name; }

uint32_t f2b(float F) { return std::bit_cast<uint32_t>(F); }
float b2f(uint32_t B) { return std::bit_cast<float>(B); }

// The stored element (raw bits, zero-extended) as fp32.
float refLoad(DType T, uint64_t Bits) {
  const DTypeInfo &I = info(T);
  if (T == DType::FP32)
    return b2f(static_cast<uint32_t>(Bits));
  if (I.Float) {
    unsigned W = T == DType::TF32 ? 19 : I.Bytes * 8;
    uint64_t V = T == DType::TF32 ? (Bits >> 13) & 0x7FFFF : Bits;
    APFloat F(trn::isa::floatSemantics(T), APInt(W, V));
    bool Loses;
    F.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &Loses);
    return F.convertToFloat();
  }
  unsigned W = I.Bytes * 8;
  uint64_t Mask = W == 64 ? ~0ull : (1ull << W) - 1;
  Bits &= Mask;
  if (I.Signed) {
    int64_t S = static_cast<int64_t>(Bits << (64 - W)) >> (64 - W);
    return static_cast<float>(S);
  }
  return static_cast<float>(Bits);
}

// fp32 -> dtype T, round to nearest even; integers saturate, NaN -> 0.
uint64_t refStore(DType T, float F) {
  const DTypeInfo &I = info(T);
  if (T == DType::FP32)
    return f2b(F);
  if (I.Float) {
    APFloat A(F);
    bool Loses;
    A.convert(trn::isa::floatSemantics(T), APFloat::rmNearestTiesToEven, &Loses);
    uint64_t B = A.bitcastToAPInt().getZExtValue();
    return T == DType::TF32 ? B << 13 : B;
  }
  if (std::isnan(F))
    return 0;
  unsigned W = I.Bytes * 8;
  double Lo = I.Signed ? -std::ldexp(1.0, W - 1) : 0.0;
  double Hi = I.Signed ? std::ldexp(1.0, W - 1) - 1 : std::ldexp(1.0, W) - 1;
  double D = std::nearbyint(static_cast<double>(F)); // FE_TONEAREST: ties to even
  D = std::clamp(D, Lo, Hi);
  int64_t V = static_cast<int64_t>(D);
  return static_cast<uint64_t>(V) & ((1ull << W) - 1);
}

// Integer value -> dtype T (integers wrap to the width).
uint64_t wrapInt(DType T, int64_t V) {
  unsigned W = info(T).Bytes * 8;
  return W == 64 ? static_cast<uint64_t>(V) : static_cast<uint64_t>(V) & ((1ull << W) - 1);
}

bool isNaNBits(DType T, uint64_t B) { return info(T).Float && std::isnan(refLoad(T, B)); }
bool signBit(DType T, uint64_t B) {
  return (B >> (T == DType::TF32 ? 31 : info(T).Bytes * 8 - 1)) & 1;
}

// Equal bits, or NaN in both with the same sign.
bool sameBits(DType T, uint64_t Got, uint64_t Want) {
  if (Got == Want)
    return true;
  return isNaNBits(T, Got) && isNaNBits(T, Want) && signBit(T, Got) == signBit(T, Want);
}

// Distance in fp32 ulps (same-signed values).
int64_t ulpDiff(float A, float B) {
  auto Key = [](float F) {
    int64_t I = static_cast<int32_t>(f2b(F));
    return I < 0 ? INT32_MIN - I : I; // monotonic
  };
  return std::llabs(Key(A) - Key(B));
}

std::string fmtF(float F) { return fmt::format("{:g} (0x{:08X})", F, f2b(F)); }

//===-- Byte vectors --------------------------------------------------------===//

template <class T> std::vector<uint8_t> raw(const std::vector<T> &V) {
  std::vector<uint8_t> B(V.size() * sizeof(T));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}
template <class T> std::vector<T> as(const std::vector<uint8_t> &B) {
  std::vector<T> V(B.size() / sizeof(T));
  std::memcpy(V.data(), B.data(), V.size() * sizeof(T));
  return V;
}
// Elements of dtype T as raw bits, packed.
std::vector<uint8_t> pack(DType T, const std::vector<uint64_t> &Bits) {
  unsigned EB = info(T).Bytes;
  std::vector<uint8_t> B(Bits.size() * EB);
  for (size_t K = 0; K < Bits.size(); ++K)
    for (unsigned J = 0; J < EB; ++J)
      B[K * EB + J] = static_cast<uint8_t>(Bits[K] >> (8 * J));
  return B;
}
std::vector<uint64_t> unpack(DType T, const std::vector<uint8_t> &B) {
  unsigned EB = info(T).Bytes;
  std::vector<uint64_t> Bits(B.size() / EB);
  for (size_t K = 0; K < Bits.size(); ++K)
    for (unsigned J = 0; J < EB; ++J)
      Bits[K] |= uint64_t(B[K * EB + J]) << (8 * J);
  return Bits;
}
// fp32 values stored as dtype T (rounded by the reference).
std::vector<uint8_t> packF(DType T, const std::vector<float> &V) {
  std::vector<uint64_t> Bits;
  for (float F : V)
    Bits.push_back(refStore(T, F));
  return pack(T, Bits);
}

std::string fimm(float F) { return fmt::format("fbits(0x{:08X})", f2b(F)); }

//===-- The harness ---------------------------------------------------------===//

// A program around a snippet: SBUF allocations filled from HBM, the body run
// one instruction after another, chosen allocations copied back to HBM.
class Kernel {
public:
  explicit Kernel(std::string Chip = "trn1") : Chip(std::move(Chip)) {}

  // An SBUF allocation NAME : TYPE[Shape] (Place: e.g. "partition 64"),
  // loaded from Bytes before the body runs.
  Kernel &in(const std::string &Name, DType T, std::vector<int> Shape, std::vector<uint8_t> Bytes,
             const std::string &Place = "") {
    Args.push_back({Name, T, std::move(Shape), Place, std::move(Bytes), true, false});
    return *this;
  }
  // An SBUF allocation copied to HBM after the body; read it with out().
  Kernel &out(const std::string &Name, DType T, std::vector<int> Shape,
              const std::string &Place = "") {
    Args.push_back({Name, T, std::move(Shape), Place, {}, false, true});
    return *this;
  }
  // Both.
  Kernel &inout(const std::string &Name, DType T, std::vector<int> Shape,
                std::vector<uint8_t> Bytes, const std::string &Place = "") {
    Args.push_back({Name, T, std::move(Shape), Place, std::move(Bytes), true, true});
    return *this;
  }
  // A declaration line (.sbuf, .psum, .const).
  Kernel &decl(const std::string &Line) {
    Decls.push_back(Line);
    return *this;
  }
  // One instruction of the body.
  Kernel &op(const std::string &Line) {
    Body.push_back(Line);
    return *this;
  }

  std::string text() const {
    std::string S = fmt::format(".chip {}\n.sem step\n", Chip);
    auto Shape = [](const std::vector<int> &Sh) { return fmt::format("{}", fmt::join(Sh, ", ")); };
    for (const Arg &A : Args) {
      S += fmt::format(".sbuf {} : {}[{}]{}{}\n", A.Name, name(A.T), Shape(A.Shape),
                       A.Place.empty() ? "" : " ", A.Place);
      if (A.In)
        S += fmt::format(".tensor {}_in : {}[{}] input\n", A.Name, name(A.T), Shape(A.Shape));
      if (A.Out)
        S += fmt::format(".tensor {}_out : {}[{}] output\n", A.Name, name(A.T), Shape(A.Shape));
    }
    for (const std::string &D : Decls)
      S += D + "\n";
    unsigned NIn = 0;
    for (const Arg &A : Args)
      if (A.In)
        S += fmt::format("sp.dma_copy {0}, {0}_in, q0.0 signal(step)\n", A.Name), ++NIn;
    for (size_t K = 0; K < Body.size(); ++K)
      S += fmt::format("{} wait(step >= {}) signal(step)\n", Body[K], NIn + K);
    for (const Arg &A : Args)
      if (A.Out)
        S += fmt::format("sp.dma_copy {0}_out, {0}, q1.0 wait(step >= {1})\n", A.Name,
                         NIn + Body.size());
    return S;
  }

  // Assembles and runs; false (with a failed CHECK) if it does not assemble.
  bool build() {
    std::string Diag;
    std::ostringstream OS;
    trn::assembler::Result AR = trn::assembler::assembleText("kernel.s", text(), {}, OS);
    Diag = OS.str();
    if (!AR.Program) {
      FAIL_CHECK("the kernel does not assemble:\n" << Diag << "\n" << text());
      return false;
    }
    E = std::make_unique<trn::emu::Emulator>(std::move(*AR.Program));
    for (const Arg &A : Args)
      if (A.In)
        if (auto Err = E->setTensor(A.Name + "_in", A.Bytes))
          FAIL_CHECK(*Err);
    return true;
  }
  // Runs; the run must succeed (strict: no uninitialised reads).
  bool run() {
    if (!build())
      return false;
    R = E->run({.Strict = true});
    if (R.Error) {
      FAIL_CHECK("the kernel faults: " << R.Error->Message << "\n" << text());
      return false;
    }
    return true;
  }
  // Runs; the run must fault with K. Returns the message.
  std::string fault(FaultKind K) {
    if (!build())
      return {};
    R = E->run({.Strict = true});
    if (!R.Error) {
      FAIL_CHECK("the kernel should fault:\n" << text());
      return {};
    }
    CHECK_MESSAGE(R.Error->Kind == K, R.Error->Message);
    return R.Error->Message;
  }
  // Assembling must fail with a message containing Want (the verifier's
  // rules, docs/assembly.md section 15).
  void refused(const std::string &Want) {
    std::string Diag = asmError();
    CHECK_MESSAGE(Diag.find(Want) != std::string::npos, "expected '" << Want << "' in:\n" << Diag);
  }
  // Assembling must fail; returns the diagnostics.
  std::string asmError() {
    std::string Diag;
    std::ostringstream OS;
    trn::assembler::Result AR = trn::assembler::assembleText("kernel.s", text(), {}, OS);
    Diag = OS.str();
    CHECK_MESSAGE(!AR.Program, "the kernel should not assemble:\n" << text());
    return Diag;
  }

  std::vector<uint8_t> out(const std::string &Name) const { return E->tensor(Name + "_out"); }
  std::vector<float> outF(const std::string &Name) const { return as<float>(out(Name)); }
  std::vector<uint64_t> outBits(const std::string &Name, DType T) const {
    return unpack(T, out(Name));
  }

  RunResult R;

private:
  struct Arg {
    std::string Name;
    DType T;
    std::vector<int> Shape;
    std::string Place;
    std::vector<uint8_t> Bytes;
    bool In, Out;
  };
  std::string Chip;
  std::vector<Arg> Args;
  std::vector<std::string> Decls, Body;
  std::unique_ptr<trn::emu::Emulator> E;
};

// Counts mismatches and reports the first few, then one CHECK.
class Mismatches {
public:
  explicit Mismatches(std::string What) : What(std::move(What)) {}
  void add(const std::string &Msg) {
    if (N++ < 8)
      Msgs += "\n  " + Msg;
  }
  ~Mismatches() { CHECK_MESSAGE(N == 0, What << ": " << N << " mismatches" << Msgs); }

private:
  std::string What, Msgs;
  unsigned N = 0;
};

void expectBits(DType T, const std::vector<uint64_t> &Got, const std::vector<uint64_t> &Want,
                const std::string &What) {
  REQUIRE_MESSAGE(Got.size() == Want.size(), What);
  Mismatches M(What);
  for (size_t K = 0; K < Got.size(); ++K)
    if (!sameBits(T, Got[K], Want[K]))
      M.add(fmt::format("[{}]: got 0x{:X} ({:g}), want 0x{:X} ({:g})", K, Got[K],
                        refLoad(T, Got[K]), Want[K], refLoad(T, Want[K])));
}
void expectF32(const std::vector<float> &Got, const std::vector<float> &Want,
               const std::string &What, bool AnyZeroSign = false) {
  REQUIRE_MESSAGE(Got.size() == Want.size(), What);
  Mismatches M(What);
  for (size_t K = 0; K < Got.size(); ++K) {
    bool Ok = sameBits(DType::FP32, f2b(Got[K]), f2b(Want[K])) ||
              (AnyZeroSign && Got[K] == 0 && Want[K] == 0);
    if (!Ok)
      M.add(fmt::format("[{}]: got {}, want {}", K, fmtF(Got[K]), fmtF(Want[K])));
  }
}

//===-- ALU reference ---------------------------------------------------------===//

struct OpInfo {
  const char *Name;
  unsigned Arity;
  bool Bitvec;
};
const OpInfo AluOps[] = {
    {"bypass", 1, false},        {"add", 2, false},        {"subtract", 2, false},
    {"multiply", 2, false},      {"maximum", 2, false},    {"minimum", 2, false},
    {"divide", 2, false},        {"mod", 2, false},        {"power", 2, false},
    {"abs_max", 2, false},       {"abs_min", 2, false},    {"average", 2, false},
    {"equal", 2, false},         {"not_equal", 2, false},  {"greater", 2, false},
    {"greater_equal", 2, false}, {"less", 2, false},       {"less_equal", 2, false},
    {"logical_and", 2, false},   {"logical_or", 2, false}, {"logical_xor", 2, false},
    {"bitwise_and", 2, true},    {"bitwise_or", 2, true},  {"bitwise_xor", 2, true},
    {"invert", 1, true},         {"left_shift", 2, true},  {"right_shift", 2, true},
    {"abs", 1, false},           {"square", 1, false},     {"relu", 1, false},
    {"rsqrt", 1, false},         {"reciprocal", 1, false},
};

// The AluOp table's formulas, in fp32. Bitvec ops on integral fp32 values.
float refAlu(const std::string &Op, float A, float B) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  bool AnyNaN = std::isnan(A) || std::isnan(B);
  auto Bool = [](bool V) { return V ? 1.0f : 0.0f; };
  if (Op == "bypass")
    return A;
  if (Op == "add")
    return A + B;
  if (Op == "subtract")
    return A - B;
  if (Op == "multiply")
    return A * B;
  if (Op == "maximum")
    return AnyNaN ? NaN : std::fmax(A, B);
  if (Op == "minimum")
    return AnyNaN ? NaN : std::fmin(A, B);
  if (Op == "divide")
    return A / B;
  if (Op == "mod")
    return std::fmod(A, B); // exact
  if (Op == "power")
    return static_cast<float>(std::pow(double(A), double(B)));
  if (Op == "abs_max")
    return AnyNaN ? NaN : std::fmax(std::fabs(A), std::fabs(B));
  if (Op == "abs_min")
    return AnyNaN ? NaN : std::fmin(std::fabs(A), std::fabs(B));
  if (Op == "average") {
    float S = A + B;
    return S / 2.0f;
  }
  if (Op == "equal")
    return Bool(A == B);
  if (Op == "not_equal")
    return Bool(A != B);
  if (Op == "greater")
    return Bool(A > B);
  if (Op == "greater_equal")
    return Bool(A >= B);
  if (Op == "less")
    return Bool(A < B);
  if (Op == "less_equal")
    return Bool(A <= B);
  if (Op == "logical_and")
    return Bool(A != 0 && B != 0);
  if (Op == "logical_or")
    return Bool(A != 0 || B != 0);
  if (Op == "logical_xor")
    return Bool((A != 0) != (B != 0));
  if (Op == "abs")
    return std::fabs(A);
  if (Op == "square")
    return A * A;
  if (Op == "relu")
    return std::isnan(A) ? A : (A > 0 ? A : 0.0f);
  if (Op == "rsqrt") {
    float S = std::sqrt(A);
    return 1.0f / S;
  }
  if (Op == "reciprocal")
    return 1.0f / A;
  int64_t IA = static_cast<int64_t>(A), IB = static_cast<int64_t>(B);
  uint32_t UA = static_cast<uint32_t>(IA), UB = static_cast<uint32_t>(IB);
  if (Op == "bitwise_and")
    return static_cast<float>(IA & IB);
  if (Op == "bitwise_or")
    return static_cast<float>(IA | IB);
  if (Op == "bitwise_xor")
    return static_cast<float>(IA ^ IB);
  if (Op == "invert")
    return static_cast<float>(~IA);
  // Shift amounts are taken mod 32, as the AluOp table says.
  if (Op == "left_shift")
    return static_cast<float>(int32_t(UA << (UB & 31)));
  if (Op == "right_shift")
    return static_cast<float>(UA >> (UB & 31));
  FAIL("no reference for " << Op);
  return NaN;
}

// Raw-integer bitvec ops as the AluOp table states them, on values
// sign- or zero-extended from their dtype to 32 bits.
int64_t refBitvec(const std::string &Op, int64_t A, int64_t B) {
  uint32_t UA = static_cast<uint32_t>(A), UB = static_cast<uint32_t>(B);
  if (Op == "bitwise_and")
    return A & B;
  if (Op == "bitwise_or")
    return A | B;
  if (Op == "bitwise_xor")
    return A ^ B;
  if (Op == "invert")
    return ~A;
  // Shift amounts are taken mod 32, as the AluOp table says.
  if (Op == "left_shift")
    return static_cast<int64_t>(UA << (UB & 31));
  if (Op == "right_shift")
    return static_cast<int64_t>(UA >> (UB & 31));
  FAIL("no bitvec reference for " << Op);
  return 0;
}

bool zeroSignFree(const std::string &Op) {
  return Op == "maximum" || Op == "minimum" || Op == "relu";
}

// Special and ordinary fp32 values.
const std::vector<float> &specials() {
  static const std::vector<float> V = {0.0f,
                                       -0.0f,
                                       1.0f,
                                       -1.0f,
                                       2.5f,
                                       -3.75f,
                                       0.1f,
                                       1e-40f /* subnormal */,
                                       -1e-40f,
                                       std::numeric_limits<float>::infinity(),
                                       -std::numeric_limits<float>::infinity(),
                                       std::numeric_limits<float>::quiet_NaN(),
                                       7.0f,
                                       3.0f,
                                       1e30f,
                                       0.5f};
  return V;
}

//===-- tensor_tensor ---------------------------------------------------------===//

// Checks fp32 results of Op against the reference; power within 1 ulp.
void expectAlu(const std::string &Op, const std::vector<float> &Got, const std::vector<float> &Want,
               const std::string &What) {
  if (Op != "power")
    return expectF32(Got, Want, What, zeroSignFree(Op));
  REQUIRE(Got.size() == Want.size());
  Mismatches M(What);
  for (size_t I = 0; I < Got.size(); ++I)
    if (!sameBits(DType::FP32, f2b(Got[I]), f2b(Want[I])) &&
        !(std::isfinite(Want[I]) && ulpDiff(Got[I], Want[I]) <= 1))
      M.add(fmt::format("[{}] got {}, want {}", I, fmtF(Got[I]), fmtF(Want[I])));
}

TEST_CASE("tensor_tensor: every arithmetic ALU op on DVE and POOL, specials included") {
  // All pairs of the special values: a [16, 16] tile; one output per op.
  const auto &S = specials();
  std::vector<float> A, B;
  for (float X : S)
    for (float Y : S)
      A.push_back(X), B.push_back(Y);
  for (const char *Eng : {"dve", "pool"}) {
    Kernel K;
    K.in("a", DType::FP32, {16, 16}, raw(A)).in("b", DType::FP32, {16, 16}, raw(B));
    for (const OpInfo &Op : AluOps)
      if (!Op.Bitvec)
        K.out(fmt::format("o_{}", Op.Name), DType::FP32, {16, 16})
            .op(fmt::format("{}.tensor_tensor o_{}, a, b, {}", Eng, Op.Name, Op.Name));
    if (!K.run())
      continue;
    for (const OpInfo &Op : AluOps) {
      if (Op.Bitvec)
        continue;
      std::vector<float> Want;
      for (size_t I = 0; I < A.size(); ++I)
        Want.push_back(refAlu(Op.Name, A[I], B[I]));
      expectAlu(Op.Name, K.outF(fmt::format("o_{}", Op.Name)), Want,
                fmt::format("{}.tensor_tensor {}", Eng, Op.Name));
    }
  }
}

// Deterministic values: the raw output of a fixed-seed mt19937_64.
struct Rng {
  std::mt19937_64 G{0x5eed'7e57'0001ull};
  uint64_t bits() { return G(); }
  // Uniform in [Lo, Hi) with a full 24-bit mantissa's worth of randomness.
  float uniform(float Lo, float Hi) {
    float U = static_cast<float>(G() >> 40) * 0x1p-24f;
    return Lo + U * (Hi - Lo);
  }
};

TEST_CASE("tensor_tensor: bitvec ops on raw int32, uint8 and int8 integers") {
  const std::vector<int32_t> I32 = {
      0, 1, -1, 0x7FFFFFFF, INT32_MIN, 0x12345678, 0x0F0F0F0F, -123456789, 16777217, 255, 31, 5};
  const std::vector<int32_t> Shifts = {0, 1, 3, 4, 7, 8, 15, 16, 24, 30, 31, 2};
  const std::vector<int64_t> U8 = {0, 1, 0x0F, 0x80, 0xFF, 0xA5, 0x5A, 7};
  const std::vector<int64_t> I8 = {0, 1, -1, -128, 127, -91, 90, 7};
  const char *Ops[] = {"bitwise_and", "bitwise_or", "bitwise_xor",
                       "invert",      "left_shift", "right_shift"};
  auto IsShift = [](const std::string &Op) { return Op.find("shift") != std::string::npos; };
  // Operands: a x b over every pair (b a shift amount for shifts).
  std::vector<int32_t> A32, B32, S32;
  for (int32_t X : I32)
    for (size_t J = 0; J < 12; ++J)
      A32.push_back(X), B32.push_back(I32[J]), S32.push_back(Shifts[J]);
  auto Pairs8 = [](const std::vector<int64_t> &Vals, std::vector<int64_t> &A,
                   std::vector<int64_t> &B) {
    for (int64_t X : Vals)
      for (size_t J = 0; J < 8; ++J)
        A.push_back(X), B.push_back(Vals[J]);
  };
  auto Bits = [](DType T, const std::vector<int64_t> &V) {
    std::vector<uint64_t> B;
    for (int64_t X : V)
      B.push_back(wrapInt(T, X));
    return pack(T, B);
  };
  for (const char *Eng : {"dve", "pool"}) {
    Kernel K;
    K.in("a", DType::INT32, {12, 12}, raw(A32)).in("b", DType::INT32, {12, 12}, raw(B32));
    K.in("s", DType::INT32, {12, 12}, raw(S32));
    std::vector<int64_t> UA, UB, US, IA, IB;
    Pairs8(U8, UA, UB);
    for (size_t K2 = 0; K2 < UA.size(); ++K2)
      US.push_back(int64_t(K2 % 8));
    Pairs8(I8, IA, IB);
    K.in("ua", DType::UINT8, {8, 8}, Bits(DType::UINT8, UA));
    K.in("ub", DType::UINT8, {8, 8}, Bits(DType::UINT8, UB));
    K.in("us", DType::UINT8, {8, 8}, Bits(DType::UINT8, US));
    K.in("ia", DType::INT8, {8, 8}, Bits(DType::INT8, IA));
    K.in("ib", DType::INT8, {8, 8}, Bits(DType::INT8, IB));
    K.in("is", DType::INT8, {8, 8}, Bits(DType::INT8, US));
    for (const char *Op : Ops) {
      const char *B = IsShift(Op) ? "s" : "b";
      // int32 x int32 -> int32, and -> fp32 (the integer result, converted).
      K.out(fmt::format("c_{}", Op), DType::INT32, {12, 12});
      K.out(fmt::format("f_{}", Op), DType::FP32, {12, 12});
      K.op(fmt::format("{}.tensor_tensor c_{}, a, {}, {}", Eng, Op, B, Op));
      K.op(fmt::format("{}.tensor_tensor f_{}, a, {}, {}", Eng, Op, B, Op));
      // uint8 and int8, each into its own dtype (int8: no right_shift).
      K.out(fmt::format("u_{}", Op), DType::UINT8, {8, 8});
      K.op(
          fmt::format("{0}.tensor_tensor u_{1}, ua, {2}, {1}", Eng, Op, IsShift(Op) ? "us" : "ub"));
      if (std::string(Op) != "right_shift") {
        K.out(fmt::format("i_{}", Op), DType::INT8, {8, 8});
        K.op(fmt::format("{0}.tensor_tensor i_{1}, ia, {2}, {1}", Eng, Op,
                         IsShift(Op) ? "is" : "ib"));
      }
    }
    if (!K.run())
      continue;
    for (const char *Op : Ops) {
      const std::vector<int32_t> &B = IsShift(Op) ? S32 : B32;
      std::vector<uint64_t> Want, WantF;
      for (size_t I = 0; I < A32.size(); ++I) {
        int64_t V = refBitvec(Op, A32[I], B[I]);
        Want.push_back(wrapInt(DType::INT32, V));
        WantF.push_back(f2b(static_cast<float>(static_cast<int32_t>(V))));
      }
      expectBits(DType::INT32, K.outBits(fmt::format("c_{}", Op), DType::INT32), Want,
                 fmt::format("{}.tensor_tensor {} int32", Eng, Op));
      expectBits(DType::FP32, K.outBits(fmt::format("f_{}", Op), DType::FP32), WantF,
                 fmt::format("{}.tensor_tensor {} int32 -> fp32", Eng, Op));
      std::vector<uint64_t> WantU, WantI;
      for (size_t I = 0; I < UA.size(); ++I)
        WantU.push_back(wrapInt(DType::UINT8, refBitvec(Op, UA[I], IsShift(Op) ? US[I] : UB[I])));
      expectBits(DType::UINT8, K.outBits(fmt::format("u_{}", Op), DType::UINT8), WantU,
                 fmt::format("{}.tensor_tensor {} uint8", Eng, Op));
      if (std::string(Op) == "right_shift")
        continue;
      for (size_t I = 0; I < IA.size(); ++I)
        WantI.push_back(wrapInt(DType::INT8, refBitvec(Op, IA[I], IsShift(Op) ? US[I] : IB[I])));
      expectBits(DType::INT8, K.outBits(fmt::format("i_{}", Op), DType::INT8), WantI,
                 fmt::format("{}.tensor_tensor {} int8", Eng, Op));
    }
  }
}

TEST_CASE("tensor_tensor: bitvec ops on integral fp32 lanes; arithmetic on int32 is fp32") {
  // Bitvec ops on float tensors take the values' integer parts.
  std::vector<float> A = {12, 5, 255, 1, -1, 65535, 3, 1024};
  std::vector<float> B = {10, 3, 15, 4, 0, 255, 1, 3};
  Kernel K;
  K.in("a", DType::FP32, {1, 8}, raw(A)).in("b", DType::FP32, {1, 8}, raw(B));
  for (const char *Op : {"bitwise_and", "bitwise_or", "bitwise_xor", "left_shift"})
    K.out(std::string("o_") + Op, DType::FP32, {1, 8})
        .op(fmt::format("dve.tensor_tensor o_{0}, a, b, {0}", Op));
  // int32 add goes through fp32: 16777217 + 0 rounds to 16777216.
  std::vector<int32_t> IA = {16777217, 16777219, -16777217, 100, 0x7FFFFFFF, 3, 5, 7};
  std::vector<int32_t> IB = {0, 0, 0, 23, 0, -3, 2, 2};
  K.in("ia", DType::INT32, {1, 8}, raw(IA)).in("ib", DType::INT32, {1, 8}, raw(IB));
  K.out("isum", DType::INT32, {1, 8}).op("dve.tensor_tensor isum, ia, ib, add");
  K.out("idiv", DType::INT32, {1, 8}).op("pool.tensor_tensor idiv, ia, ib, divide");
  if (!K.run())
    return;
  for (const char *Op : {"bitwise_and", "bitwise_or", "bitwise_xor", "left_shift"}) {
    std::vector<float> Want;
    for (size_t I = 0; I < A.size(); ++I)
      Want.push_back(refAlu(Op, A[I], B[I]));
    expectF32(K.outF(std::string("o_") + Op), Want, fmt::format("fp32 {}", Op));
  }
  std::vector<uint64_t> WantSum, WantDiv;
  for (size_t I = 0; I < IA.size(); ++I) {
    WantSum.push_back(refStore(DType::INT32, float(IA[I]) + float(IB[I])));
    WantDiv.push_back(refStore(DType::INT32, float(IA[I]) / float(IB[I])));
  }
  expectBits(DType::INT32, K.outBits("isum", DType::INT32), WantSum, "int32 add via fp32");
  expectBits(DType::INT32, K.outBits("idiv", DType::INT32), WantDiv, "int32 divide via fp32");
  // Spot checks worked by hand.
  auto Sum = as<int32_t>(K.out("isum"));
  CHECK(Sum[0] == 16777216);
  CHECK(Sum[1] == 16777220);   // 16777219 is a tie between ...218 and ...220: even
  CHECK(Sum[4] == 0x7FFFFFFF); // 2^31 saturates
  auto Div = as<int32_t>(K.out("idiv"));
  CHECK(Div[6] == 2); // 5 / 2 = 2.5 rounds to even
  CHECK(Div[7] == 4); // 7 / 2 = 3.5 rounds to even
}

TEST_CASE("tensor_tensor: mixed dtypes, PSUM, partial partitions, strided operands") {
  Rng R;
  // bf16 op fp16 -> fp8_e4m3 and -> bf16: inputs converted exactly, one
  // fp32 operation, one rounding to the destination.
  std::vector<float> X, Y;
  for (int I = 0; I < 64; ++I)
    X.push_back(R.uniform(-20, 20)), Y.push_back(R.uniform(-3, 3));
  X[0] = std::numeric_limits<float>::infinity();
  Y[1] = std::numeric_limits<float>::quiet_NaN();
  std::vector<uint8_t> XB = packF(DType::BF16, X), YB = packF(DType::FP16, Y);
  std::vector<uint64_t> XBits = unpack(DType::BF16, XB), YBits = unpack(DType::FP16, YB);
  for (const char *Op : {"add", "multiply", "divide", "subtract"}) {
    Kernel K;
    K.in("x", DType::BF16, {32, 2}, XB, "partition 64").in("y", DType::FP16, {32, 2}, YB);
    K.out("o8", DType::FP8_E4M3, {32, 2}, "partition 32").out("ob", DType::BF16, {32, 2});
    K.op(fmt::format("dve.tensor_tensor o8, x, y, {}", Op));
    K.op(fmt::format("pool.tensor_tensor ob, x, y, {}", Op));
    if (!K.run())
      continue;
    std::vector<uint64_t> W8, WB;
    for (size_t I = 0; I < XBits.size(); ++I) {
      float V = refAlu(Op, refLoad(DType::BF16, XBits[I]), refLoad(DType::FP16, YBits[I]));
      W8.push_back(refStore(DType::FP8_E4M3, V));
      WB.push_back(refStore(DType::BF16, V));
    }
    expectBits(DType::FP8_E4M3, K.outBits("o8", DType::FP8_E4M3), W8,
               fmt::format("bf16 {} fp16 -> fp8_e4m3", Op));
    expectBits(DType::BF16, K.outBits("ob", DType::BF16), WB,
               fmt::format("bf16 {} fp16 -> bf16", Op));
  }

  // PSUM: one input and the output in PSUM on DVE; the reverse of b read
  // with a negative stride, 4-D access patterns, one partition at 96.
  {
    std::vector<float> A(8 * 24), B(8 * 24);
    for (size_t I = 0; I < A.size(); ++I)
      A[I] = R.uniform(-1, 1), B[I] = R.uniform(-1, 1);
    Kernel K;
    K.in("a", DType::FP32, {8, 24}, raw(A)).in("b", DType::FP32, {8, 24}, raw(B));
    K.decl(".psum pa : fp32[8, 24]").decl(".psum pc : fp32[8, 24]");
    K.out("c", DType::FP32, {8, 24});
    K.op("dve.tensor_copy pa, a");
    K.op("dve.tensor_tensor pc, pa, ap(sbuf fp32, 0:8, addr(b) + 23 * 4, [-1, 24]), subtract");
    K.op("dve.tensor_copy c, pc");
    // One partition: a's row 0 viewed as [2, 3, 4] (dims permuted) with b's
    // row 0 as [2, 3, 4] contiguous.
    K.in("s", DType::FP32, {1, 24}, raw(std::vector<float>(A.begin(), A.begin() + 24)),
         "partition 96");
    K.out("d", DType::FP32, {1, 24}, "partition 96");
    K.op("dve.tensor_tensor d, ap(sbuf fp32, 96:97, addr(s), [1, 2], [2, 3], [6, 4]), "
         "ap(sbuf fp32, 96:97, addr(s), [12, 2], [4, 3], [1, 4]), add");
    if (K.run()) {
      std::vector<float> Want, WantD;
      for (int P = 0; P < 8; ++P)
        for (int I = 0; I < 24; ++I)
          Want.push_back(A[P * 24 + I] - B[P * 24 + 23 - I]);
      expectF32(K.outF("c"), Want, "PSUM tensor_tensor with a reversed operand");
      for (int I = 0; I < 2; ++I)
        for (int J = 0; J < 3; ++J)
          for (int L = 0; L < 4; ++L)
            WantD.push_back(A[I + 2 * J + 6 * L] + A[12 * I + 4 * J + L]);
      expectF32(K.outF("d"), WantD, "4-D access patterns, one partition at 96");
    }
  }

  // Refused by the verifier: both inputs in PSUM; shapes that differ.
  {
    Kernel K;
    K.in("a", DType::FP32, {4, 8}, raw(std::vector<float>(32, 1.0f)));
    K.decl(".psum p : fp32[4, 8]").decl(".psum q : fp32[4, 8]").decl(".sbuf c : fp32[4, 8]");
    K.op("dve.tensor_copy p, a").op("dve.tensor_copy q, a");
    K.op("dve.tensor_tensor c, p, q, add");
    K.refused("'src0' and 'src1' of 'tensor_tensor' may not both be in PSUM");
  }
  {
    Kernel K;
    K.in("a", DType::FP32, {4, 8}, raw(std::vector<float>(32, 1.0f)));
    K.decl(".sbuf c : fp32[4, 8]");
    K.op("dve.tensor_tensor c, a, a[:, 0:4], add");
    K.refused("operand 'src1' of 'tensor_tensor' is [4 x 4] but 'src0' is [4 x 8]");
  }
}

//===-- tensor_scalar ----------------------------------------------------------===//

TEST_CASE("tensor_scalar: every arithmetic op as op0, both sides, [P, 1] and immediate") {
  // Partition p's operand is specials()[p]; every partition holds every special.
  const auto &S = specials();
  std::vector<float> Src;
  for (size_t P = 0; P < S.size(); ++P)
    Src.insert(Src.end(), S.begin(), S.end());
  const float Imm = -2.5f;
  for (const char *Eng : {"dve", "pool"}) {
    Kernel K;
    K.in("x", DType::FP32, {16, 16}, raw(Src)).in("s", DType::FP32, {16, 1}, raw(S));
    for (const OpInfo &Op : AluOps)
      for (int Rev = 0; Rev < 2 && !Op.Bitvec; ++Rev) {
        K.out(fmt::format("t{}_{}", Rev, Op.Name), DType::FP32, {16, 16});
        K.out(fmt::format("i{}_{}", Rev, Op.Name), DType::FP32, {16, 16});
        K.op(fmt::format("{0}.tensor_scalar t{1}_{2}, x, {2}, s, reverse0={3}", Eng, Rev, Op.Name,
                         Rev ? "true" : "false"));
        K.op(fmt::format("{0}.tensor_scalar i{1}_{2}, x, {2}, {4}, reverse0={3}", Eng, Rev, Op.Name,
                         Rev ? "true" : "false", fimm(Imm)));
      }
    if (!K.run())
      continue;
    for (const OpInfo &Op : AluOps)
      for (int Rev = 0; Rev < 2 && !Op.Bitvec; ++Rev)
        for (int IsImm = 0; IsImm < 2; ++IsImm) {
          std::vector<float> Want;
          for (size_t P = 0; P < 16; ++P)
            for (size_t I = 0; I < 16; ++I) {
              float X = S[I], C = IsImm ? Imm : S[P];
              Want.push_back(Rev ? refAlu(Op.Name, C, X) : refAlu(Op.Name, X, C));
            }
          expectAlu(Op.Name, K.outF(fmt::format("{}{}_{}", IsImm ? 'i' : 't', Rev, Op.Name)), Want,
                    fmt::format("{}.tensor_scalar {} reverse0={} {}", Eng, Op.Name, Rev,
                                IsImm ? "immediate" : "[P, 1]"));
        }
  }
}

TEST_CASE("tensor_scalar: two ops, reverse1, operands in PSUM, on DVE, ACT and POOL") {
  Rng R;
  std::vector<float> X(8 * 16), S0(8), S1(8);
  for (float &V : X)
    V = R.uniform(-10, 10);
  for (float &V : S0)
    V = R.uniform(-2, 2);
  for (float &V : S1)
    V = R.uniform(1, 3);
  X[3] = std::numeric_limits<float>::quiet_NaN();
  X[20] = -std::numeric_limits<float>::infinity();
  struct Combo {
    const char *Eng, *Op0;
    bool S0Tensor, Rev0;
    const char *Op1;
    bool S1Tensor, Rev1;
  };
  const Combo Combos[] = {
      {"dve", "subtract", true, true, "divide", false, true},
      {"dve", "multiply", false, false, "add", true, false},
      {"dve", "maximum", false, false, "minimum", true, false},
      {"dve", "add", true, false, "bypass", false, false},
      {"pool", "divide", true, true, "subtract", false, true},
      {"pool", "power", false, false, "multiply", true, false},
      {"act", "multiply", true, false, "add", false, false},
      {"act", "add", false, true, "add", true, true},
      {"act", "multiply", false, true, "bypass", false, false},
  };
  const float Imm0 = 1.5f, Imm1 = -0.75f;
  Kernel K;
  K.in("x", DType::FP32, {8, 16}, raw(X)).in("s0", DType::FP32, {8, 1}, raw(S0));
  K.in("s1", DType::FP32, {8, 1}, raw(S1));
  for (size_t N = 0; N < std::size(Combos); ++N) {
    const Combo &C = Combos[N];
    K.out(fmt::format("y{}", N), DType::FP32, {8, 16})
        .out(fmt::format("b{}", N), DType::BF16, {8, 16});
    std::string Args =
        fmt::format("x, {}, {}, op1={}, operand1={}, reverse0={}, reverse1={}", C.Op0,
                    C.S0Tensor ? "s0" : fimm(Imm0), C.Op1, C.S1Tensor ? "s1" : fimm(Imm1),
                    C.Rev0 ? "true" : "false", C.Rev1 ? "true" : "false");
    K.op(fmt::format("{}.tensor_scalar y{}, {}", C.Eng, N, Args));
    K.op(fmt::format("{}.tensor_scalar b{}, {}", C.Eng, N, Args));
  }
  if (K.run())
    for (size_t N = 0; N < std::size(Combos); ++N) {
      const Combo &C = Combos[N];
      std::vector<float> Want;
      std::vector<uint64_t> WantB;
      for (int P = 0; P < 8; ++P)
        for (int I = 0; I < 16; ++I) {
          float A = X[P * 16 + I], C0 = C.S0Tensor ? S0[P] : Imm0, C1 = C.S1Tensor ? S1[P] : Imm1;
          float V = C.Rev0 ? refAlu(C.Op0, C0, A) : refAlu(C.Op0, A, C0);
          if (std::string(C.Op1) != "bypass")
            V = C.Rev1 ? refAlu(C.Op1, C1, V) : refAlu(C.Op1, V, C1);
          Want.push_back(V);
          WantB.push_back(refStore(DType::BF16, V));
        }
      std::string What = fmt::format("{}.tensor_scalar {} {}", C.Eng, C.Op0, C.Op1);
      expectAlu(C.Op0, K.outF(fmt::format("y{}", N)), Want, What);
      if (std::string(C.Op0) != "power")
        expectBits(DType::BF16, K.outBits(fmt::format("b{}", N), DType::BF16), WantB,
                   What + " -> bf16");
    }

  // Scalars and data in PSUM (DVE and ACT reach PSUM).
  for (const char *Eng : {"dve", "act"}) {
    Kernel K;
    K.in("x", DType::FP32, {8, 16}, raw(X)).in("s0", DType::FP32, {8, 1}, raw(S0));
    // (power's result is checked within 1 ulp above; here exact ops only.)
    K.decl(".psum px : fp32[8, 16]").decl(".psum ps : fp32[8, 1]").decl(".psum py : fp32[8, 16]");
    K.out("y", DType::FP32, {8, 16});
    K.op("dve.tensor_copy px, x").op("dve.tensor_copy ps, s0");
    K.op(fmt::format("{}.tensor_scalar py, px, multiply, ps, op1=add, operand1=1.0", Eng));
    K.op("dve.tensor_copy y, py");
    if (!K.run())
      continue;
    std::vector<float> Want;
    for (int P = 0; P < 8; ++P)
      for (int I = 0; I < 16; ++I) {
        float V = X[P * 16 + I] * S0[P];
        Want.push_back(V + 1.0f);
      }
    expectF32(K.outF("y"), Want, fmt::format("{}.tensor_scalar in PSUM", Eng));
  }
}

TEST_CASE("tensor_scalar: the Scalar engine's op restriction; bitvec on Vector only") {
  // Refused by the verifier, whether or not the instruction would run.
  auto Refused = [](const std::string &Ins, const std::string &Want) {
    Kernel K;
    K.in("x", DType::FP32, {4, 8}, raw(std::vector<float>(32, 2.0f)));
    K.decl(".sbuf y : fp32[4, 8]").decl(".sbuf iy : int32[4, 8]");
    K.in("ix", DType::INT32, {4, 8}, raw(std::vector<int32_t>(32, 6)));
    K.op(Ins);
    CAPTURE(Ins);
    K.refused(Want);
  };
  const std::string Act = "on the Scalar engine, tensor_scalar takes op0 multiply or add and op1 "
                          "add or bypass";
  Refused("act.tensor_scalar y, x, subtract, 1.0", Act + "; op0 is 'subtract'");
  Refused("act.tensor_scalar y, x, divide, 1.0", Act + "; op0 is 'divide'");
  Refused("act.tensor_scalar y, x, maximum, 1.0", Act + "; op0 is 'maximum'");
  Refused("act.tensor_scalar y, x, multiply, 1.0, op1=multiply, operand1=2.0",
          Act + "; op1 is 'multiply'");
  Refused("act.tensor_scalar y, x, add, 1.0, op1=subtract, operand1=2.0",
          Act + "; op1 is 'subtract'");
  Refused("act.tensor_scalar iy, ix, bitwise_and, 3.0",
          "bitvec ops in tensor_scalar run on the Vector engine only; 'bitwise_and' runs on ACT");
  Refused("pool.tensor_scalar iy, ix, bitwise_and, 3.0",
          "bitvec ops in tensor_scalar run on the Vector engine only; 'bitwise_and' runs on POOL");
  Refused("pool.tensor_scalar iy, ix, add, 1.0, op1=left_shift, operand1=2.0",
          "bitvec ops in tensor_scalar run on the Vector engine only; 'left_shift' runs on POOL");
}

TEST_CASE("tensor_scalar: bitvec ops on raw integers (Vector)") {
  // int32 above 2^24 keeps every bit: unpack nibbles with a shift and a mask.
  std::vector<int32_t> X = {0x01234567, 0x7FFFFFFF, INT32_MIN,  -1,
                            0x00FFFFFF, 0x10000001, 0x76543210, 12345};
  std::vector<int32_t> Sh = {4, 8, 28, 1, 0, 31, 16, 3};
  Kernel K;
  std::vector<float> ShF(Sh.begin(), Sh.end());
  K.in("x", DType::INT32, {8, 1}, raw(X)).in("sh", DType::FP32, {8, 1}, raw(ShF));
  K.in("shi", DType::INT32, {8, 1}, raw(Sh));
  K.out("y", DType::INT32, {8, 1}).out("z", DType::INT32, {8, 1});
  K.out("w", DType::INT32, {8, 1}).out("v", DType::INT32, {8, 1});
  K.op("dve.tensor_scalar y, x, right_shift, 4.0, op1=bitwise_and, operand1=15.0");
  K.op("dve.tensor_scalar z, x, left_shift, sh");
  K.op("dve.tensor_scalar w, x, bitwise_xor, 65535.0, op1=invert");
  // reverse0: 1 << x[p] & 31 for a shift amount in the tensor.
  K.op("dve.tensor_scalar v, shi, left_shift, 1.0, reverse0=true");
  std::vector<uint64_t> U8 = {0x00, 0x01, 0x0F, 0x80, 0xFF, 0xA5, 0x5A, 0x37};
  K.in("u", DType::UINT8, {8, 1}, pack(DType::UINT8, U8)).out("ui", DType::UINT8, {8, 1});
  K.op("dve.tensor_scalar ui, u, invert, 0.0");
  K.out("uf", DType::FP32, {8, 1}).op("dve.tensor_scalar uf, u, bitwise_or, 256.0");
  // An arithmetic op in the chain computes in fp32; the bitvec op after it
  // takes the integer part of its result.
  K.out("m", DType::INT32, {8, 1})
      .op("dve.tensor_scalar m, x, add, 1.0, op1=bitwise_and, operand1=255.0");
  if (!K.run())
    return;
  std::vector<uint64_t> WY, WZ, WW, WV, WUI;
  std::vector<float> WUF;
  for (size_t I = 0; I < X.size(); ++I) {
    uint32_t U = static_cast<uint32_t>(X[I]);
    WY.push_back((U >> 4) & 15);
    WZ.push_back(wrapInt(DType::INT32, U << Sh[I]));
    WW.push_back(wrapInt(DType::INT32, ~(int64_t(X[I]) ^ 65535)));
    WV.push_back(uint32_t(1) << Sh[I]);
    WUI.push_back(~U8[I] & 0xFF);
    WUF.push_back(static_cast<float>(U8[I] | 256));
  }
  expectBits(DType::INT32, K.outBits("y", DType::INT32), WY, "(x >> 4) & 15 on int32");
  expectBits(DType::INT32, K.outBits("z", DType::INT32), WZ, "x << [P, 1] on int32");
  expectBits(DType::INT32, K.outBits("w", DType::INT32), WW, "~(x ^ 65535) on int32");
  expectBits(DType::INT32, K.outBits("v", DType::INT32), WV, "1 << x (reverse0) on int32");
  expectBits(DType::UINT8, K.outBits("ui", DType::UINT8), WUI, "~x on uint8");
  expectF32(K.outF("uf"), WUF, "uint8 | 256 -> fp32");
  std::vector<uint64_t> WM;
  for (int32_t V : X) {
    float F = static_cast<float>(V) + 1.0f;
    int64_t I = F >= 2147483647.0f ? INT32_MAX : F <= -2147483648.0f ? INT32_MIN : int64_t(F);
    WM.push_back(wrapInt(DType::INT32, I & 255));
  }
  expectBits(DType::INT32, K.outBits("m", DType::INT32), WM, "(x + 1 in fp32) & 255");
  CHECK(as<int32_t>(K.out("m"))[0] == 0x68); // 0x01234567 + 1 rounds to ...68 in fp32
}

//===-- scalar_tensor_tensor -------------------------------------------------===//

TEST_CASE("scalar_tensor_tensor: (src0 op0 scalar) op1 src1") {
  Rng R;
  std::vector<float> A(8 * 16), B(8 * 16), S(8);
  for (float &V : A)
    V = R.uniform(-4, 4);
  for (float &V : B)
    V = R.uniform(-4, 4);
  for (float &V : S)
    V = R.uniform(0.5, 2);
  A[5] = std::numeric_limits<float>::quiet_NaN();
  B[9] = std::numeric_limits<float>::infinity();
  A[17] = -0.0f;
  A[18] = 1e-40f;
  struct Combo {
    const char *Op0;
    bool STensor;
    const char *Op1;
  };
  const Combo Combos[] = {{"multiply", true, "add"},     {"subtract", false, "multiply"},
                          {"maximum", false, "divide"},  {"add", true, "maximum"},
                          {"divide", true, "subtract"},  {"abs_max", false, "average"},
                          {"greater", false, "multiply"}};
  const float Imm = 0.25f;
  Kernel K;
  K.in("a", DType::FP32, {8, 16}, raw(A)).in("b", DType::FP32, {8, 16}, raw(B));
  K.in("s", DType::FP32, {8, 1}, raw(S));
  K.decl(".psum pb : fp32[8, 16]").op("dve.tensor_copy pb, b");
  for (size_t N = 0; N < std::size(Combos); ++N) {
    const Combo &C = Combos[N];
    std::string Sc = C.STensor ? "s" : fimm(Imm);
    K.out(fmt::format("y{}", N), DType::FP32, {8, 16})
        .out(fmt::format("z{}", N), DType::BF16, {8, 16});
    K.op(fmt::format("dve.scalar_tensor_tensor y{}, a, {}, {}, {}, b", N, C.Op0, Sc, C.Op1));
    // src1 in PSUM, result in bf16.
    K.op(fmt::format("dve.scalar_tensor_tensor z{}, a, {}, {}, {}, pb", N, C.Op0, Sc, C.Op1));
  }
  if (K.run())
    for (size_t N = 0; N < std::size(Combos); ++N) {
      const Combo &C = Combos[N];
      std::vector<float> Want;
      std::vector<uint64_t> WantB;
      for (int P = 0; P < 8; ++P)
        for (int I = 0; I < 16; ++I) {
          float V =
              refAlu(C.Op1, refAlu(C.Op0, A[P * 16 + I], C.STensor ? S[P] : Imm), B[P * 16 + I]);
          Want.push_back(V);
          WantB.push_back(refStore(DType::BF16, V));
        }
      std::string What = fmt::format("scalar_tensor_tensor {} {}", C.Op0, C.Op1);
      expectF32(K.outF(fmt::format("y{}", N)), Want, What, true);
      expectBits(DType::BF16, K.outBits(fmt::format("z{}", N), DType::BF16), WantB,
                 What + " -> bf16");
    }
  // Refused by the verifier: bitvec ops; both tensors in PSUM.
  {
    Kernel K;
    K.in("a", DType::INT32, {4, 8}, raw(std::vector<int32_t>(32, 3))).decl(".sbuf y : int32[4, 8]");
    K.op("dve.scalar_tensor_tensor y, a, bitwise_and, 1.0, add, a");
    K.refused("'scalar_tensor_tensor' takes arithmetic ops only; 'bitwise_and' is a bitvec op");
  }
  {
    Kernel K;
    K.in("a", DType::FP32, {4, 8}, raw(std::vector<float>(32, 3))).decl(".sbuf y : fp32[4, 8]");
    K.decl(".psum p : fp32[4, 8]").decl(".psum q : fp32[4, 8]");
    K.op("dve.tensor_copy p, a").op("dve.tensor_copy q, a");
    K.op("dve.scalar_tensor_tensor y, p, add, 1.0, add, q");
    K.refused("'src0' and 'src1' of 'scalar_tensor_tensor' may not both be in PSUM");
  }
}

//===-- tensor_copy ------------------------------------------------------------===//

// 4096 source elements of dtype T (raw bits): every pattern for 8-bit types;
// zero, subnormals, the largest finite values, infinities and NaNs of both
// signs for 16-bit types; for 32-bit types specials, integer and
// int-range boundaries, and for every narrow float format the largest
// finite value and the exact midpoints between random neighbours, each with
// its fp32 neighbours. Random patterns fill the rest.
std::vector<uint64_t> castSources(DType T) {
  const size_t N = 4096;
  Rng R;
  std::vector<uint64_t> V;
  unsigned EB = info(T).Bytes;
  auto Around = [&](float F) {
    V.push_back(f2b(F));
    V.push_back(f2b(std::nextafter(F, INFINITY)));
    V.push_back(f2b(std::nextafter(F, -INFINITY)));
  };
  if (EB == 1) {
    for (size_t K = 0; K < N; ++K)
      V.push_back(K & 0xFF);
    return V;
  }
  if (EB == 2) {
    for (uint64_t Sign : {0x0000u, 0x8000u}) {
      for (uint64_t K = 0; K < 128; ++K)
        V.push_back(Sign | K);
      for (uint64_t K = 0x7B80; K < 0x7C80; ++K)
        V.push_back(Sign | K);
      for (uint64_t K = 0x7F00; K < 0x8000; ++K)
        V.push_back(Sign | K);
    }
  } else if (T == DType::INT32 || T == DType::UINT32) {
    for (int64_t X :
         {0ll,           1ll,          -1ll,         2ll,          127ll,       128ll,
          -128ll,        -129ll,       255ll,        256ll,        32767ll,     32768ll,
          -32768ll,      -32769ll,     65535ll,      65536ll,      65504ll,     65519ll,
          65520ll,       240ll,        248ll,        448ll,        464ll,       57344ll,
          61440ll,       16777216ll,   16777217ll,   16777219ll,   -16777217ll, 2147483647ll,
          -2147483648ll, 2147483520ll, 4294967295ll, 4294967040ll, 2147483648ll})
      V.push_back(static_cast<uint32_t>(X));
  } else { // fp32 and tf32
    for (uint32_t B : {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
                       0x7F800001u, 0xFFA00001u, 0x7FFFFFFFu, 0x7F7FFFFFu, 0x00800000u, 0x00000001u,
                       0x807FFFFFu, 0x00400000u})
      V.push_back(B);
    for (float F :
         {0.5f,      1.5f,     2.5f,          -0.5f,          -2.5f,         127.5f,
          128.5f,    -128.5f,  -129.0f,       255.5f,         256.5f,        65535.5f,
          -32768.5f, 32767.5f, 2147483648.0f, -2147483648.0f, 4294967296.0f, 4294967040.0f,
          1e20f,     -1e20f,   16777216.0f})
      Around(F);
    for (DType Narrow : {DType::BF16, DType::FP16, DType::TF32, DType::FP8_E4M3, DType::FP8_E5M2,
                         DType::FP8_E4M3FN}) {
      const llvm::fltSemantics &Sem = trn::isa::floatSemantics(Narrow);
      APFloat L = APFloat::getLargest(Sem), Below = L;
      Below.next(/*nextDown=*/true);
      float LF = L.convertToFloat(), Ulp = LF - Below.convertToFloat();
      Around(LF), Around(LF + Ulp / 2), Around(-(LF + Ulp / 2));
      APFloat Small = APFloat::getSmallest(Sem);
      Around(Small.convertToFloat() / 2), Around(Small.convertToFloat() * 1.5f);
      for (int K = 0; K < 40; ++K) {
        unsigned W = APFloat::semanticsSizeInBits(Sem);
        APFloat A(Sem, APInt(W, R.bits() & ((1ull << W) - 1)));
        if (!A.isFinite() || A.isLargest())
          continue;
        APFloat Next = A;
        Next.next(false);
        float Mid = (A.convertToFloat() + Next.convertToFloat()) / 2; // exact
        Around(Mid);
      }
    }
  }
  while (V.size() < N)
    V.push_back(R.bits() & (EB == 4 ? 0xFFFFFFFFull : 0xFFFFull));
  V.resize(N);
  if (T == DType::TF32)
    for (uint64_t &B : V)
      B &= 0xFFFFE000u; // the container's low 13 bits are zero
  return V;
}

TEST_CASE("tensor_copy: every dtype pair on DVE, ACT and POOL") {
  // One kernel per engine: 13 sources of [128, 32], 169 copies.
  std::vector<std::vector<uint64_t>> Src;
  for (const DTypeInfo &S : DTypes)
    Src.push_back(castSources(S.T));
  for (const char *Eng : {"dve", "pool", "act"}) {
    Kernel K("trn3");
    for (const DTypeInfo &S : DTypes) {
      K.in(fmt::format("s_{}", S.Name), S.T, {128, 32}, pack(S.T, Src[static_cast<unsigned>(S.T)]));
      for (const DTypeInfo &D : DTypes)
        K.out(fmt::format("d_{}_{}", S.Name, D.Name), D.T, {128, 32})
            .op(fmt::format("{0}.tensor_copy d_{1}_{2}, s_{1}", Eng, S.Name, D.Name));
    }
    if (!K.run())
      continue;
    for (const DTypeInfo &S : DTypes)
      for (const DTypeInfo &D : DTypes) {
        const std::vector<uint64_t> &In = Src[static_cast<unsigned>(S.T)];
        std::vector<uint64_t> Got = K.outBits(fmt::format("d_{}_{}", S.Name, D.Name), D.T);
        std::string What = fmt::format("{}.tensor_copy {} -> {}", Eng, S.Name, D.Name);
        if (S.T == D.T && std::string(Eng) != "act") {
          // Bit-exact, NaN payloads included.
          CHECK_MESSAGE(Got == In, What << " is not bit-exact");
          continue;
        }
        std::vector<uint64_t> Want;
        for (uint64_t B : In)
          Want.push_back(refStore(D.T, refLoad(S.T, B)));
        expectBits(D.T, Got, Want, What);
      }
  }
}

TEST_CASE("tensor_copy: ACT's fp32 path, hand-worked") {
  // int32 above 2^24 and a signalling bf16 NaN: Vector and GpSimd copy bits,
  // Scalar goes through fp32.
  std::vector<int32_t> I = {16777217, -16777219, 0x7FFFFFFF, 5};
  std::vector<uint16_t> H = {0x7F81 /* sNaN */, 0xFFC1, 0x3F80, 0x0001};
  Kernel K;
  K.in("i", DType::INT32, {1, 4}, raw(I)).in("h", DType::BF16, {1, 4}, raw(H));
  for (const char *Eng : {"dve", "act", "pool"})
    K.out(fmt::format("i_{}", Eng), DType::INT32, {1, 4})
        .out(fmt::format("h_{}", Eng), DType::BF16, {1, 4})
        .op(fmt::format("{0}.tensor_copy i_{0}, i", Eng))
        .op(fmt::format("{0}.tensor_copy h_{0}, h", Eng));
  if (!K.run())
    return;
  CHECK(as<int32_t>(K.out("i_dve")) == I);
  CHECK(as<int32_t>(K.out("i_pool")) == I);
  CHECK(as<int32_t>(K.out("i_act")) == std::vector<int32_t>{16777216, -16777220, 0x7FFFFFFF, 5});
  CHECK(as<uint16_t>(K.out("h_dve")) == H);
  CHECK(as<uint16_t>(K.out("h_pool")) == H);
  std::vector<uint16_t> HA = as<uint16_t>(K.out("h_act"));
  CHECK((HA[0] & 0xFF80) == 0x7F80); // a quiet NaN, sign kept
  CHECK((HA[0] & 0x0040) != 0);
  CHECK((HA[1] & 0xFFC0) == 0xFFC0);
  CHECK(HA[2] == 0x3F80);
  CHECK(HA[3] == 0x0001); // subnormals survive
}

TEST_CASE("tensor_copy: access patterns, register offsets, partitions, PSUM") {
  Rng R;
  std::vector<float> X(4 * 64);
  for (float &V : X)
    V = R.uniform(-100, 100);
  Kernel K;
  K.in("x", DType::FP32, {4, 64}, raw(X));
  // 4-D, negative strides: offset 40 - 32a + 8b - c + 2d.
  K.out("y", DType::FP32, {4, 48});
  K.op(
      "dve.tensor_copy y, ap(sbuf fp32, 0:4, addr(x) + 40 * 4, [-32, 2], [8, 3], [-1, 4], [2, 2])");
  // The same pattern on the destination side, on POOL, into bf16.
  std::vector<float> Z0(4 * 64, 0.0f);
  K.inout("z", DType::BF16, {4, 64}, packF(DType::BF16, Z0));
  K.op("pool.tensor_copy ap(sbuf bf16, 0:4, addr(z) + 40 * 2, [-32, 2], [8, 3], [-1, 4], [2, 2]), "
       "x[:, 0:48]");
  // Register offsets (in elements): source on DVE, destination on ACT.
  K.out("r", DType::FP32, {4, 16});
  K.op("dve.li r3, 37").op("dve.tensor_copy r, x[:, 0:16] + r3");
  K.inout("w", DType::FP32, {4, 64}, raw(Z0));
  K.op("act.li r7, 16").op("act.li r8, -4");
  K.op("act.tensor_copy w[:, 0:16] + r7, x[:, 0:16]");
  K.op("act.tensor_copy w[:, 8:12] + r8, x[:, 60:64]");
  // Partial partitions: 32 at 64 into 32 at 0; 1 at 96 into 1 at 32.
  std::vector<float> Q(32 * 8), One(8);
  for (float &V : Q)
    V = R.uniform(-1, 1);
  for (float &V : One)
    V = R.uniform(-1, 1);
  K.in("q", DType::FP32, {32, 8}, raw(Q), "partition 64").out("q0", DType::FP16, {32, 8});
  K.in("o", DType::FP32, {1, 8}, raw(One), "partition 96")
      .out("o32", DType::FP32, {1, 8}, "partition 32");
  K.op("dve.tensor_copy q0, q").op("act.tensor_copy o32, o");
  // PSUM: DVE in, ACT out (bf16 -> PSUM bf16 -> fp32).
  K.decl(".psum pq : bf16[4, 64]").out("pq_out", DType::FP32, {4, 64});
  K.op("dve.tensor_copy pq, x").op("act.tensor_copy pq_out, pq");
  if (!K.run())
    return;
  std::vector<float> WY, WZ = Z0, WR, WW = Z0, WQ, WP;
  for (int P = 0; P < 4; ++P) {
    int N = 0;
    for (int A = 0; A < 2; ++A)
      for (int B = 0; B < 3; ++B)
        for (int C = 0; C < 4; ++C)
          for (int D = 0; D < 2; ++D, ++N) {
            int Off = 40 - 32 * A + 8 * B - C + 2 * D;
            WY.push_back(X[P * 64 + Off]);
            WZ[P * 64 + Off] = X[P * 64 + N];
          }
    for (int I = 0; I < 16; ++I) {
      WR.push_back(X[P * 64 + 37 + I]);
      WW[P * 64 + 16 + I] = X[P * 64 + I];
    }
    for (int I = 0; I < 4; ++I)
      WW[P * 64 + 4 + I] = X[P * 64 + 60 + I];
  }
  expectF32(K.outF("y"), WY, "4-D source with negative strides");
  expectBits(DType::BF16, K.outBits("z", DType::BF16), unpack(DType::BF16, packF(DType::BF16, WZ)),
             "4-D destination with negative strides (POOL, bf16)");
  expectF32(K.outF("r"), WR, "source register offset");
  expectF32(K.outF("w"), WW, "destination register offsets, one negative");
  expectBits(DType::FP16, K.outBits("q0", DType::FP16), unpack(DType::FP16, packF(DType::FP16, Q)),
             "32 partitions at 64");
  expectF32(K.outF("o32"), One, "1 partition at 96");
  std::vector<float> WPq;
  for (float V : X)
    WPq.push_back(refLoad(DType::BF16, refStore(DType::BF16, V)));
  expectF32(K.outF("pq_out"), WPq, "through bf16 PSUM");
}

TEST_CASE("tensor_copy: GpSimd cannot reach PSUM; a register offset out of bounds") {
  {
    Kernel K;
    K.in("x", DType::FP32, {4, 8}, raw(std::vector<float>(32, 1.0f))).decl(".psum p : fp32[4, 8]");
    K.op("pool.tensor_copy p, x");
    CHECK(!K.asmError().empty());
  }
  {
    Kernel K;
    K.in("x", DType::FP32, {4, 8}, raw(std::vector<float>(32, 1.0f))).decl(".sbuf y : fp32[4, 8]");
    K.op("dve.li r1, -100").op("dve.tensor_copy y, x + r1");
    K.fault(FaultKind::OutOfBounds);
  }
}

//===-- tensor_copy_predicated, select, memset, reciprocal -------------------===//

TEST_CASE("tensor_copy_predicated: predicate dtypes, bit-exact copy, dst kept") {
  std::vector<uint32_t> Src(4 * 8), Dst(4 * 8);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = 0x3F800000u + uint32_t(I), Dst[I] = 0xC0000000u + uint32_t(I);
  Src[0] = 0x7FA00001u; // a signalling NaN: copied as is
  Src[1] = 0x80000000u;
  std::vector<uint64_t> Pred(32);
  for (size_t I = 0; I < 32; ++I)
    Pred[I] = I % 3 == 1 ? 0 : (I % 3 == 0 ? 1 : 0x80);
  Kernel K;
  K.in("s", DType::FP32, {4, 8}, raw(Src));
  for (DType PT : {DType::UINT8, DType::UINT16, DType::UINT32}) {
    std::vector<uint64_t> PV = Pred;
    if (PT == DType::UINT16)
      PV[2] = 0x100, PV[5] = 0x8000;
    if (PT == DType::UINT32)
      PV[2] = 0x10000, PV[5] = 0x80000000u;
    K.in(fmt::format("p_{}", name(PT)), PT, {4, 8}, pack(PT, PV));
    K.inout(fmt::format("d_{}", name(PT)), DType::FP32, {4, 8}, raw(Dst));
    K.op(fmt::format("dve.tensor_copy_predicated d_{0}, s, p_{0}", name(PT)));
  }
  // bf16 data: also bit-exact.
  std::vector<uint16_t> HS = {0x7F81, 0x3F80, 0xBF80, 0x0001}, HD = {1, 2, 3, 4};
  K.in("hs", DType::BF16, {1, 4}, raw(HS)).inout("hd", DType::BF16, {1, 4}, raw(HD));
  K.in("hp", DType::UINT8, {1, 4}, pack(DType::UINT8, {1, 0, 2, 1}));
  K.op("dve.tensor_copy_predicated hd, hs, hp");
  if (!K.run())
    return;
  for (DType PT : {DType::UINT8, DType::UINT16, DType::UINT32}) {
    std::vector<uint32_t> Want = Dst;
    for (size_t I = 0; I < 32; ++I)
      if (Pred[I] != 0)
        Want[I] = Src[I];
    CHECK_MESSAGE(as<uint32_t>(K.out(fmt::format("d_{}", name(PT)))) == Want, name(PT));
  }
  CHECK(as<uint16_t>(K.out("hd")) == std::vector<uint16_t>{0x7F81, 2, 0xBF80, 0x0001});
  // src and dst must share a dtype.
  Kernel F;
  F.in("s", DType::FP32, {1, 4}, raw(std::vector<float>(4, 1.0f)));
  F.in("d", DType::BF16, {1, 4}, raw(std::vector<uint16_t>(4, 0)));
  F.in("p", DType::UINT8, {1, 4}, pack(DType::UINT8, {1, 1, 1, 1}));
  F.op("dve.tensor_copy_predicated d, s, p");
  F.refused("operand 'src' of 'tensor_copy_predicated' is fp32 but 'dst' is bf16: the copy is "
            "bit-exact, so they share a dtype");
}

TEST_CASE("select: on_true where predicate != 0, converted to dst") {
  Rng R;
  std::vector<float> T(8 * 16), F(8 * 16);
  for (float &V : T)
    V = R.uniform(-5, 5);
  for (float &V : F)
    V = R.uniform(-5, 5);
  T[0] = std::numeric_limits<float>::quiet_NaN();
  F[1] = -std::numeric_limits<float>::infinity();
  std::vector<uint64_t> P8, P32;
  for (int I = 0; I < 128; ++I) {
    P8.push_back((I * 7) % 5 == 0 ? 0 : (I % 4 == 0 ? 0xFF : 1));
    P32.push_back(I % 3 == 0 ? 0 : (I % 2 ? 0x80000000u : 2));
  }
  P8[0] = 1, P8[1] = 0;
  Kernel K;
  K.in("t", DType::FP32, {8, 16}, raw(T)).in("f", DType::FP32, {8, 16}, raw(F));
  K.in("p8", DType::UINT8, {8, 16}, pack(DType::UINT8, P8));
  K.in("p32", DType::UINT32, {8, 16}, pack(DType::UINT32, P32));
  K.out("y", DType::FP32, {8, 16}).out("yb", DType::BF16, {8, 16});
  K.op("dve.select y, p8, t, f").op("dve.select yb, p32, t, f");
  if (!K.run())
    return;
  std::vector<float> W;
  std::vector<uint64_t> WB;
  for (int I = 0; I < 128; ++I) {
    W.push_back(P8[I] ? T[I] : F[I]);
    WB.push_back(refStore(DType::BF16, P32[I] ? T[I] : F[I]));
  }
  expectF32(K.outF("y"), W, "select uint8");
  expectBits(DType::BF16, K.outBits("yb", DType::BF16), WB, "select uint32 -> bf16");
}

TEST_CASE("memset: the value converted to every dtype, on DVE and POOL, SBUF and PSUM") {
  const float Values[] = {2.5f,
                          3.5f,
                          -1.0f,
                          300.0f,
                          std::numeric_limits<float>::quiet_NaN(),
                          -std::numeric_limits<float>::infinity(),
                          1e-40f,
                          65520.0f,
                          -0.0f,
                          70000.0f,
                          1e10f,
                          -3e9f};
  const size_t NV = std::size(Values);
  Kernel K("trn3");
  for (const DTypeInfo &D : DTypes)
    for (const char *Eng : {"dve", "pool"}) {
      std::string N = fmt::format("m_{}_{}", Eng, D.Name);
      K.out(N, D.T, {4, int(NV)});
      for (size_t I = 0; I < NV; ++I)
        K.op(fmt::format("{}.memset {}[:, {}:{}], {}", Eng, N, I, I + 1, fimm(Values[I])));
    }
  K.decl(".psum pm : fp32[4, 8]").out("pm_out", DType::FP32, {4, 8});
  K.op("dve.memset pm, -7.25").op("dve.tensor_copy pm_out, pm");
  if (!K.run())
    return;
  for (const DTypeInfo &D : DTypes)
    for (const char *Eng : {"dve", "pool"}) {
      std::vector<uint64_t> Want;
      for (int P = 0; P < 4; ++P)
        for (float V : Values)
          Want.push_back(refStore(D.T, V));
      expectBits(D.T, K.outBits(fmt::format("m_{}_{}", Eng, D.Name), D.T), Want,
                 fmt::format("{}.memset {}", Eng, D.Name));
    }
  expectF32(K.outF("pm_out"), std::vector<float>(32, -7.25f), "memset in PSUM");
  // Spot checks worked by hand: ties to even, saturation, NaN -> 0.
  auto I32 = as<int32_t>(K.out("m_dve_int32"));
  CHECK(I32[0] == 2);
  CHECK(I32[1] == 4);
  CHECK(I32[4] == 0);
  CHECK(I32[5] == INT32_MIN);
  auto U8 = as<uint8_t>(K.out("m_pool_uint8"));
  CHECK(U8[2] == 0);
  CHECK(U8[3] == 255);
  auto H = as<uint16_t>(K.out("m_dve_fp16"));
  CHECK(H[7] == 0x7C00); // 65520 is the tie above fp16's largest: infinity
  CHECK(H[9] == 0x7C00);
}

TEST_CASE("reciprocal: correctly rounded 1/x, converted to dst") {
  Rng R;
  std::vector<float> X = specials();
  while (X.size() < 64)
    X.push_back(std::ldexp(R.uniform(1, 2), int(R.bits() % 80) - 40) * (R.bits() & 1 ? 1 : -1));
  X.push_back(FLT_MAX), X.push_back(FLT_MIN), X.push_back(0x1p-127f), X.push_back(0x1p127f);
  while (X.size() < 80)
    X.push_back(R.uniform(-3, 3));
  Kernel K;
  K.in("x", DType::FP32, {4, 20}, raw(X))
      .out("y", DType::FP32, {4, 20})
      .out("yh", DType::FP16, {4, 20});
  K.decl(".psum py : fp32[4, 20]").out("py_out", DType::FP32, {4, 20});
  K.op("dve.reciprocal y, x").op("dve.reciprocal yh, x");
  K.op("dve.reciprocal py, x").op("dve.tensor_copy py_out, py");
  if (!K.run())
    return;
  std::vector<float> W;
  std::vector<uint64_t> WH;
  for (float V : X) {
    float Rc = static_cast<float>(1.0 / double(V)); // double then float: correctly rounded
    if (std::isnan(V))
      Rc = V;
    W.push_back(Rc);
    WH.push_back(refStore(DType::FP16, Rc));
  }
  expectF32(K.outF("y"), W, "reciprocal fp32");
  expectF32(K.outF("py_out"), W, "reciprocal into PSUM");
  expectBits(DType::FP16, K.outBits("yh", DType::FP16), WH, "reciprocal -> fp16");
}

//===-- tensor_reduce, tensor_tensor_scan, bn_stats, bn_aggr -------------------===//

// Element offsets of an access pattern's free dimensions, in order.
std::vector<int> apOffsets(const std::vector<std::pair<int, int>> &Dims) {
  std::vector<int> Off = {0};
  for (auto [Stride, Count] : Dims) {
    std::vector<int> Next;
    for (int O : Off)
      for (int I = 0; I < Count; ++I)
        Next.push_back(O + I * Stride);
    Off = std::move(Next);
  }
  return Off;
}

// The fold tensor_reduce documents: in access-pattern order, starting from
// the first element; a single element is the op's result on it alone.
float refFold(const std::string &Op, const float *V, size_t N) {
  float Acc = V[0];
  if (Op == "abs_max" || Op == "abs_min")
    Acc = std::fabs(Acc);
  if (Op.rfind("logical_", 0) == 0)
    Acc = Acc != 0 ? 1.0f : 0.0f;
  for (size_t K = 1; K < N; ++K)
    Acc = refAlu(Op, Acc, V[K]);
  return Acc;
}

TEST_CASE("tensor_reduce: axes 1 to 4, every reducible op, negate, order") {
  Rng R;
  const int P = 4;
  std::vector<float> X(P * 120);
  for (float &V : X)
    V = R.uniform(-2, 2);
  X[7] = std::numeric_limits<float>::quiet_NaN(); // partition 0, reaches max/min
  X[130] = 0.0f, X[131] = -0.0f;                  // partition 1: logical ops see zeros
  for (int I = 240; I < 360; ++I)
    X[I] = float(int(I % 5) - 1); // partition 2: small integers
  // Four free dimensions, permuted (not contiguous): offsets 1*a + 60*b + 5*c + 20*d.
  const std::vector<std::pair<int, int>> Dims = {{1, 5}, {60, 2}, {5, 4}, {20, 3}};
  const std::string Src = "ap(sbuf fp32, 0:4, addr(x), [1, 5], [60, 2], [5, 4], [20, 3])";
  std::vector<int> Off = apOffsets(Dims);
  const char *Ops[] = {"add",     "multiply",    "maximum",    "minimum",    "abs_max",
                       "abs_min", "logical_and", "logical_or", "logical_xor"};
  const int Counts[] = {5, 2, 4, 3};
  Kernel K;
  K.in("x", DType::FP32, {P, 120}, raw(X));
  for (const char *Op : Ops)
    for (int Axes = 1; Axes <= 4; ++Axes) {
      int Outer = 1;
      for (int D = 0; D < 4 - Axes; ++D)
        Outer *= Counts[D];
      std::string N = fmt::format("r_{}_{}", Op, Axes);
      K.out(N, DType::FP32, {P, Outer});
      K.op(fmt::format("dve.tensor_reduce {}, {}, {}, axes={}{}", N, Src, Op, Axes,
                       Axes == 2 ? ", negate=true" : ""));
    }
  // One element per reduction (innermost count 1): abs_max and logical_or
  // still apply their op.
  K.out("one_abs", DType::FP32, {P, 8}).out("one_log", DType::FP32, {P, 8});
  K.op("dve.tensor_reduce one_abs, ap(sbuf fp32, 0:4, addr(x), [1, 8], [1, 1]), abs_max");
  K.op(
      "dve.tensor_reduce one_log, ap(sbuf fp32, 0:4, addr(x) + 4 * 8, [1, 8], [1, 1]), logical_or");
  // bf16 result, PSUM source.
  K.decl(".psum px : fp32[4, 120]").op("dve.tensor_copy px, x");
  K.out("rb", DType::BF16, {P, 1}).op("dve.tensor_reduce rb, px, add");
  if (!K.run())
    return;
  for (const char *Op : Ops)
    for (int Axes = 1; Axes <= 4; ++Axes) {
      int Inner = 1;
      for (int D = 4 - Axes; D < 4; ++D)
        Inner *= Counts[D];
      std::vector<float> Want;
      for (int Part = 0; Part < P; ++Part)
        for (size_t O = 0; O < Off.size(); O += Inner) {
          std::vector<float> Elems;
          for (int I = 0; I < Inner; ++I)
            Elems.push_back(X[Part * 120 + Off[O + I]]);
          float V = refFold(Op, Elems.data(), Elems.size());
          Want.push_back(Axes == 2 ? -V : V);
        }
      expectF32(K.outF(fmt::format("r_{}_{}", Op, Axes)), Want,
                fmt::format("tensor_reduce {} axes={}", Op, Axes));
    }
  std::vector<float> WA, WL, WB;
  for (int Part = 0; Part < P; ++Part)
    for (int I = 0; I < 8; ++I) {
      WA.push_back(std::fabs(X[Part * 120 + I]));
      WL.push_back(X[Part * 120 + 8 + I] != 0 ? 1.0f : 0.0f);
    }
  expectF32(K.outF("one_abs"), WA, "abs_max of one element");
  for (int Part = 0; Part < P; ++Part) {
    float S = X[Part * 120];
    for (int I = 1; I < 120; ++I)
      S += X[Part * 120 + I];
    WB.push_back(refLoad(DType::BF16, refStore(DType::BF16, S)));
  }
  std::vector<float> GotB;
  for (uint64_t B : K.outBits("rb", DType::BF16))
    GotB.push_back(refLoad(DType::BF16, B));
  expectF32(GotB, WB, "add over PSUM into bf16");
  expectF32(K.outF("one_log"), WL, "logical_or of one element");
}

TEST_CASE("tensor_reduce: bitvec ops on raw integers; faults") {
  std::vector<int32_t> X = {0x12345671, 0x0F0F0F0F, -1,         0x7FFFFFFF,
                            0x10000001, 0x00000100, 0x40000000, 0x01000001};
  Kernel K;
  K.in("x", DType::INT32, {2, 4}, raw(X));
  K.out("a", DType::INT32, {2, 1}).out("o", DType::INT32, {2, 1}).out("e", DType::INT32, {2, 1});
  K.out("n", DType::INT32, {2, 1}).out("f", DType::FP32, {2, 1});
  K.op("dve.tensor_reduce a, x, bitwise_and").op("dve.tensor_reduce o, x, bitwise_or");
  K.op("dve.tensor_reduce e, x, bitwise_xor").op("dve.tensor_reduce n, x, bitwise_or, negate=true");
  K.op("dve.tensor_reduce f, x, bitwise_xor");
  if (K.run()) {
    std::vector<int32_t> A, O, E, N;
    std::vector<float> F;
    for (int P = 0; P < 2; ++P) {
      int32_t VA = X[P * 4], VO = X[P * 4], VE = X[P * 4];
      for (int I = 1; I < 4; ++I)
        VA &= X[P * 4 + I], VO |= X[P * 4 + I], VE ^= X[P * 4 + I];
      A.push_back(VA), O.push_back(VO), E.push_back(VE);
      N.push_back(static_cast<int32_t>(-static_cast<uint32_t>(VO)));
      F.push_back(static_cast<float>(VE));
    }
    CHECK(as<int32_t>(K.out("a")) == A);
    CHECK(as<int32_t>(K.out("o")) == O);
    CHECK(as<int32_t>(K.out("e")) == E);
    CHECK(as<int32_t>(K.out("n")) == N);
    expectF32(K.outF("f"), F, "int32 xor-reduce into fp32");
  }
  auto Refused = [](const std::string &Ins, const std::string &Want) {
    Kernel K;
    K.in("x", DType::FP32, {4, 8}, raw(std::vector<float>(32, 1.0f))).decl(".sbuf y : fp32[4, 8]");
    K.op(Ins);
    CAPTURE(Ins);
    K.refused(Want);
  };
  Refused("dve.tensor_reduce y[:, 0:1], x, subtract", "cannot reduce with 'subtract'");
  Refused("dve.tensor_reduce y[:, 0:1], x, divide", "cannot reduce with 'divide'");
  Refused("dve.tensor_reduce y[:, 0:1], x, add, axes=2", "axes=2 but 'src' has 1 free dimension");
  Refused("dve.tensor_reduce y[:, 0:2], x, add",
          "operand 'dst' of 'tensor_reduce' is [4 x 2] but must be [4 x 1]");
}

TEST_CASE("tensor_tensor_scan: r[i] = (src0[i] op0 r[i-1]) op1 src1[i]") {
  Rng R;
  std::vector<float> A(8 * 32), B(8 * 32), Init(8);
  for (float &V : A)
    V = R.uniform(0.5, 1.0);
  for (float &V : B)
    V = R.uniform(-1, 1);
  for (float &V : Init)
    V = R.uniform(-4, 4);
  B[40] = std::numeric_limits<float>::infinity();
  struct Combo {
    const char *Op0, *Op1;
    bool InitTensor;
    float InitImm;
  };
  const Combo Combos[] = {{"multiply", "add", false, 0.5f},
                          {"multiply", "add", true, 0},
                          {"add", "maximum", false, -1.0f},
                          {"subtract", "multiply", true, 0},
                          {"maximum", "subtract", false, 0.0f}};
  Kernel K;
  K.in("a", DType::FP32, {8, 32}, raw(A)).in("b", DType::FP32, {8, 32}, raw(B));
  K.in("i", DType::FP32, {8, 1}, raw(Init));
  K.decl(".psum pa : fp32[8, 32]").op("dve.tensor_copy pa, a");
  for (size_t N = 0; N < std::size(Combos); ++N) {
    const Combo &C = Combos[N];
    std::string Ini = C.InitTensor ? "i" : fimm(C.InitImm);
    K.out(fmt::format("y{}", N), DType::FP32, {8, 32})
        .out(fmt::format("z{}", N), DType::BF16, {8, 32});
    K.op(fmt::format("dve.tensor_tensor_scan y{}, a, b, {}, {}, initial={}", N, C.Op0, C.Op1, Ini));
    K.op(
        fmt::format("dve.tensor_tensor_scan z{}, pa, b, {}, {}, initial={}", N, C.Op0, C.Op1, Ini));
  }
  // The default initial value is 0.
  K.out("d", DType::FP32, {8, 32}).op("dve.tensor_tensor_scan d, a, b, add, add");
  if (!K.run())
    return;
  for (size_t N = 0; N <= std::size(Combos); ++N) {
    const Combo C = N < std::size(Combos) ? Combos[N] : Combo{"add", "add", false, 0.0f};
    std::vector<float> Want;
    std::vector<uint64_t> WantB;
    for (int P = 0; P < 8; ++P) {
      float Rv = C.InitTensor ? Init[P] : C.InitImm;
      for (int I = 0; I < 32; ++I) {
        Rv = refAlu(C.Op1, refAlu(C.Op0, A[P * 32 + I], Rv), B[P * 32 + I]);
        Want.push_back(Rv);
        WantB.push_back(refStore(DType::BF16, Rv)); // the scan itself stays fp32
      }
    }
    std::string What = fmt::format("tensor_tensor_scan {} {}", C.Op0, C.Op1);
    if (N == std::size(Combos)) {
      expectF32(K.outF("d"), Want, What + " initial=default");
      continue;
    }
    expectF32(K.outF(fmt::format("y{}", N)), Want, What);
    expectBits(DType::BF16, K.outBits(fmt::format("z{}", N), DType::BF16), WantB,
               What + " -> bf16");
  }
}

// bn_stats' documented groups: (count, mean, M2) for even then odd indices,
// mean = (fp32 sum in order) / count, M2 = fp32 sum in order of (x - mean)^2.
std::vector<float> refBnStats(const float *X, int F) {
  std::vector<float> Out;
  for (int G = 0; G < 2; ++G) {
    float Count = 0, Sum = 0;
    for (int I = G; I < F; I += 2)
      Sum += X[I], Count += 1;
    float Mean = Count > 0 ? Sum / Count : 0.0f, M2 = 0;
    for (int I = G; I < F; I += 2) {
      float D = X[I] - Mean;
      M2 += D * D;
    }
    Out.insert(Out.end(), {Count, Mean, M2});
  }
  return Out;
}

TEST_CASE("bn_stats and bn_aggr: odd F, merged triples, mean and variance") {
  Rng R;
  // Hand-worked: [1, 2, 3, 4, 10, 6, 6] -> even {1, 3, 10, 6}: count 4,
  // mean 5, M2 = 16 + 4 + 25 + 1 = 46; odd {2, 4, 6}: count 3, mean 4, M2 8.
  std::vector<float> X(4 * 7);
  for (float &V : X)
    V = R.uniform(-3, 3);
  X[0] = 1, X[1] = 2, X[2] = 3, X[3] = 4, X[4] = 10, X[5] = 6, X[6] = 6;
  std::vector<float> One = {5.0f, -2.0f, 7.0f, 0.25f}; // F = 1
  Kernel K;
  K.in("x", DType::FP32, {4, 7}, raw(X)).out("st", DType::FP32, {4, 6});
  K.in("o", DType::FP32, {4, 1}, raw(One)).out("st1", DType::FP32, {4, 6});
  K.op("dve.bn_stats st, x").op("dve.bn_stats st1, o");
  // bn_aggr of bn_stats of two halves of a 512-element row, and of the
  // 7-element row's stats.
  std::vector<float> Big(4 * 512);
  for (float &V : Big)
    V = R.uniform(0, 8);
  K.in("big", DType::FP32, {4, 512}, raw(Big)).decl(".sbuf st2 : fp32[4, 12]");
  K.op("dve.bn_stats st2[:, 0:6], big[:, 0:256]").op("dve.bn_stats st2[:, 6:12], big[:, 256:512]");
  K.out("ag2", DType::FP32, {4, 2}).op("dve.bn_aggr ag2, st2");
  K.out("ag", DType::FP32, {4, 2}).op("dve.bn_aggr ag, st");
  // Triples chosen so that every step of the merge is exact: any order of
  // fp32 operations gives these bits. (count, mean, M2) per group; a group
  // with count 0 adds nothing.
  std::vector<float> Tri = {2, 1, 2, 2, 3, 2, 0, 100, 100, 4, 2, 8,
                            1, 5, 0, 1, 5, 0, 2, 5,   0,   4, 5, 0};
  K.in("tri", DType::FP32, {2, 12}, raw(Tri)).out("agt", DType::FP32, {2, 2});
  K.op("dve.bn_aggr agt, tri");
  if (!K.run())
    return;
  std::vector<float> WS, WS1;
  for (int P = 0; P < 4; ++P) {
    auto S = refBnStats(&X[P * 7], 7);
    WS.insert(WS.end(), S.begin(), S.end());
    auto S1 = refBnStats(&One[P], 1);
    WS1.insert(WS1.end(), S1.begin(), S1.end());
  }
  expectF32(K.outF("st"), WS, "bn_stats F=7");
  expectF32(K.outF("st1"), WS1, "bn_stats F=1 (the odd group is empty)");
  auto St = K.outF("st");
  CHECK(std::vector<float>(St.begin(), St.begin() + 6) ==
        std::vector<float>{4.0f, 5.0f, 46.0f, 3.0f, 4.0f, 8.0f});
  // Merged exactly: {1,1,...} groups -> partition 0: n=8, mean 2, M2 =
  // 2 + 2 + 1*1*(2*2/4) + 8 + ((2-2)^2...) = 16 -> var 2; partition 1:
  // n=8, mean 5, var 0.
  CHECK(K.outF("agt") == std::vector<float>{2.0f, 2.0f, 5.0f, 0.0f});
  // Against the two-pass mean and population variance, within rounding.
  auto Check = [](const std::vector<float> &Got, const float *Row, int F, const std::string &What) {
    double Mean = 0, Var = 0;
    for (int I = 0; I < F; ++I)
      Mean += Row[I];
    Mean /= F;
    for (int I = 0; I < F; ++I)
      Var += (Row[I] - Mean) * (Row[I] - Mean);
    Var /= F;
    CHECK_MESSAGE(std::fabs(Got[0] - Mean) <= 1e-5 * std::max(1.0, std::fabs(Mean)), What);
    CHECK_MESSAGE(std::fabs(Got[1] - Var) <= 1e-5 * std::max(1.0, Var), What);
  };
  auto Ag = K.outF("ag"), Ag2 = K.outF("ag2");
  for (int P = 0; P < 4; ++P) {
    Check({Ag[2 * P], Ag[2 * P + 1]}, &X[P * 7], 7, fmt::format("bn_aggr F=7 row {}", P));
    Check({Ag2[2 * P], Ag2[2 * P + 1]}, &Big[P * 512], 512, fmt::format("bn_aggr F=512 row {}", P));
  }
}

//===-- max8, find_index8, range_select ---------------------------------------===//

TEST_CASE("max8: the 8 largest, descending, duplicates kept, NaN first") {
  const float NaN = std::numeric_limits<float>::quiet_NaN(),
              Inf = std::numeric_limits<float>::infinity();
  std::vector<std::vector<float>> Rows = {
      {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4},
      {-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16, -17, -18, -19, -20},
      {0, NaN, 1, -Inf, 2, Inf, 2, 2, 2, -1, NaN, 5, 0, 0, 0, 0, 0, 0, 0, 0},
      {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6.5f}};
  std::vector<float> X;
  for (auto &R : Rows)
    X.insert(X.end(), R.begin(), R.end());
  Kernel K;
  K.in("x", DType::FP32, {4, 20}, raw(X)).out("m", DType::FP32, {4, 8});
  K.out("m8", DType::FP32, {4, 8}).op("dve.max8 m, x").op("dve.max8 m8, x[:, 12:20]");
  K.out("mb", DType::BF16, {4, 8}).op("dve.max8 mb, x");
  if (!K.run())
    return;
  std::vector<float> W, W8;
  std::vector<uint64_t> WB;
  // NaN first, then descending; equal values (+0 and -0) in input order.
  auto Top8 = [&](const std::vector<float> &R) {
    auto Before = [](float A, float B) {
      if (std::isnan(A))
        return !std::isnan(B);
      if (std::isnan(B))
        return false;
      return A > B;
    };
    std::vector<size_t> Order(R.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return Before(R[A], R[B]) || (!Before(R[B], R[A]) && A < B);
    });
    std::vector<float> Top;
    for (size_t I = 0; I < 8; ++I)
      Top.push_back(R[Order[I]]);
    return Top;
  };
  for (auto &Row : Rows) {
    auto T = Top8(Row);
    W.insert(W.end(), T.begin(), T.end());
    for (float V : T)
      WB.push_back(refStore(DType::BF16, V));
    auto T8 = Top8(std::vector<float>(Row.begin() + 12, Row.end()));
    W8.insert(W8.end(), T8.begin(), T8.end());
  }
  expectF32(K.outF("m"), W, "max8 of 20");
  expectF32(K.outF("m8"), W8, "max8 of exactly 8");
  expectBits(DType::BF16, K.outBits("mb", DType::BF16), WB, "max8 into bf16");
  CHECK(K.outF("m")[0] == 9.0f);
  CHECK(K.outF("m")[3] == 8.0f);
}

TEST_CASE("find_index8: first index of each value, 0xFFFFFFFF when missing") {
  std::vector<float> X = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, -0.0f};
  std::vector<float> X2(16);
  for (int I = 0; I < 16; ++I)
    X2[I] = float(I) * 0.5f;
  std::vector<float> Src = X;
  Src.insert(Src.end(), X2.begin(), X2.end());
  std::vector<float> Vals = {9,    5,  1,    42, 0.0f,  std::numeric_limits<float>::quiet_NaN(),
                             7,    3,  7.5f, 0,  0.25f, 3.5f,
                             7.5f, -1, 1,    100};
  Kernel K;
  K.in("x", DType::FP32, {2, 16}, raw(Src)).in("v", DType::FP32, {2, 8}, raw(Vals));
  K.out("i", DType::UINT32, {2, 8}).op("dve.find_index8 i, x, v");
  if (!K.run())
    return;
  const uint32_t None = 0xFFFFFFFFu;
  // +0 finds -0 (they compare equal); NaN equals nothing.
  CHECK(as<uint32_t>(K.out("i")) ==
        std::vector<uint32_t>{5, 4, 1, None, 15, None, 13, 0, 15, 0, None, 7, 15, None, 2, None});
}

TEST_CASE("range_select: keep where (i + start) satisfies both bounds; reduce") {
  Rng R;
  std::vector<float> X(4 * 16), Lo = {0, 3, 5.5f, 20};
  for (float &V : X)
    V = R.uniform(-10, 10);
  X[20] = std::numeric_limits<float>::quiet_NaN(); // partition 1, index 4: kept
  Kernel K("trn2");
  K.in("x", DType::FP32, {4, 16}, raw(X)).in("lo", DType::FP32, {4, 1}, raw(Lo));
  K.out("y", DType::FP32, {4, 16}).out("mx", DType::FP32, {4, 1});
  K.op("dve.range_select y, x, greater_equal, lo, less, 12.0, start=2, reduce=mx");
  K.out("e", DType::FP32, {4, 16}).op("dve.range_select e, x, not_equal, 5.0, less_equal, lo");
  K.out("b", DType::BF16, {4, 16}).op("dve.range_select b, x, equal, 3.0, greater, -1.0");
  if (!K.run())
    return;
  auto Sel = [&](const char *C0, float B0, const char *C1, float B1, int Start, int P, int I) {
    float Idx = float(I + Start);
    return refAlu(C0, Idx, B0) != 0 && refAlu(C1, Idx, B1) != 0 ? X[P * 16 + I] : -FLT_MAX;
  };
  std::vector<float> WY, WM, WE;
  std::vector<uint64_t> WB;
  for (int P = 0; P < 4; ++P) {
    float M = -FLT_MAX;
    for (int I = 0; I < 16; ++I) {
      float V = Sel("greater_equal", Lo[P], "less", 12.0f, 2, P, I);
      WY.push_back(V);
      M = refAlu("maximum", M, V);
      WE.push_back(Sel("not_equal", 5.0f, "less_equal", Lo[P], 0, P, I));
      WB.push_back(refStore(DType::BF16, Sel("equal", 3.0f, "greater", -1.0f, 0, P, I)));
    }
    WM.push_back(M);
  }
  expectF32(K.outF("y"), WY, "range_select [lo, 12) from start 2");
  expectF32(K.outF("mx"), WM, "range_select reduce");
  expectF32(K.outF("e"), WE, "range_select != 5 and <= lo");
  expectBits(DType::BF16, K.outBits("b", DType::BF16), WB, "range_select into bf16");
  CHECK(std::isnan(K.outF("mx")[1]));
  CHECK(K.outF("mx")[3] == -FLT_MAX); // nothing kept: the fill
  // A non-comparison op is an error.
  Kernel F("trn2");
  F.in("x", DType::FP32, {4, 16}, raw(X)).decl(".sbuf y : fp32[4, 16]");
  F.op("dve.range_select y, x, add, 0.0, less, 8.0");
  F.refused("operand 'cmp0' of 'range_select' must be a comparison");
}

//===-- GpSimd: partition_reduce, partition_broadcast, iota, affine_select ----===//

TEST_CASE("partition_reduce: across partitions, in partition order") {
  Rng R;
  std::vector<float> X(128 * 8);
  for (float &V : X)
    V = R.uniform(-1, 1) * std::ldexp(1.0f, int(R.bits() % 20) - 10);
  X[5 * 8 + 3] = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> One = {-3, 2, -0.5f, 0, 7, -7, 1e-40f, -1e30f};
  std::vector<int32_t> I(16 * 4);
  for (size_t K2 = 0; K2 < I.size(); ++K2)
    I[K2] = int32_t(R.bits());
  Kernel K;
  K.in("x", DType::FP32, {128, 8}, raw(X)).in("one", DType::FP32, {1, 8}, raw(One), "partition 96");
  K.in("ix", DType::INT32, {16, 4}, raw(I));
  const char *Ops[] = {"add",     "multiply",    "maximum",    "minimum",    "abs_max",
                       "abs_min", "logical_and", "logical_or", "logical_xor"};
  for (const char *Op : Ops) {
    K.out(fmt::format("r_{}", Op), DType::FP32, {1, 8}, "partition 32");
    K.op(fmt::format("pool.partition_reduce r_{0}, x, {0}", Op));
    K.out(fmt::format("o_{}", Op), DType::FP32, {1, 8});
    K.op(fmt::format("pool.partition_reduce o_{0}, one, {0}", Op));
  }
  K.out("rb", DType::BF16, {1, 8}).op("pool.partition_reduce rb, x[64:128], add");
  for (const char *Op : {"bitwise_and", "bitwise_or", "bitwise_xor"})
    K.out(fmt::format("i_{}", Op), DType::INT32, {1, 4})
        .op(fmt::format("pool.partition_reduce i_{0}, ix, {0}", Op));
  if (!K.run())
    return;
  for (const char *Op : Ops) {
    std::vector<float> W, WO;
    for (int F = 0; F < 8; ++F) {
      std::vector<float> Col;
      for (int P = 0; P < 128; ++P)
        Col.push_back(X[P * 8 + F]);
      W.push_back(refFold(Op, Col.data(), Col.size()));
      WO.push_back(refFold(Op, &One[F], 1));
    }
    expectF32(K.outF(fmt::format("r_{}", Op)), W, fmt::format("partition_reduce {}", Op));
    expectF32(K.outF(fmt::format("o_{}", Op)), WO,
              fmt::format("partition_reduce {} of one partition", Op));
  }
  std::vector<uint64_t> WB;
  for (int F = 0; F < 8; ++F) {
    float S = X[64 * 8 + F];
    for (int P = 65; P < 128; ++P)
      S += X[P * 8 + F];
    WB.push_back(refStore(DType::BF16, S));
  }
  expectBits(DType::BF16, K.outBits("rb", DType::BF16), WB,
             "partition_reduce 64 partitions -> bf16");
  for (const char *Op : {"bitwise_and", "bitwise_or", "bitwise_xor"}) {
    std::vector<int32_t> W;
    for (int F = 0; F < 4; ++F) {
      int64_t Acc = I[F];
      for (int P = 1; P < 16; ++P)
        Acc = refBitvec(Op, Acc, I[P * 4 + F]);
      W.push_back(static_cast<int32_t>(Acc));
    }
    CHECK_MESSAGE(as<int32_t>(K.out(fmt::format("i_{}", Op))) == W, Op);
  }
}

TEST_CASE("partition_broadcast: one partition to many, converting like tensor_copy") {
  std::vector<float> S = {1.0f,
                          -2.5f,
                          1.00390625f /* rounds in bf16 */,
                          3e38f,
                          std::numeric_limits<float>::quiet_NaN(),
                          -0.0f,
                          1e-40f,
                          65504.0f};
  std::vector<int32_t> SI = {16777217, -16777219, 0x7FFFFFFF, INT32_MIN};
  std::vector<uint16_t> SH = {0x7F81, 0x3F81, 0x8001, 0xFF80};
  Kernel K;
  K.in("s", DType::FP32, {1, 8}, raw(S), "partition 96");
  K.out("d", DType::FP32, {32, 8}, "partition 64").out("db", DType::BF16, {128, 8});
  K.op("pool.partition_broadcast d, s").op("pool.partition_broadcast db, s");
  K.in("si", DType::INT32, {1, 4}, raw(SI)).out("di", DType::INT32, {16, 4});
  K.op("pool.partition_broadcast di, si");
  K.in("sh", DType::BF16, {1, 4}, raw(SH)).out("dh", DType::BF16, {4, 4});
  K.op("pool.partition_broadcast dh, sh");
  if (!K.run())
    return;
  std::vector<float> W;
  std::vector<uint64_t> WB;
  std::vector<int32_t> WI;
  std::vector<uint16_t> WH;
  for (int P = 0; P < 128; ++P) {
    if (P < 32)
      W.insert(W.end(), S.begin(), S.end());
    for (float V : S)
      WB.push_back(refStore(DType::BF16, V));
    if (P < 16)
      WI.insert(WI.end(), SI.begin(), SI.end());
    if (P < 4)
      WH.insert(WH.end(), SH.begin(), SH.end());
  }
  expectF32(K.outF("d"), W, "fp32 from partition 96 to 64..95");
  expectBits(DType::BF16, K.outBits("db", DType::BF16), WB, "fp32 -> bf16 to 128 partitions");
  CHECK_MESSAGE(as<int32_t>(K.out("di")) == WI, "same dtype is bit-exact (int32 above 2^24)");
  CHECK_MESSAGE(as<uint16_t>(K.out("dh")) == WH, "same dtype is bit-exact (bf16 NaN payload)");
}

TEST_CASE("iota: base + partition_mult * p + steps . index, int32, fp32, bf16") {
  Kernel K;
  // 1-D: 5 + 100 p + 3 i.
  K.out("a", DType::INT32, {8, 12}).op("pool.iota a, 5, [3], partition_mult=100");
  // 2-D [4, 3] with a negative step; 3-D; 4-D over a strided destination.
  K.out("b", DType::INT32, {8, 12})
      .op("pool.iota ap(sbuf int32, 0:8, addr(b), [3, 4], [1, 3]), -7, [10, -1], "
          "partition_mult=-2");
  K.out("c", DType::FP32, {8, 24})
      .op("pool.iota ap(sbuf fp32, 0:8, addr(c), [12, 2], [4, 3], [1, 4]), 0, [1000, 100, 1], "
          "partition_mult=1");
  K.inout("d", DType::INT32, {4, 64}, raw(std::vector<int32_t>(256, -1)));
  K.op("pool.iota ap(sbuf int32, 0:4, addr(d), [32, 2], [8, 3], [2, 2], [1, 2]), 1, [1000, 100, "
       "10, 1], partition_mult=10000");
  // bf16 rounds: 257 -> 256, 259 -> 260; fp32 above 2^24 rounds to even.
  K.out("e", DType::BF16, {2, 8}).op("pool.iota e, 255, [1], partition_mult=256");
  K.out("f", DType::FP32, {1, 4}).op("pool.iota f, 16777215, [1]");
  // Partial partitions: p counts from the access pattern's first partition.
  K.out("g", DType::INT32, {32, 2}, "partition 64").op("pool.iota g, 0, [1], partition_mult=2");
  // int32 arithmetic wraps.
  K.out("h", DType::INT32, {2, 2}).op("pool.iota h, 2147483647, [1], partition_mult=-2147483648");
  if (!K.run())
    return;
  std::vector<int32_t> WA, WB, WD(256, -1), WG, WH;
  std::vector<float> WC, WF;
  std::vector<uint64_t> WE;
  for (int P = 0; P < 8; ++P) {
    for (int I = 0; I < 12; ++I)
      WA.push_back(5 + 100 * P + 3 * I);
    for (int I = 0; I < 4; ++I)
      for (int J = 0; J < 3; ++J)
        WB.push_back(-7 - 2 * P + 10 * I - J);
    for (int I = 0; I < 2; ++I)
      for (int J = 0; J < 3; ++J)
        for (int L = 0; L < 4; ++L)
          WC.push_back(float(P + 1000 * I + 100 * J + L));
  }
  for (int P = 0; P < 4; ++P)
    for (int I = 0; I < 2; ++I)
      for (int J = 0; J < 3; ++J)
        for (int L = 0; L < 2; ++L)
          for (int M = 0; M < 2; ++M)
            WD[P * 64 + 32 * I + 8 * J + 2 * L + M] =
                1 + 10000 * P + 1000 * I + 100 * J + 10 * L + M;
  for (int P = 0; P < 2; ++P)
    for (int I = 0; I < 8; ++I)
      WE.push_back(refStore(DType::BF16, float(255 + 256 * P + I)));
  for (int I = 0; I < 4; ++I)
    WF.push_back(static_cast<float>(16777215 + I));
  for (int P = 0; P < 32; ++P)
    for (int I = 0; I < 2; ++I)
      WG.push_back(2 * P + I);
  for (int P = 0; P < 2; ++P)
    for (int I = 0; I < 2; ++I)
      WH.push_back(static_cast<int32_t>(2147483647u + uint32_t(P) * 0x80000000u + uint32_t(I)));
  CHECK(as<int32_t>(K.out("a")) == WA);
  CHECK(as<int32_t>(K.out("b")) == WB);
  expectF32(K.outF("c"), WC, "iota 3-D into fp32");
  CHECK(as<int32_t>(K.out("d")) == WD);
  expectBits(DType::BF16, K.outBits("e", DType::BF16), WE, "iota into bf16");
  CHECK(refLoad(DType::BF16, K.outBits("e", DType::BF16)[2]) == 256.0f);
  CHECK(refLoad(DType::BF16, K.outBits("e", DType::BF16)[4]) == 260.0f);
  expectF32(K.outF("f"), WF, "iota into fp32 above 2^24");
  CHECK(as<int32_t>(K.out("g")) == WG);
  CHECK(as<int32_t>(K.out("h")) == WH);
}

TEST_CASE("affine_select: the causal mask and other conditions") {
  Rng R;
  std::vector<float> X(128 * 128);
  for (float &V : X)
    V = R.uniform(-1, 1);
  Kernel K;
  K.in("x", DType::FP32, {128, 128}, raw(X)).out("y", DType::FP32, {128, 128});
  // Keep column <= row: p - i >= 0.
  K.op("pool.affine_select y, x, greater_equal, 0, [-1], -inf, partition_mult=1");
  // 2-D pattern into bf16: keep where -5 + 3 p - 4 a + b < 0, fill -1e9.
  // The affine value follows dst's access pattern.
  K.out("z", DType::BF16, {16, 32})
      .op("pool.affine_select ap(sbuf bf16, 0:16, addr(z), [8, 4], [1, 8]), ap(sbuf fp32, 0:16, "
          "addr(x), [8, 4], [1, 8]), less, -5, [-4, 1], -1e9, partition_mult=3");
  K.out("w", DType::FP32, {32, 8}, "partition 32")
      .in("xs", DType::FP32, {32, 8}, raw(std::vector<float>(X.begin(), X.begin() + 256)),
          "partition 32");
  K.op("pool.affine_select w, xs, equal, -3, [1], 7.5, partition_mult=1");
  if (!K.run())
    return;
  std::vector<float> WY, WW;
  std::vector<uint64_t> WZ;
  const float Inf = std::numeric_limits<float>::infinity();
  for (int P = 0; P < 128; ++P)
    for (int I = 0; I < 128; ++I)
      WY.push_back(I <= P ? X[P * 128 + I] : -Inf);
  for (int P = 0; P < 16; ++P)
    for (int A = 0; A < 4; ++A)
      for (int B = 0; B < 8; ++B)
        WZ.push_back(
            refStore(DType::BF16, -5 + 3 * P - 4 * A + B < 0 ? X[P * 128 + 8 * A + B] : -1e9f));
  for (int P = 0; P < 32; ++P)
    for (int I = 0; I < 8; ++I)
      WW.push_back(-3 + P + I == 0 ? X[P * 8 + I] : 7.5f);
  expectF32(K.outF("y"), WY, "causal mask");
  expectBits(DType::BF16, K.outBits("z", DType::BF16), WZ, "2-D condition into bf16");
  expectF32(K.outF("w"), WW, "equal, 32 partitions at 32");
}

//===-- DVE transpose -----------------------------------------------------------===//

TEST_CASE("transpose (DVE): one tile, 32x32 blocks, bit-exact") {
  Rng R;
  std::vector<uint32_t> A(20 * 28);
  for (uint32_t &V : A)
    V = uint32_t(R.bits());
  std::vector<uint16_t> B(64 * 64), C(32 * 96);
  for (uint16_t &V : B)
    V = uint16_t(R.bits());
  for (uint16_t &V : C)
    V = uint16_t(R.bits());
  B[0] = 0x7F81; // NaN payloads pass
  Kernel K;
  K.in("a", DType::FP32, {20, 28}, raw(A)).out("at", DType::FP32, {28, 20});
  K.op("dve.transpose at, a");
  K.in("b", DType::BF16, {64, 64}, raw(B)).out("bt", DType::BF16, {64, 64});
  K.op("dve.transpose bt, b");
  K.in("c", DType::BF16, {32, 96}, raw(C), "partition 32").out("ct", DType::BF16, {32, 96});
  K.decl(".psum pc : bf16[32, 96]").op("dve.transpose pc, c").op("dve.tensor_copy ct, pc");
  if (!K.run())
    return;
  std::vector<uint32_t> WA(28 * 20);
  for (int I = 0; I < 20; ++I)
    for (int J = 0; J < 28; ++J)
      WA[J * 20 + I] = A[I * 28 + J];
  CHECK(as<uint32_t>(K.out("at")) == WA);
  auto Blocks = [](const std::vector<uint16_t> &In, int P, int F) {
    std::vector<uint16_t> Out(In.size());
    for (int Bk = 0; Bk < P / 32; ++Bk)
      for (int G = 0; G < F / 32; ++G)
        for (int I = 0; I < 32; ++I)
          for (int J = 0; J < 32; ++J)
            Out[(32 * Bk + J) * F + 32 * G + I] = In[(32 * Bk + I) * F + 32 * G + J];
    return Out;
  };
  CHECK(as<uint16_t>(K.out("bt")) == Blocks(B, 64, 64));
  CHECK(as<uint16_t>(K.out("ct")) == Blocks(C, 32, 96));
  auto Refused = [](const std::string &Decl, const std::string &Ins, const std::string &Want) {
    Kernel F;
    F.in("x", DType::FP32, {64, 64}, raw(std::vector<float>(64 * 64, 1.0f))).decl(Decl).op(Ins);
    CAPTURE(Ins);
    F.refused(Want);
  };
  Refused(".sbuf y : fp32[40, 40]", "dve.transpose y, x[0:40, 0:40]",
          "beyond one 32x32 tile both sizes must be multiples of 32");
  Refused(".sbuf y : bf16[20, 20]", "dve.transpose y, x[0:20, 0:20]",
          "operand 'dst' of 'transpose' is bf16 but 'src' is fp32");
}

//===-- activation ---------------------------------------------------------------===//

// The ActFunc table's formulas, in double.
double refAct(const std::string &F, double X) {
  const double Pi = std::numbers::pi;
  auto Sig = [](double V) { return 1.0 / (1.0 + std::exp(-V)); };
  auto Softplus = [](double V) { return std::log1p(std::exp(V)); };
  if (F == "copy")
    return X;
  if (F == "square")
    return X * X;
  if (F == "sigmoid")
    return Sig(X);
  if (F == "relu")
    return std::isnan(X) ? X : std::max(X, 0.0);
  if (F == "gelu")
    return 0.5 * X * (1 + std::erf(X / std::sqrt(2.0)));
  if (F == "gelu_dx")
    return 0.5 * (1 + std::erf(X / std::sqrt(2.0))) + X * std::exp(-X * X / 2) / std::sqrt(2 * Pi);
  if (F == "gelu_apprx_tanh")
    return 0.5 * X * (1 + std::tanh(std::sqrt(2 / Pi) * (X + 0.044715 * X * X * X)));
  if (F == "gelu_apprx_sigmoid")
    return X * Sig(1.702 * X);
  if (F == "gelu_apprx_sigmoid_dx") {
    double S = Sig(1.702 * X);
    return S + 1.702 * X * S * (1 - S);
  }
  if (F == "silu")
    return X * Sig(X);
  if (F == "silu_dx")
    return Sig(X) * (1 + X * (1 - Sig(X)));
  if (F == "tanh")
    return std::tanh(X);
  if (F == "softplus")
    return Softplus(X);
  if (F == "mish")
    return X * std::tanh(Softplus(X));
  if (F == "erf")
    return std::erf(X);
  if (F == "erf_dx")
    return 2 / std::sqrt(Pi) * std::exp(-X * X);
  if (F == "exp")
    return std::exp(X);
  if (F == "sign")
    return std::isnan(X) ? X : (X > 0) - (X < 0);
  if (F == "abs")
    return std::fabs(X);
  if (F == "log")
    return std::log(X);
  if (F == "sin")
    return std::sin(X);
  if (F == "arctan")
    return std::atan(X);
  if (F == "sqrt")
    return std::sqrt(X);
  if (F == "rsqrt")
    return 1 / std::sqrt(X);
  if (F == "reciprocal")
    return 1 / X;
  FAIL("no reference for " << F);
  return 0;
}

const char *const ActFuncs[] = {"copy",
                                "square",
                                "sigmoid",
                                "relu",
                                "gelu",
                                "gelu_dx",
                                "gelu_apprx_tanh",
                                "gelu_apprx_sigmoid",
                                "gelu_apprx_sigmoid_dx",
                                "silu",
                                "silu_dx",
                                "tanh",
                                "softplus",
                                "mish",
                                "erf",
                                "erf_dx",
                                "exp",
                                "sign",
                                "abs",
                                "log",
                                "sin",
                                "arctan",
                                "sqrt",
                                "rsqrt",
                                "reciprocal"};

bool exactAct(const std::string &F) {
  return F == "copy" || F == "square" || F == "relu" || F == "sign" || F == "abs";
}
bool positiveAct(const std::string &F) {
  return F == "log" || F == "sqrt" || F == "rsqrt" || F == "reciprocal";
}

TEST_CASE("activation: every function, scale and bias as immediates and [P, 1], accum") {
  const int P = 4, N = 9;
  const std::vector<float> General = {-4, -1.5f, -0.5f, -0.1f, 0, 0.3f, 1, 2.5f, 6};
  const std::vector<float> Positive = {1e-12f, 0.001f, 0.1f, 0.5f, 1, 2, 10, 1000, 3e10f};
  const std::vector<float> Scale = {1, 0.5f, 0.75f, 2}, Bias = {0, 0.25f, 0.5f, 1};
  const float ImmScale = 1.5f, ImmBias = 0.125f;
  auto Src = [&](const std::string &F) {
    const std::vector<float> &Base = positiveAct(F) ? Positive : General;
    std::vector<float> X;
    for (int Part = 0; Part < P; ++Part)
      for (float V : Base)
        X.push_back(positiveAct(F) ? V * (1 + 0.1f * Part) : V + 0.1f * Part);
    return X;
  };
  Kernel K;
  K.in("s", DType::FP32, {P, 1}, raw(Scale)).in("b", DType::FP32, {P, 1}, raw(Bias));
  for (const char *F : ActFuncs) {
    K.in(fmt::format("x_{}", F), DType::FP32, {P, N}, raw(Src(F)));
    K.out(fmt::format("y_{}", F), DType::FP32, {P, N})
        .out(fmt::format("a_{}", F), DType::FP32, {P, 1});
    K.out(fmt::format("z_{}", F), DType::FP32, {P, N});
    K.op(fmt::format("act.activation y_{0}, x_{0}, {0}, scale=s, bias={1}, accum=a_{0}", F,
                     fimm(ImmBias)));
    K.op(fmt::format("act.activation z_{0}, x_{0}, {0}, scale={1}, bias=b", F, fimm(ImmScale)));
  }
  if (!K.run())
    return;
  for (const char *F : ActFuncs) {
    std::vector<float> X = Src(F);
    for (int Which = 0; Which < 2; ++Which) {
      std::vector<float> Got = K.outF(fmt::format("{}_{}", Which ? 'z' : 'y', F));
      std::string What = fmt::format("activation {} ({})", F,
                                     Which ? "scale imm, bias [P, 1]" : "scale [P, 1], bias imm");
      Mismatches M(What);
      for (int Part = 0; Part < P; ++Part)
        for (int I = 0; I < N; ++I) {
          // One rounding for the product, one for the sum.
          float T = X[Part * N + I] * (Which ? ImmScale : Scale[Part]);
          float Arg = T + (Which ? Bias[Part] : ImmBias);
          double Ref = refAct(F, Arg);
          float G = Got[Part * N + I];
          bool Ok;
          if (exactAct(F))
            Ok = sameBits(DType::FP32, f2b(G), f2b(float(Ref))) || (G == 0 && Ref == 0);
          else if (std::isnan(Ref) || std::isinf(Ref))
            Ok = sameBits(DType::FP32, f2b(G), f2b(float(Ref)));
          else
            Ok = std::fabs(G - Ref) <= 1e-6 + 1e-5 * std::fabs(Ref);
          if (!Ok)
            M.add(fmt::format("{}({}) = {}, want {:.9g}", F, Arg, fmtF(G), Ref));
        }
    }
    // accum: the fp32 sum of the (fp32) results, in element order.
    std::vector<float> Y = K.outF(fmt::format("y_{}", F)), WantA;
    for (int Part = 0; Part < P; ++Part) {
      float Sum = 0;
      for (int I = 0; I < N; ++I)
        Sum += Y[Part * N + I];
      WantA.push_back(Sum);
    }
    expectF32(K.outF(fmt::format("a_{}", F)), WantA, fmt::format("activation {} accum", F));
  }
}

TEST_CASE("activation: accum before rounding to dst, PSUM, specials") {
  const float NaN = std::numeric_limits<float>::quiet_NaN(),
              Inf = std::numeric_limits<float>::infinity();
  std::vector<float> X = {1.00390625f, 1.00390625f, 1.00390625f, 1.00390625f, // bf16-rounds to 1
                          -0.0f,       NaN,         1e-40f,      -Inf};
  Kernel K;
  K.in("x", DType::FP32, {2, 4}, raw(X));
  K.out("yb", DType::BF16, {2, 4}).out("ab", DType::FP32, {2, 1});
  K.op("act.activation yb, x, copy, accum=ab");
  // PSUM source, destination and accumulator.
  K.decl(".psum px : fp32[2, 4]").decl(".psum py : fp32[2, 4]").decl(".psum pa : fp32[2, 1]");
  K.out("py_out", DType::FP32, {2, 4}).out("pa_out", DType::FP32, {2, 1});
  K.op("dve.tensor_copy px, x").op("act.activation py, px, relu, scale=-2.0, accum=pa");
  K.op("dve.tensor_copy py_out, py").op("dve.tensor_copy pa_out, pa");
  K.out("sg", DType::FP32, {2, 4}).op("act.activation sg, x, sign");
  K.out("ex", DType::FP32, {2, 4}).op("act.activation ex, x, exp, bias=-inf");
  if (!K.run())
    return;
  std::vector<uint64_t> WB;
  for (float V : X) {
    float T = V * 1.0f;
    WB.push_back(refStore(DType::BF16, T + 0.0f)); // -0 * 1 + 0 = +0
  }
  expectBits(DType::BF16, K.outBits("yb", DType::BF16), WB, "copy into bf16");
  auto A = K.outF("ab");
  CHECK(A[0] == 1.00390625f * 4); // the unrounded values were summed
  CHECK(std::isnan(A[1]));
  std::vector<float> WR = {0, 0, 0, 0, 0, NaN, 0, Inf};
  expectF32(K.outF("py_out"), WR, "relu(-2x) in PSUM", true);
  auto PA = K.outF("pa_out");
  CHECK(PA[0] == 0.0f);
  CHECK(std::isnan(PA[1]));
  expectF32(K.outF("sg"), {1, 1, 1, 1, 0, NaN, 1, -1}, "sign", true);
  auto E = K.outF("ex");
  CHECK(E[0] == 0.0f);
  CHECK(std::isnan(E[5]));
  CHECK(E[7] == 0.0f); // -inf * 1 + -inf = -inf, exp(-inf) = 0
  CHECK(E[1] == 0.0f); // exp(x - inf) = 0 for finite x
}

} // namespace
