//===- RoundTripTest.cpp - encode/decode/print/assemble round trips -------===//
//
// 1. Random valid instructions, built only from the generated tables
//    (isa::instrs(), the operand descriptors, the enum tables, dtypes and
//    chips): every one must survive encode -> decode (same Instr), print ->
//    assemble (same bytes, in the right engine's stream) and print(decode)
//    (same text). "Valid" means what the assembler enforces on each operand
//    (src/asm/Operands.cpp, Parser::checkAP and parseOperand), so that a
//    rejection is a bug in one side or the other, never noise. The
//    verifier's rules on operands together (shapes that agree and the like)
//    are left out, random operands seldom agree: these instructions are
//    assembled with assembler::Options::Verify off.
// 2. The same instructions as whole programs, one per chip: writeObject ->
//    readObject gives the same Program; disassemble -> assembleText gives
//    the same code.
// 3. A handful of realistic hand-written programs: assemble -> writeObject
//    -> readObject -> disassemble -> assemble gives the same program, source
//    locations aside.
//
// Deterministic: a fixed-seed std::mt19937_64, and ranges drawn from its raw
// output (not std::uniform_int_distribution, whose results differ between
// standard libraries). Set TRN_ROUNDTRIP_STATS=1 to print the coverage.
//
//===----------------------------------------------------------------------===//

#include "trn/asm/Assembler.h"
#include "trn/asm/Disassembler.h"
#include "trn/isa/Instr.h"
#include "trn/object/ObjectFile.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace trn;
using isa::AccessPattern;
using isa::ChipDesc;
using isa::Engine;
using isa::InstrDesc;
using isa::MemSpace;
using isa::OperandDesc;
using isa::OperandKind;

namespace {

constexpr unsigned NumInstrs = 20000;
constexpr int64_t MaxLabelTarget = 100;
constexpr uint64_t Seed = 0x7472'6e65'6d75'0001ull; // "trnemu" 1

//===-- randomness -----------------------------------------------------------===//

class Rng {
public:
  explicit Rng(uint64_t S) : R(S) {}
  uint64_t bits() { return R(); }
  // Uniform in [Lo, Hi], Hi >= Lo, from the raw 64-bit output.
  int64_t range(int64_t Lo, int64_t Hi) {
    uint64_t Span = static_cast<uint64_t>(Hi) - static_cast<uint64_t>(Lo) + 1;
    if (Span == 0) // the whole 64-bit range
      return static_cast<int64_t>(R());
    uint64_t X = static_cast<uint64_t>((static_cast<unsigned __int128>(R()) * Span) >> 64);
    return static_cast<int64_t>(static_cast<uint64_t>(Lo) + X);
  }
  uint64_t below(uint64_t N) {
    return static_cast<uint64_t>(range(0, static_cast<int64_t>(N) - 1));
  }
  bool chance(unsigned Percent) { return below(100) < Percent; }
  // Log-uniform-ish in [1, Max]: small values as often as large ones.
  uint64_t logUniform(uint64_t Max) {
    if (Max <= 1)
      return 1;
    unsigned Top = 63 - std::countl_zero(Max);
    unsigned K = static_cast<unsigned>(below(Top + 1));
    uint64_t Lo = uint64_t(1) << K, Hi = std::min(Max, (Lo << 1) - 1);
    return static_cast<uint64_t>(range(static_cast<int64_t>(Lo), static_cast<int64_t>(Hi)));
  }
  template <typename T> const T &pick(const std::vector<T> &V) { return V[below(V.size())]; }

private:
  std::mt19937_64 R;
};

//===-- coverage -------------------------------------------------------------===//

struct Coverage {
  std::map<isa::Opcode, unsigned> Opcodes;
  std::set<std::pair<isa::Opcode, Engine>> OpEngines;
  std::map<OperandKind, unsigned> Kinds;
  // Optional operands: (opcode, operand index) seen at the default / not.
  std::set<std::pair<isa::Opcode, size_t>> AtDefault, NotDefault;
  // Tensor operands: (opcode, operand index, space) seen.
  std::set<std::tuple<isa::Opcode, size_t, MemSpace>> Spaces;
  std::set<std::pair<isa::EnumTypeId, uint8_t>> EnumValues;
  std::map<isa::DType, unsigned> DTypes;
  std::map<isa::Chip, unsigned> Chips;
  std::map<unsigned, unsigned> NumWaits, NumDims;
  std::map<std::string, unsigned> Events; // named corner cases
  unsigned AccessPatterns = 0, ScalarImms = 0, ScalarTensors = 0;
  void event(const std::string &Name) { ++Events[Name]; }
};

//===-- fp32 bits --------------------------------------------------------------===//

uint32_t randomFloatBits(Rng &R, Coverage &Cov) {
  uint32_t Sign = R.chance(50) ? 0x80000000u : 0;
  switch (R.below(12)) {
  case 0:
    Cov.event("fp32 +-0");
    return Sign;
  case 1:
    Cov.event("fp32 +-inf");
    return Sign | 0x7F800000u;
  case 2:
    Cov.event("fp32 default nan");
    return 0x7FC00000u;
  case 3: { // NaN with a payload, quiet or signalling, either sign
    uint32_t Payload = static_cast<uint32_t>(R.bits()) & 0x007FFFFFu;
    if (!Payload)
      Payload = 1;
    if ((Sign | 0x7F800000u | Payload) == 0x7FC00000u)
      Payload |= 1;
    Cov.event(Payload & 0x00400000u ? "fp32 quiet nan with payload" : "fp32 signalling nan");
    return Sign | 0x7F800000u | Payload;
  }
  case 4: { // subnormal
    uint32_t M = static_cast<uint32_t>(R.bits()) & 0x007FFFFFu;
    Cov.event("fp32 subnormal");
    return Sign | (M ? M : 1);
  }
  case 5:
    Cov.event("fp32 extreme");
    // the largest finite, the smallest normal, the smallest subnormal
    return Sign | (R.chance(50) ? 0x7F7FFFFFu : R.chance(50) ? 0x00800000u : 0x00000001u);
  case 6: { // small integers and halves
    float F = static_cast<float>(R.range(-4096, 4096)) / (R.chance(50) ? 1.0f : 2.0f);
    Cov.event("fp32 small integer or half");
    return std::bit_cast<uint32_t>(F);
  }
  case 7: { // integers around 2^24 and powers of ten
    float F = R.chance(50) ? static_cast<float>(R.range(16777200, 16777230))
                           : std::pow(10.0f, static_cast<float>(R.range(-38, 38)));
    Cov.event("fp32 large or power of ten");
    return Sign | (std::bit_cast<uint32_t>(F) & 0x7FFFFFFFu);
  }
  default: {
    uint32_t B = static_cast<uint32_t>(R.bits());
    Cov.event("fp32 random bits");
    return B;
  }
  }
}

//===-- operands ----------------------------------------------------------------===//

struct Context {
  const InstrDesc &D;
  Engine Eng;
  const ChipDesc &Chip;
};

unsigned setBits(unsigned Mask, std::vector<unsigned> &Out) {
  Out.clear();
  for (unsigned B = 0; B < 32; ++B)
    if (Mask & (1u << B))
      Out.push_back(B);
  return static_cast<unsigned>(Out.size());
}

// The memory spaces operand OD of C.D may use on C.Eng.
unsigned allowedSpaces(const Context &C, const OperandDesc &OD) {
  bool Datapath = !C.D.IsDma && !C.D.IsCollective && !C.D.IsSequencer;
  return OD.SpaceMask & (Datapath ? isa::engine(C.Eng).SpaceMask : ~0u);
}

// A packed x4 type only where the operand names it, or in the DMAs that move
// elements whole (the verifier's rule, src/verify/Operands.cpp).
std::vector<isa::DType> allowedDTypes(const OperandDesc &OD, const isa::InstrDesc &D,
                                      const ChipDesc &Chip) {
  std::vector<isa::DType> Out;
  bool MovesWhole = D.Op == isa::Opcode::DMA_COPY || D.Op == isa::Opcode::DMA_TRANSPOSE;
  for (const isa::DTypeDesc &T : isa::dtypes())
    if ((OD.DTypeMask ? (OD.DTypeMask & (1u << static_cast<unsigned>(T.Id))) != 0
                      : T.Lanes == 1 || MovesWhole) &&
        T.MinGen <= Chip.Gen)
      Out.push_back(T.Id);
  return Out;
}

// A tensor operand the assembler accepts for OD of C.D on C.Eng: the space
// from the operand's mask and the engine's reach, a dtype from the mask
// (and the chip), the partition start rule, element and stride limits, and
// every byte inside the chip's memory (inside one PSUM bank for OneBank).
AccessPattern randomAP(Rng &R, const Context &C, const OperandDesc &OD, size_t Index,
                       Coverage &Cov) {
  const ChipDesc &Chip = C.Chip;
  bool Datapath = !C.D.IsDma && !C.D.IsCollective && !C.D.IsSequencer;
  std::vector<unsigned> Bits;
  REQUIRE_MESSAGE(setBits(allowedSpaces(C, OD), Bits) > 0,
                  C.D.Mnemonic << " operand " << OD.Name << " has no space on "
                               << isa::engine(C.Eng).RecordName);
  AccessPattern AP;
  AP.Space = static_cast<MemSpace>(R.pick(Bits));
  std::vector<isa::DType> Types = allowedDTypes(OD, C.D, Chip);
  REQUIRE(!Types.empty());
  AP.Type = R.pick(Types);
  Cov.Spaces.insert({C.D.Op, Index, AP.Space});
  ++Cov.DTypes[AP.Type];
  ++Cov.AccessPatterns;
  bool OnChip = AP.Space != MemSpace::HBM;
  int64_t Elem = isa::dtype(AP.Type).StorageBytes;

  // Partitions.
  uint32_t Parts = Chip.Partitions;
  if (!OnChip) {
    AP.NumPartitions =
        static_cast<uint32_t>(R.chance(20) ? (R.chance(50) ? 1 : 128) : R.range(1, 128));
  } else if (Datapath) {
    uint32_t P = static_cast<uint32_t>(
        R.chance(20) ? R.pick(std::vector<int64_t>{1, 32, 33, 64, 65, 128}) : R.range(1, Parts));
    AP.NumPartitions = P;
    if (P > 64)
      AP.PartStart = 0;
    else if (P > 32)
      AP.PartStart = R.chance(50) ? 0 : 64;
    else
      AP.PartStart = static_cast<uint32_t>(32 * R.below(4));
    Cov.event(fmt::format("datapath partition start {}", AP.PartStart));
  } else {
    AP.PartStart = static_cast<uint32_t>(R.chance(20) ? 0 : R.below(Parts));
    AP.NumPartitions = static_cast<uint32_t>(R.range(1, Parts - AP.PartStart));
    if (AP.PartStart % 32)
      Cov.event("non-datapath partition start off the 32 grid");
  }

  // Free dimensions: at most Max elements per partition, counts < 2^16.
  uint64_t Max = AP.Space == MemSpace::PSUM ? OD.MaxFreePsum : OD.MaxFree;
  AP.NumDims = static_cast<uint32_t>(R.range(1, isa::MaxDims));
  ++Cov.NumDims[AP.NumDims];
  uint64_t Budget = Max;
  for (unsigned D = 0; D < AP.NumDims; ++D) {
    uint64_t Limit = std::min<uint64_t>(65535, Budget);
    uint64_t Count;
    switch (R.below(6)) {
    case 0:
      Count = 1;
      break;
    case 1:
      Count = Limit;
      break;
    case 2:
      Count = std::min<uint64_t>(Limit, R.range(1, 8));
      break;
    default:
      Count = R.logUniform(Limit);
      break;
    }
    AP.Dims[D].Count = static_cast<uint32_t>(Count);
    Budget /= Count;
  }
  if (AP.elementsPerPartition() == Max)
    Cov.event("elements per partition at the maximum");

  // Strides, so that the bytes touched fit: Room more elements beyond the
  // first. Dimensions in random order, so the outer ones are not always
  // the ones left with no room.
  bool Narrow = OnChip && Datapath; // int16 strides on SBUF/PSUM
  int64_t StrideMax = Narrow ? INT16_MAX : INT32_MAX;
  uint64_t Capacity = AP.Space == MemSpace::HBM    ? Chip.hbmBytes()
                      : AP.Space == MemSpace::SBUF ? Chip.SbufPartitionBytes
                                                   : Chip.psumPartitionBytes();
  uint64_t Window = Capacity, WindowStart = 0; // the bytes the pattern must stay in
  if (OD.OneBank && AP.Space == MemSpace::PSUM) {
    Window = Chip.PsumBankBytes;
    WindowStart = Chip.PsumBankBytes * R.below(Chip.PsumBanks);
    Cov.event("one-bank psum operand");
  }
  int64_t Room = static_cast<int64_t>(Window / Elem) - 1;
  std::vector<int> Order; // free dims, and -1 for the HBM row step
  for (unsigned D = 0; D < AP.NumDims; ++D)
    Order.push_back(static_cast<int>(D));
  if (!OnChip)
    Order.push_back(-1);
  for (size_t K = Order.size(); K > 1; --K)
    std::swap(Order[K - 1], Order[R.below(K)]);
  int64_t Lo = 0, Hi = 0; // element span below and above the base
  for (int D : Order) {
    int64_t Count = D < 0 ? AP.NumPartitions : AP.Dims[D].Count;
    int64_t Stride;
    if (Count == 1) { // no span: any stride the field and the assembler take
      Stride = R.chance(50) ? R.range(-StrideMax - 1, StrideMax) : R.range(-4, 4);
      if (D >= 0 && Narrow && (Stride > 255 || Stride < -256))
        Cov.event("large stride on a count-1 dimension");
    } else {
      int64_t MaxAbs = std::min<int64_t>(StrideMax, Room / (Count - 1));
      switch (R.below(5)) {
      case 0:
        Stride = 0;
        break;
      case 1:
        Stride = std::min<int64_t>(1, MaxAbs);
        break;
      case 2:
        Stride = MaxAbs;
        break;
      default:
        Stride = MaxAbs ? static_cast<int64_t>(R.logUniform(static_cast<uint64_t>(MaxAbs))) : 0;
        break;
      }
      if (R.chance(30)) {
        Stride = -Stride;
        if (Stride)
          Cov.event("negative stride");
      }
      if (std::abs(Stride) == StrideMax && MaxAbs == StrideMax)
        Cov.event(Narrow ? "int16 stride at the limit" : "int32 stride at the limit");
      int64_t Span = Stride * (Count - 1);
      Room -= std::abs(Span);
      (Span < 0 ? Lo : Hi) += Span;
    }
    if (D < 0)
      AP.PartStep = Stride;
    else
      AP.Dims[D].Stride = Stride;
  }
  // Base: every byte in [WindowStart, WindowStart + Window).
  int64_t BaseLo = static_cast<int64_t>(WindowStart) - Lo * Elem;
  int64_t BaseHi = static_cast<int64_t>(WindowStart + Window) - (Hi + 1) * Elem;
  REQUIRE(BaseLo <= BaseHi);
  switch (R.below(4)) {
  case 0:
    AP.Base = static_cast<uint64_t>(BaseLo);
    break;
  case 1:
    AP.Base = static_cast<uint64_t>(BaseHi);
    Cov.event("pattern ends at the last byte of its memory");
    break;
  case 2: { // aligned to the element
    int64_t A = (BaseLo + Elem - 1) / Elem * Elem;
    AP.Base = static_cast<uint64_t>(A <= BaseHi ? A : BaseLo);
    break;
  }
  default:
    AP.Base = static_cast<uint64_t>(R.range(BaseLo, BaseHi));
    break;
  }
  if (R.chance(20)) {
    AP.Reg = static_cast<uint8_t>(R.below(Chip.Registers));
    Cov.event("register offset");
  }
  return AP;
}

isa::Operand randomOperand(Rng &R, const Context &C, size_t Index, Coverage &Cov) {
  const OperandDesc &OD = C.D.Operands[Index];
  isa::Operand Op;
  ++Cov.Kinds[OD.Kind];
  switch (OD.Kind) {
  case OperandKind::AccessPattern:
    Op.AP = randomAP(R, C, OD, Index, Cov);
    break;
  case OperandKind::Scalar:
    if (R.chance(50)) {
      Op.IsImm = true;
      Op.FBits = randomFloatBits(R, Cov);
      ++Cov.ScalarImms;
    } else {
      Op.AP = randomAP(R, C, OD, Index, Cov);
      ++Cov.ScalarTensors;
    }
    break;
  case OperandKind::Register: {
    int64_t Hi = static_cast<int64_t>(C.Chip.Registers) - 1;
    if (OD.HasRange)
      Hi = std::min(Hi, OD.Max);
    int64_t Lo = OD.HasRange ? std::max<int64_t>(0, OD.Min) : 0;
    Op.Int = R.chance(20) ? (R.chance(50) ? Lo : Hi) : R.range(Lo, Hi);
    break;
  }
  case OperandKind::Imm: {
    int64_t Lo = OD.HasRange ? OD.Min : INT32_MIN, Hi = OD.HasRange ? OD.Max : INT32_MAX;
    switch (R.below(5)) {
    case 0:
      Op.Int = Lo;
      Cov.event("imm at its minimum");
      break;
    case 1:
      Op.Int = Hi;
      Cov.event("imm at its maximum");
      break;
    case 2:
      Op.Int = std::clamp<int64_t>(R.range(-10, 10), Lo, Hi);
      break;
    default:
      Op.Int = R.range(Lo, Hi);
      break;
    }
    break;
  }
  case OperandKind::Fimm:
    Op.FBits = randomFloatBits(R, Cov);
    break;
  case OperandKind::Enum: {
    const isa::EnumTypeDesc &E = isa::enumType(*OD.Enum);
    const isa::EnumValueDesc &V = E.Values[R.below(E.Values.size())];
    Op.Int = V.Value;
    Cov.EnumValues.insert({*OD.Enum, V.Value});
    break;
  }
  case OperandKind::Semaphore:
    Op.Int = R.chance(20) ? (R.chance(50) ? 0 : C.Chip.Semaphores - 1)
                          : static_cast<int64_t>(R.below(C.Chip.Semaphores));
    break;
  case OperandKind::DmaQueue: {
    if (R.chance(25)) { // the register form: rN holds 16 E + Q at run time
      Op.Reg = static_cast<uint8_t>(R.below(C.Chip.Registers));
      break;
    }
    uint64_t E = R.below(std::min<uint32_t>(16, C.Chip.DmaEngines));
    uint64_t Q = R.below(std::min<uint32_t>(16, C.Chip.DmaQueuesPerEngine));
    Op.Int = static_cast<int64_t>(E * 16 + Q);
    break;
  }
  case OperandKind::Label:
    // An instruction index of the same stream, written @N (there is no
    // label to name it). The assembly round trip puts that many nops before
    // the instruction, so that @N is an instruction of its stream; larger
    // targets, which only the encoding takes, are tried separately.
    Op.Int = R.chance(50) ? R.range(0, 3) : R.range(0, MaxLabelTarget);
    Cov.event(Op.Int == 0 ? "branch to itself" : "branch to an earlier nop");
    break;
  case OperandKind::Steps: {
    unsigned N = static_cast<unsigned>(R.range(1, isa::MaxDims));
    for (unsigned K = 0; K < N; ++K)
      Op.Steps[K] = static_cast<int32_t>(R.chance(25)   ? 0
                                         : R.chance(50) ? R.range(-8, 8)
                                                        : R.range(INT32_MIN, INT32_MAX));
    if (N > 1 && Op.Steps[N - 1] == 0)
      Cov.event("steps with a trailing zero");
    break;
  }
  }
  return Op;
}

isa::Instr randomInstr(Rng &R, const Context &C, Coverage &Cov) {
  isa::Instr I;
  I.Op = C.D.Op;
  I.Eng = C.Eng;
  unsigned Waits = static_cast<unsigned>(R.below(isa::MaxWaits + 1));
  ++Cov.NumWaits[Waits];
  const isa::EnumTypeDesc &Conds = isa::enumType(isa::EnumTypeId::WaitCond);
  for (unsigned W = 0; W < Waits; ++W) {
    isa::Wait X;
    X.Sem = static_cast<uint8_t>(R.below(C.Chip.Semaphores));
    X.Cond = static_cast<isa::WaitCond>(Conds.Values[R.below(Conds.Values.size())].Value);
    Cov.EnumValues.insert({isa::EnumTypeId::WaitCond, static_cast<uint8_t>(X.Cond)});
    X.IsReg = R.chance(30);
    if (X.IsReg) {
      X.Value = static_cast<uint32_t>(R.below(C.Chip.Registers));
      Cov.event("register-valued wait");
    } else {
      X.Value = static_cast<uint32_t>(R.chance(30)   ? R.range(0, 4)
                                      : R.chance(20) ? UINT32_MAX
                                                     : R.range(0, UINT32_MAX));
    }
    I.Waits[W] = X;
  }
  if (R.chance(40)) {
    isa::Signal S;
    S.Sem = static_cast<uint8_t>(R.below(C.Chip.Semaphores));
    switch (R.below(4)) {
    case 0:
      S.Amount = 1;
      break;
    case 1:
      S.Amount = static_cast<int16_t>(R.chance(50) ? INT16_MIN : INT16_MAX);
      break;
    default:
      S.Amount = static_cast<int16_t>(R.range(INT16_MIN, INT16_MAX));
      break;
    }
    I.Sig = S;
    Cov.event(S.Amount == 1 ? "signal by 1" : "signal by another amount");
  }
  for (size_t K = 0; K < C.D.Operands.size(); ++K) {
    const OperandDesc &OD = C.D.Operands[K];
    if (OD.optional() && R.chance(35))
      I.Operands[K] = isa::defaultOperand(OD);
    else
      I.Operands[K] = randomOperand(R, C, K, Cov);
    if (OD.optional())
      (I.Operands[K] == isa::defaultOperand(OD) ? Cov.AtDefault : Cov.NotDefault)
          .insert({C.D.Op, K});
  }
  return I;
}

std::string hex(std::span<const uint8_t> Bytes) {
  std::string S;
  for (uint8_t B : Bytes)
    S += fmt::format("{:02x}", B);
  return S;
}

//===-- program comparison ------------------------------------------------------===//

// Everything but source locations (Files and every Loc/Locs) must agree;
// labels as a set.
void requireSameProgram(const object::Program &A, const object::Program &B,
                        const std::string &What) {
  INFO(What);
  CHECK(A.TargetChip == B.TargetChip);
  for (unsigned E = 0; E < isa::NumEngines; ++E) {
    INFO("stream " << isa::engine(static_cast<Engine>(E)).RecordName);
    CHECK(A.Streams[E].Code == B.Streams[E].Code);
    CHECK(A.Streams[E].Offsets == B.Streams[E].Offsets);
  }
  auto NoLoc = [](auto V) {
    for (auto &X : V)
      X.Loc = {};
    return V;
  };
  CHECK(NoLoc(A.Tensors) == NoLoc(B.Tensors));
  CHECK(NoLoc(A.Allocations) == NoLoc(B.Allocations));
  CHECK(NoLoc(A.Semaphores) == NoLoc(B.Semaphores));
  auto Labels = [](const std::vector<object::Label> &V) {
    std::set<std::tuple<unsigned, uint32_t, std::string>> S;
    for (const object::Label &L : V)
      S.insert({static_cast<unsigned>(L.Eng), L.Index, L.Name});
    return S;
  };
  CHECK(Labels(A.Labels) == Labels(B.Labels));
  CHECK(A.Data == B.Data);
}

object::Program assemble(const std::string &Name, const std::string &Text) {
  std::string Diag;
  std::ostringstream OS;
  assembler::Result R = assembler::assembleText(Name, Text, {}, OS);
  Diag = OS.str();
  INFO("assembling " << Name << ":\n" << Diag << "\nthe text:\n" << Text);
  REQUIRE(R.Errors == 0);
  REQUIRE(R.Program.has_value());
  return std::move(*R.Program);
}

// assemble -> writeObject -> readObject -> disassemble -> assemble.
void programRoundTrip(const std::string &Name, const std::string &Source) {
  object::Program P1 = assemble(Name, Source);
  std::vector<uint8_t> Bytes = object::writeObject(P1);
  auto Read = object::readObject(Bytes);
  if (auto *Err = std::get_if<std::string>(&Read))
    FAIL("readObject(writeObject(" << Name << ")): " << *Err);
  const object::Program &P2 = std::get<object::Program>(Read);
  CHECK_MESSAGE(P2 == P1, "the object file changed " << Name);

  for (bool LineNumbers : {false, true}) {
    assembler::DisasmOptions Opts;
    Opts.LineNumbers = LineNumbers;
    Opts.Offsets = !LineNumbers;
    std::string Text = assembler::disassemble(P2, Opts);
    object::Program P3 = assemble(Name + ".dis", Text);
    requireSameProgram(P1, P3, fmt::format("{} (line numbers {}):\n{}", Name, LineNumbers, Text));
    // And once more: the disassembly is a fixed point (but for the line
    // numbers, which now point into the disassembly).
    if (!LineNumbers)
      CHECK(assembler::disassemble(P3, Opts) == Text);
  }
}

} // namespace

//===-- 1. random instructions ----------------------------------------------------===//

namespace {

struct Generated {
  isa::Chip Chip;
  isa::Instr I;
};

// Built once; the instruction and program round trips share them.
const std::vector<Generated> &generated(Coverage *Out = nullptr) {
  static Coverage Cov;
  static std::vector<Generated> All = [] {
    Rng R(Seed);
    std::vector<Generated> V;
    V.reserve(NumInstrs);
    auto Instrs = isa::instrs();
    for (unsigned N = 0; N < NumInstrs; ++N) {
      // Every (opcode, engine) pair once, then opcodes uniformly at random.
      const InstrDesc *D;
      Engine E;
      static std::vector<std::pair<const InstrDesc *, Engine>> Pairs = [&] {
        std::vector<std::pair<const InstrDesc *, Engine>> P;
        for (const InstrDesc &X : Instrs)
          for (const isa::EngineDesc &En : isa::engines())
            if (X.runsOn(En.Id))
              P.push_back({&X, En.Id});
        return P;
      }();
      if (N < Pairs.size()) {
        std::tie(D, E) = Pairs[N];
      } else {
        D = &Instrs[R.below(Instrs.size())];
        std::vector<unsigned> Bits;
        setBits(D->EngineMask, Bits);
        E = static_cast<Engine>(R.pick(Bits));
      }
      std::vector<isa::Chip> Chips;
      for (const ChipDesc &C : isa::chips())
        if (C.Gen >= D->MinGen)
          Chips.push_back(C.Id);
      REQUIRE(!Chips.empty());
      isa::Chip Chip = R.pick(Chips);
      ++Cov.Opcodes[D->Op];
      Cov.OpEngines.insert({D->Op, E});
      ++Cov.Chips[Chip];
      V.push_back({Chip, randomInstr(R, Context{*D, E, isa::chip(Chip)}, Cov)});
    }
    return V;
  }();
  if (Out)
    *Out = Cov;
  return All;
}

} // namespace

TEST_CASE("random instructions: encode, decode, print and assemble agree") {
  Coverage Cov;
  const std::vector<Generated> &All = generated(&Cov);
  REQUIRE(All.size() >= 10000);

  std::vector<std::string> Failures;
  auto Fail = [&](const Generated &G, const std::string &Text, const std::string &Why) {
    if (Failures.size() < 25)
      Failures.push_back(fmt::format("[{}] {}\n    {}", isa::chip(G.Chip).Name, Text, Why));
    else if (Failures.size() == 25)
      Failures.push_back("...");
  };
  unsigned Failed = 0;
  for (size_t N = 0; N < All.size(); ++N) {
    const Generated &G = All[N];
    const isa::Instr &I = G.I;
    const InstrDesc &D = I.desc();
    bool AlwaysPrefix = N % 3 == 0;
    std::string Text = isa::print(I, {}, AlwaysPrefix);
    auto Bad = [&](const std::string &Why) {
      ++Failed;
      Fail(G, Text, Why);
    };

    // encode
    std::vector<uint8_t> Bytes;
    if (auto Err = isa::encode(I, Bytes)) {
      Bad("encode: " + Err->Message);
      continue;
    }
    if (Bytes.size() != D.SizeBytes) {
      Bad(fmt::format("encode gave {} bytes, the table says {}", Bytes.size(), D.SizeBytes));
      continue;
    }
    // decode
    auto Dec = isa::decode(Bytes);
    if (auto *Err = std::get_if<isa::CodecError>(&Dec)) {
      Bad("decode: " + Err->Message + "\n    bytes " + hex(Bytes));
      continue;
    }
    const isa::Decoded &Back = std::get<isa::Decoded>(Dec);
    if (Back.Size != D.SizeBytes || !(Back.I == I)) {
      Bad("decode(encode(I)) != I; it prints as " + isa::print(Back.I, {}, AlwaysPrefix));
      continue;
    }
    // assemble the printed text, after as many nops as the branch target
    // (if any) needs to be an instruction of the stream
    size_t Pad = 0;
    for (size_t K = 0; K < D.Operands.size(); ++K)
      if (D.Operands[K].Kind == OperandKind::Label)
        Pad = std::max(Pad, static_cast<size_t>(I.Operands[K].Int));
    std::string Source = fmt::format(".chip {}\n", isa::chip(G.Chip).Name);
    for (size_t K = 0; K < Pad; ++K)
      Source += fmt::format("{}.nop\n", isa::engine(I.Eng).Prefix);
    Source += Text + "\n";
    std::string Diag;
    std::ostringstream OS;
    assembler::Options NoVerifier;
    NoVerifier.Verify = false;
    assembler::Result R = assembler::assembleText("roundtrip.s", Source, NoVerifier, OS);
    Diag = OS.str();
    if (R.Errors || !R.Program) {
      Bad("the assembler rejects it:\n" + Diag);
      continue;
    }
    const object::Program &P = *R.Program;
    if (P.TargetChip != G.Chip)
      Bad("assembled for another chip");
    for (unsigned E = 0; E < isa::NumEngines; ++E) {
      const object::Stream &S = P.Streams[E];
      if (E != static_cast<unsigned>(I.Eng)) {
        if (S.size())
          Bad(fmt::format("an instruction landed in the {} stream",
                          isa::engine(static_cast<Engine>(E)).RecordName));
        continue;
      }
      std::span<const uint8_t> Last;
      if (S.size() == Pad + 1)
        Last = std::span(S.Code).subspan(S.Offsets[Pad]);
      if (S.size() != Pad + 1 ||
          !std::equal(Last.begin(), Last.end(), Bytes.begin(), Bytes.end())) {
        auto Again = S.size() == Pad + 1 ? isa::decode(Last) : decltype(Dec){isa::CodecError{"-"}};
        Bad(fmt::format(
            "assembled to {} instruction(s), the last one\n    {}\n    expected\n    {}{}",
            S.size(), hex(Last), hex(Bytes),
            std::holds_alternative<isa::Decoded>(Again)
                ? "\n    which prints as " +
                      isa::print(std::get<isa::Decoded>(Again).I, {}, AlwaysPrefix)
                : std::string()));
        continue;
      }
      // print(decode(assembled bytes)) is the text again
      auto Dec2 = isa::decode(Last);
      if (auto *Err = std::get_if<isa::CodecError>(&Dec2)) {
        Bad("decoding the assembled bytes: " + Err->Message);
        continue;
      }
      std::string Text2 = isa::print(std::get<isa::Decoded>(Dec2).I, {}, AlwaysPrefix);
      if (Text2 != Text)
        Bad("print(decode(assembled)) is\n    " + Text2);
    }
    if (R.Warnings)
      Bad("the assembler warns:\n" + Diag);
  }
  INFO("failures (first 25 of " << Failed << "):\n"
                                << fmt::format("{}", fmt::join(Failures, "\n")));
  CHECK(Failed == 0);

  // Coverage: every opcode on every engine it runs on, every operand kind,
  // both sides of every optional operand, every space of every tensor
  // operand, every enum value, every dtype, every chip.
  for (const InstrDesc &D : isa::instrs()) {
    INFO("opcode " << D.RecordName);
    CHECK(Cov.Opcodes[D.Op] > 0);
    for (const isa::EngineDesc &E : isa::engines())
      if (D.runsOn(E.Id)) {
        INFO("engine " << E.RecordName);
        CHECK(Cov.OpEngines.count({D.Op, E.Id}));
      }
    for (size_t K = 0; K < D.Operands.size(); ++K) {
      const OperandDesc &OD = D.Operands[K];
      INFO("operand " << OD.Name);
      if (OD.optional()) {
        CHECK(Cov.AtDefault.count({D.Op, K}));
        CHECK(Cov.NotDefault.count({D.Op, K}));
      }
      if (OD.Kind == OperandKind::AccessPattern || OD.Kind == OperandKind::Scalar) {
        unsigned Reach = 0;
        for (const isa::EngineDesc &E : isa::engines())
          if (D.runsOn(E.Id))
            Reach |= allowedSpaces(Context{D, E.Id, isa::chips().back()}, OD);
        for (const isa::MemSpaceDesc &S : isa::memSpaces())
          if (Reach & isa::bit(S.Id)) {
            INFO("space " << S.Name);
            CHECK(Cov.Spaces.count({D.Op, K, S.Id}));
          }
      }
    }
  }
  for (const isa::OperandKindDesc &K : isa::operandKinds()) {
    INFO("operand kind " << K.Name);
    CHECK(Cov.Kinds[K.Id] > 0);
  }
  for (const isa::EnumTypeDesc &E : isa::enumTypes())
    for (const isa::EnumValueDesc &V : E.Values) {
      INFO("enum " << E.Name << " value " << V.Name);
      CHECK(Cov.EnumValues.count({E.Id, V.Value}));
    }
  for (const isa::DTypeDesc &T : isa::dtypes()) {
    INFO("dtype " << T.Name);
    CHECK(Cov.DTypes[T.Id] > 0);
  }
  for (const ChipDesc &C : isa::chips()) {
    INFO("chip " << C.Name);
    CHECK(Cov.Chips[C.Id] > 0);
  }
  for (unsigned W = 0; W <= isa::MaxWaits; ++W)
    CHECK(Cov.NumWaits[W] > 0);
  for (unsigned D = 1; D <= isa::MaxDims; ++D)
    CHECK(Cov.NumDims[D] > 0);
  for (const char *Event : {"fp32 +-0",
                            "fp32 +-inf",
                            "fp32 default nan",
                            "fp32 quiet nan with payload",
                            "fp32 signalling nan",
                            "fp32 subnormal",
                            "register-valued wait",
                            "register offset",
                            "signal by 1",
                            "signal by another amount",
                            "one-bank psum operand",
                            "negative stride",
                            "int16 stride at the limit",
                            "elements per partition at the maximum",
                            "datapath partition start 96",
                            "non-datapath partition start off the 32 grid",
                            "pattern ends at the last byte of its memory",
                            "steps with a trailing zero",
                            "imm at its minimum",
                            "imm at its maximum",
                            "branch to itself",
                            "branch to an earlier nop"}) {
    INFO("corner case " << Event);
    CHECK(Cov.Events[Event] > 0);
  }

  if (std::getenv("TRN_ROUNDTRIP_STATS")) {
    std::string S = fmt::format("{} instructions, {} opcodes, {} (opcode, engine) pairs, {} "
                                "access patterns ({} scalar tensors, {} scalar immediates)\n",
                                All.size(), Cov.Opcodes.size(), Cov.OpEngines.size(),
                                Cov.AccessPatterns, Cov.ScalarTensors, Cov.ScalarImms);
    for (const isa::OperandKindDesc &K : isa::operandKinds())
      S += fmt::format("  kind {:<15} {}\n", K.Name, Cov.Kinds[K.Id]);
    for (const ChipDesc &C : isa::chips())
      S += fmt::format("  chip {:<15} {}\n", C.Name, Cov.Chips[C.Id]);
    for (auto [W, N] : Cov.NumWaits)
      S += fmt::format("  {} waits          {}\n", W, N);
    for (auto [D, N] : Cov.NumDims)
      S += fmt::format("  {} free dims      {}\n", D, N);
    S += fmt::format("  optional operands at default {}, not {}; tensor (op, operand, space) {}; "
                     "enum values {}\n",
                     Cov.AtDefault.size(), Cov.NotDefault.size(), Cov.Spaces.size(),
                     Cov.EnumValues.size());
    for (const auto &[Name, N] : Cov.Events)
      S += fmt::format("  {:<45} {}\n", Name, N);
    MESSAGE(S);
  }
}

TEST_CASE("branch targets: the whole 32-bit field encodes, decodes and prints") {
  // The assembler takes only targets inside the stream (so the random
  // instructions above stay within MaxLabelTarget); the encoding holds any
  // 32-bit index, and the decoder must give it back.
  Rng R(Seed + 1);
  for (const InstrDesc &D : isa::instrs())
    for (size_t K = 0; K < D.Operands.size(); ++K) {
      if (D.Operands[K].Kind != OperandKind::Label)
        continue;
      for (int64_t Target : {int64_t(0), int64_t(1), int64_t(INT32_MAX), int64_t(INT32_MAX) + 1,
                             int64_t(UINT32_MAX), R.range(0, UINT32_MAX)}) {
        isa::Instr I;
        I.Op = D.Op;
        I.Eng = static_cast<Engine>(std::countr_zero(D.EngineMask));
        I.Operands[K].Int = Target;
        INFO(D.Mnemonic << " @" << Target);
        std::vector<uint8_t> Bytes;
        auto Err = isa::encode(I, Bytes);
        REQUIRE_MESSAGE(!Err, (Err ? Err->Message : ""));
        auto Dec = isa::decode(Bytes);
        REQUIRE(std::holds_alternative<isa::Decoded>(Dec));
        CHECK(std::get<isa::Decoded>(Dec).I == I);
        CHECK(isa::print(I).find(fmt::format("@{}", Target)) != std::string::npos);
      }
      isa::Instr I;
      I.Op = D.Op;
      I.Eng = static_cast<Engine>(std::countr_zero(D.EngineMask));
      I.Operands[K].Int = int64_t(UINT32_MAX) + 1;
      std::vector<uint8_t> Bytes;
      CHECK_MESSAGE(isa::encode(I, Bytes).has_value(), D.Mnemonic << " @2^32 must not encode");
    }
}

//===-- 2. the random instructions as programs ---------------------------------------===//

TEST_CASE("random instructions as programs: object file and disassembly round trips") {
  const std::vector<Generated> &All = generated();
  for (const ChipDesc &C : isa::chips()) {
    INFO("chip " << C.Name);
    // This chip's instructions, stream by stream; branch targets folded
    // into their stream so that the object reader accepts them.
    std::array<std::vector<isa::Instr>, isa::NumEngines> Streams;
    for (const Generated &G : All)
      if (G.Chip == C.Id)
        Streams[static_cast<unsigned>(G.I.Eng)].push_back(G.I);
    object::Program P;
    P.TargetChip = C.Id;
    P.Files = {"random.s"};
    uint32_t Line = 1;
    for (unsigned E = 0; E < isa::NumEngines; ++E) {
      object::Stream &S = P.Streams[E];
      for (isa::Instr I : Streams[E]) {
        const InstrDesc &D = I.desc();
        for (size_t K = 0; K < D.Operands.size(); ++K)
          if (D.Operands[K].Kind == OperandKind::Label)
            I.Operands[K].Int %= static_cast<int64_t>(Streams[E].size());
        std::vector<uint8_t> Bytes;
        auto Err = isa::encode(I, Bytes);
        REQUIRE_MESSAGE(!Err, isa::print(I));
        S.Offsets.push_back(static_cast<uint32_t>(S.Code.size()));
        S.Locs.push_back({0, Line++, 5});
        S.Code.insert(S.Code.end(), Bytes.begin(), Bytes.end());
      }
      if (!Streams[E].empty()) // a named label at each stream's start
        P.Labels.push_back({fmt::format("start_{}", isa::engine(static_cast<Engine>(E)).Prefix),
                            static_cast<Engine>(E), 0});
    }
    std::vector<uint8_t> Bytes = object::writeObject(P);
    auto Read = object::readObject(Bytes);
    if (auto *Err = std::get_if<std::string>(&Read))
      FAIL("readObject: " << *Err);
    const object::Program &P2 = std::get<object::Program>(Read);
    CHECK(P2 == P);

    std::string Text = assembler::disassemble(P2);
    std::string Diag;
    std::ostringstream OS;
    assembler::Options NoVerifier;
    NoVerifier.Verify = false;
    assembler::Result R = assembler::assembleText("random.dis", Text, NoVerifier, OS);
    Diag = OS.str();
    INFO(Diag);
    REQUIRE(R.Errors == 0);
    REQUIRE(R.Program);
    requireSameProgram(P, *R.Program, fmt::format("the {} random program", C.Name));
  }
}

//===-- 3. realistic programs -------------------------------------------------------===//

TEST_CASE("realistic programs: assemble, object file, disassemble, assemble") {
  // A tiled matmul on trn2: DMA in, PE, ACT, DMA out, a counted loop.
  programRoundTrip("matmul.s", R"(
.chip trn2
.const N = 512
.const K = 128
.tensor a : bf16[K, 128] input
.tensor b : bf16[K, N] input
.tensor bias : fp32[128, 1] input = fill(0.5)
.tensor c : fp32[128, N] output
.sbuf a_t : bf16[K, 128]
.sbuf b_t : bf16[K, N]
.sbuf bias_t : fp32[128, 1]
.sbuf c_t : fp32[128, N]
.sbuf rowsum : fp32[128, 1]
.psum acc : fp32[128, N]
.sem loaded
.sem mm_done
.sem act_done = 0

    sp.dma_copy a_t, a, q0.0
    sp.dma_copy b_t, b, q0.1
    sp.dma_copy bias_t, bias, q1.0 signal(loaded)
    sp.li r1, 0
    sp.li r2, 4
again:
    sp.addi r1, r1, 1
    sp.blt r1, r2, again
    sp.dma_copy c, c_t, q2.3 wait(act_done >= 1)
    sp.halt

    pe.matmul acc, a_t, b_t wait(loaded >= 3) signal(mm_done)
    pe.halt

    act.activation c_t, acc, exp, scale=0.125, bias=bias_t, accum=rowsum wait(mm_done >= 1) signal(act_done)
    act.halt
)");

  // trn1: vector, gpsimd and register work; data in several dtypes.
  programRoundTrip("vector.s", R"(
.chip trn1
.tensor x : fp32[64, 32] input = fill(-1.25)
.tensor idx : int32[4] scratch = [1, -2, 3, 2147483647]
.tensor bytes : uint8[8] input = [0, 1, 2, 3, 250, 251, 254, 255]
.tensor halfs : fp16[2, 2] scratch = [1.5, -0.0, inf, 65504]
.tensor y : fp32[64, 32] output at 0x100000
.sbuf xs : fp32[64, 32] partition 0
.sbuf ys : fp32[64, 32] partition 64
.sbuf stats : fp32[64, 6]
.sbuf mv : fp32[64, 2]
.sbuf top : fp32[64, 8]
.sbuf where : uint32[64, 8]
.sbuf pred : uint8[64, 32]
.sbuf io : int32[128, 16]
.sbuf one : int32[1, 1]
.sem s_in at 5 = 2
.sem s_out at 7 = -3

    sp.dma_copy xs, x[0:64, :], q3.15 signal(s_in)
    sp.reg_load r7, idx[3:4]
    sp.reg_store one, r7
    sp.sem_wait s_out, ge, 1
loop_top:
inner:
    sp.subi r7, r7, 1
    sp.bne r7, r0, inner
    sp.dma_copy y, ys, q15.0
    sp.halt

    dve.tensor_tensor ys, xs, xs, add wait(s_in >= 3)
    dve.tensor_scalar ys, ys, multiply, 2.0, op1=add, operand1=-1.0, reverse1=true
    dve.bn_stats stats, xs
    dve.bn_aggr mv, stats
    dve.max8 top, xs[:, 0:32]
    dve.find_index8 where, xs, top
    dve.select ys, pred, xs, ys
    dve.tensor_reduce mv[:, 0:1], xs, maximum, negate=true
    dve.memset pred, 1.0
    dve.transpose ys[0:32, 0:32], xs[0:32, 0:32] signal(s_out, 2)
    dve.halt

    pool.iota io, 0, [1, 0], partition_mult=16
    pool.affine_select xs, xs, greater_equal, 0, [1], -inf
    pool.partition_broadcast ys, xs[0:1, :]
    pool.partition_reduce xs[0:1, :], xs, add
    pool.tensor_copy ys, xs
    pool.halt
)");

  // trn3-only features: fp8_e4m3fn, range_select, dma_transpose; PE
  // transposes; register-valued waits; negative signals.
  programRoundTrip("trn3.s", R"(
.chip trn3
.tensor w : fp8_e4m3fn[128, 128] input = fill(2.0)
.tensor t : bf16[32, 64] input
.tensor tt : bf16[64, 32] output
.sbuf ws : fp8_e4m3fn[128, 128]
.sbuf src : fp32[128, 64]
.sbuf dst : fp32[128, 64]
.sbuf red : fp32[128, 1]
.sbuf ts : bf16[64, 32]
.sbuf pm : uint16[128, 64]
.psum tp : bf16[128, 128] bank 2
.psum tp2 : bf16[32, 32]
.sem go at 63 = 1

    sp.li r3, 1
    sp.dma_transpose ts, t, q4.4 wait(go >= r3)
    sp.dma_copy tt, ts, q4.5 signal(go, -1)
    sp.nop wait(go == 0, s1 != r3)
    sp.jmp done
    sp.nop
done:
    sp.halt

    act.dma_copy ws, w, q5.0
    act.tensor_scalar dst, src, add, red, reverse0=true
    act.halt

    pe.load_stationary ws
    pe.multiply_moving tp, ws, transpose=true
    pe.transpose tp2, ts[0:32, 0:32]
    pe.halt

    dve.range_select dst, src, greater, -1.0, less, 1.0, start=-5, reduce=red
    dve.tensor_tensor_scan dst, src, src, multiply, add, initial=red
    dve.scalar_tensor_tensor dst, src, subtract, 3.0, maximum, src
    dve.tensor_copy_predicated dst, src, pm
    dve.reciprocal dst, src
    dve.halt

    pool.dma_copy src, dst, q0.0
    pool.memset dst, nan
    pool.halt
)");

  // Next to nothing: a chip and a halt; declarations only with data.
  programRoundTrip("tiny.s", ".chip trn2\nsp.halt\n");
  programRoundTrip("data-only.s", R"(
.chip trn1
.tensor k : int16[3] input = [-32768, 0, 32767]
.tensor f8 : fp8_e5m2[2] scratch = [57344, -0.5]
.tensor u : uint16[2, 2] output = fill(65535)
.tensor h : bf16[4] input = hex("0000803f0080ff7f")
.sbuf s : int8[2, 3] partition 126
.psum p : fp32[1, 512] at 0x800
.sem a
.sem b at 2
sp.halt
)");
}
