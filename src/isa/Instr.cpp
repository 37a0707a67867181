//===- Instr.cpp - encode, decode and print instructions ------------------===//
//
// Driven entirely by the generated field tables: an operand kind's fields
// say where each value goes, so nothing here lists instructions.
//
//===----------------------------------------------------------------------===//

#include "trn/isa/Instr.h"

#include "trn/isa/Encoding.h"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace trn::isa {

uint64_t AccessPattern::elementsPerPartition() const {
  uint64_t N = 1;
  for (unsigned D = 0; D < NumDims && D < MaxDims; ++D)
    N *= Dims[D].Count;
  return N;
}

std::pair<int64_t, int64_t> AccessPattern::byteSpan() const {
  int64_t Lo = 0, Hi = 0; // element offsets from Base
  auto Add = [&](int64_t Stride, uint32_t Count) {
    int64_t Span = Stride * (static_cast<int64_t>(Count) - 1);
    (Span < 0 ? Lo : Hi) += Span;
  };
  for (unsigned D = 0; D < NumDims && D < MaxDims; ++D)
    Add(Dims[D].Stride, Dims[D].Count);
  if (Space == MemSpace::HBM)
    Add(PartStep, NumPartitions);
  int64_t E = dtype(Type).StorageBytes, B = static_cast<int64_t>(Base);
  return {B + Lo * E, B + (Hi + 1) * E - 1};
}

namespace {

uint32_t floatBits(float F) { return std::bit_cast<uint32_t>(F); }

// Writes the fields of one operand kind at bit Base of Out.
class FieldWriter {
public:
  FieldWriter(std::span<uint8_t> Out, unsigned Base, OperandKind K)
      : Out(Out), Base(Base), Kind(operandKind(K)) {}

  template <typename FieldEnum> bool put(FieldEnum F, int64_t Value) {
    const FieldDesc &D = Kind.Fields[static_cast<unsigned>(F)];
    if (!fits(D, Value)) {
      Error = fmt::format("{} {} does not fit the {}-bit{} field '{}'", Kind.Name, Value, D.Width,
                          D.Signed ? " signed" : "", D.Name);
      return false;
    }
    putBits(Out, Base + D.Lsb, D.Width, static_cast<uint64_t>(Value));
    return true;
  }
  template <typename FieldEnum> unsigned nestedBase(FieldEnum F) const {
    return Base + Kind.Fields[static_cast<unsigned>(F)].Lsb;
  }

  std::span<uint8_t> Out;
  unsigned Base;
  const OperandKindDesc &Kind;
  std::string Error;
};

class FieldReader {
public:
  FieldReader(std::span<const uint8_t> In, unsigned Base, OperandKind K)
      : In(In), Base(Base), Kind(operandKind(K)) {}

  template <typename FieldEnum> int64_t get(FieldEnum F) const {
    const FieldDesc &D = Kind.Fields[static_cast<unsigned>(F)];
    uint64_t Raw = getBits(In, Base + D.Lsb, D.Width);
    return D.Signed ? signExtend(Raw, D.Width) : static_cast<int64_t>(Raw);
  }
  template <typename FieldEnum> unsigned nestedBase(FieldEnum F) const {
    return Base + Kind.Fields[static_cast<unsigned>(F)].Lsb;
  }

  std::span<const uint8_t> In;
  unsigned Base;
  const OperandKindDesc &Kind;
};

using APF = AccessPatternField;

// Free dimension d's fields, and wait w's header fields.
constexpr APF Strides[] = {APF::Dim0Stride, APF::Dim1Stride, APF::Dim2Stride, APF::Dim3Stride};
constexpr APF Counts[] = {APF::Dim0Count, APF::Dim1Count, APF::Dim2Count, APF::Dim3Count};
constexpr HeaderField Cond[] = {HeaderField::Wait0Cond, HeaderField::Wait1Cond};
constexpr HeaderField IsReg[] = {HeaderField::Wait0IsReg, HeaderField::Wait1IsReg};
constexpr HeaderField Sem[] = {HeaderField::Wait0Sem, HeaderField::Wait1Sem};
constexpr HeaderField Value[] = {HeaderField::Wait0Value, HeaderField::Wait1Value};

std::optional<std::string> writeAP(std::span<uint8_t> Out, unsigned Base, const AccessPattern &AP) {
  FieldWriter W(Out, Base, OperandKind::AccessPattern);
  if (!AP.present())
    return std::nullopt; // all zero: absent
  if (AP.NumDims < 1 || AP.NumDims > MaxDims)
    return fmt::format("an access pattern has {} free dimensions: 1 to {} are allowed", AP.NumDims,
                       MaxDims);
  bool Ok = W.put(APF::Space, static_cast<int64_t>(AP.Space)) &&
            W.put(APF::Dtype, static_cast<int64_t>(AP.Type)) &&
            W.put(APF::HasReg, AP.Reg.has_value()) && W.put(APF::Reg, AP.Reg.value_or(0)) &&
            W.put(APF::PartStart, AP.PartStart) && W.put(APF::NumPartitions, AP.NumPartitions) &&
            W.put(APF::NumDims, AP.NumDims) && W.put(APF::Base, static_cast<int64_t>(AP.Base)) &&
            W.put(APF::PartStep, AP.PartStep);
  for (unsigned D = 0; Ok && D < AP.NumDims; ++D)
    Ok = W.put(Strides[D], AP.Dims[D].Stride) && W.put(Counts[D], AP.Dims[D].Count);
  if (!Ok)
    return W.Error;
  return std::nullopt;
}

AccessPattern readAP(std::span<const uint8_t> In, unsigned Base) {
  FieldReader R(In, Base, OperandKind::AccessPattern);
  AccessPattern AP;
  AP.Space = static_cast<MemSpace>(R.get(APF::Space));
  if (!AP.present())
    return AP;
  AP.Type = static_cast<DType>(R.get(APF::Dtype));
  if (R.get(APF::HasReg))
    AP.Reg = static_cast<uint8_t>(R.get(APF::Reg));
  AP.PartStart = static_cast<uint32_t>(R.get(APF::PartStart));
  AP.NumPartitions = static_cast<uint32_t>(R.get(APF::NumPartitions));
  AP.NumDims = static_cast<uint32_t>(R.get(APF::NumDims));
  AP.Base = static_cast<uint64_t>(R.get(APF::Base));
  AP.PartStep = R.get(APF::PartStep);
  for (unsigned D = 0; D < MaxDims && D < AP.NumDims; ++D)
    AP.Dims[D] = {R.get(Strides[D]), static_cast<uint32_t>(R.get(Counts[D]))};
  return AP;
}

// What a decoded access pattern may not be, beyond fitting its fields.
std::optional<std::string> checkAP(const AccessPattern &AP) {
  if (!AP.present())
    return std::nullopt;
  if (static_cast<unsigned>(AP.Type) >= NumDTypes)
    return fmt::format("dtype id {} is not a dtype", static_cast<unsigned>(AP.Type));
  if (AP.NumDims < 1 || AP.NumDims > MaxDims)
    return fmt::format("{} free dimensions: 1 to {} are allowed", AP.NumDims, MaxDims);
  if (AP.NumPartitions < 1)
    return std::string("zero partitions");
  if (AP.Space != MemSpace::HBM && AP.PartStart + AP.NumPartitions > 128)
    return fmt::format("partitions {}..{} go beyond partition 127", AP.PartStart,
                       AP.PartStart + AP.NumPartitions - 1);
  // As the assembler's "a row count" (1 to 128): the field holds up to 255.
  if (AP.Space == MemSpace::HBM && AP.NumPartitions > 128)
    return fmt::format("{} HBM rows: at most 128 are allowed", AP.NumPartitions);
  for (unsigned D = 0; D < AP.NumDims; ++D)
    if (AP.Dims[D].Count == 0)
      return fmt::format("free dimension {} has count 0", D);
  return std::nullopt;
}

// The operand's own size limit, as the assembler enforces it: the counts'
// 16-bit fields alone would allow 65535^4 elements per partition, which is
// what a consumer would have to hold in memory.
std::optional<std::string> checkFreeSize(const AccessPattern &AP, const OperandDesc &D) {
  if (!AP.present())
    return std::nullopt;
  uint64_t N = AP.elementsPerPartition();
  bool Psum = AP.Space == MemSpace::PSUM;
  uint32_t Max = Psum ? D.MaxFreePsum : D.MaxFree;
  if (N <= Max)
    return std::nullopt;
  return fmt::format("{} elements per partition; at most {} are allowed{}", N, Max,
                     Psum && D.MaxFreePsum < D.MaxFree ? " in PSUM" : "");
}

std::optional<std::string> writeOperand(std::span<uint8_t> Out, unsigned Base, const OperandDesc &D,
                                        const Operand &Op) {
  FieldWriter W(Out, Base, D.Kind);
  bool Ok = true;
  switch (D.Kind) {
  case OperandKind::AccessPattern:
    return writeAP(Out, Base, Op.AP);
  case OperandKind::Scalar:
    if (Op.IsImm)
      return W.put(ScalarField::Tag, 1) && W.put(ScalarField::Imm, Op.FBits)
                 ? std::nullopt
                 : std::optional(W.Error);
    if (!Op.AP.present())
      return std::string("a scalar operand has neither an immediate nor a tensor");
    if (!W.put(ScalarField::Tag, 2))
      return W.Error;
    return writeAP(Out, W.nestedBase(ScalarField::Ap), Op.AP);
  case OperandKind::Register:
    Ok = W.put(RegisterField::Index, Op.Int);
    break;
  case OperandKind::Imm:
    Ok = W.put(ImmField::Value, Op.Int);
    break;
  case OperandKind::Fimm:
    Ok = W.put(FimmField::Bits, Op.FBits);
    break;
  case OperandKind::Enum:
    Ok = W.put(EnumField::Value, Op.Int);
    break;
  case OperandKind::Semaphore:
    Ok = W.put(SemaphoreField::Index, Op.Int);
    break;
  case OperandKind::DmaQueue:
    if (Op.Reg && Op.Int != 0)
      return fmt::format("the queue is named both by register r{} and as q{}.{}", *Op.Reg,
                         Op.Int / 16, Op.Int % 16);
    Ok = W.put(DmaQueueField::Engine, Op.Int / 16) && W.put(DmaQueueField::Queue, Op.Int % 16) &&
         W.put(DmaQueueField::HasReg, Op.Reg.has_value()) &&
         W.put(DmaQueueField::Reg, Op.Reg.value_or(0));
    break;
  case OperandKind::Label:
    Ok = W.put(LabelField::Target, Op.Int);
    break;
  case OperandKind::Steps:
    Ok = W.put(StepsField::Step0, Op.Steps[0]) && W.put(StepsField::Step1, Op.Steps[1]) &&
         W.put(StepsField::Step2, Op.Steps[2]) && W.put(StepsField::Step3, Op.Steps[3]);
    break;
  }
  if (!Ok)
    return W.Error;
  return std::nullopt;
}

Operand readOperand(std::span<const uint8_t> In, unsigned Base, const OperandDesc &D) {
  FieldReader R(In, Base, D.Kind);
  Operand Op;
  switch (D.Kind) {
  case OperandKind::AccessPattern:
    Op.AP = readAP(In, Base);
    break;
  case OperandKind::Scalar:
    Op.IsImm = R.get(ScalarField::Tag) == 1;
    Op.Int = R.get(ScalarField::Tag); // checked by the caller, then cleared
    if (Op.IsImm)
      Op.FBits = static_cast<uint32_t>(R.get(ScalarField::Imm));
    else
      Op.AP = readAP(In, R.nestedBase(ScalarField::Ap));
    break;
  case OperandKind::Register:
    Op.Int = R.get(RegisterField::Index);
    break;
  case OperandKind::Imm:
    Op.Int = R.get(ImmField::Value);
    break;
  case OperandKind::Fimm:
    Op.FBits = static_cast<uint32_t>(R.get(FimmField::Bits));
    break;
  case OperandKind::Enum:
    Op.Int = R.get(EnumField::Value);
    break;
  case OperandKind::Semaphore:
    Op.Int = R.get(SemaphoreField::Index);
    break;
  case OperandKind::DmaQueue:
    Op.Int = R.get(DmaQueueField::Engine) * 16 + R.get(DmaQueueField::Queue);
    if (R.get(DmaQueueField::HasReg))
      Op.Reg = static_cast<uint8_t>(R.get(DmaQueueField::Reg));
    break;
  case OperandKind::Label:
    Op.Int = R.get(LabelField::Target);
    break;
  case OperandKind::Steps:
    Op.Steps = {static_cast<int32_t>(R.get(StepsField::Step0)),
                static_cast<int32_t>(R.get(StepsField::Step1)),
                static_cast<int32_t>(R.get(StepsField::Step2)),
                static_cast<int32_t>(R.get(StepsField::Step3))};
    break;
  }
  return Op;
}

void putHeader(std::span<uint8_t> Out, HeaderField F, uint64_t Value) {
  const HeaderFieldDesc &D = headerField(F);
  putBits(Out, D.Lsb, D.Width, Value);
}
uint64_t getHeader(std::span<const uint8_t> In, HeaderField F) {
  const HeaderFieldDesc &D = headerField(F);
  return getBits(In, D.Lsb, D.Width);
}

} // namespace

Operand defaultOperand(const OperandDesc &D) {
  Operand Op;
  if (!D.Default)
    return Op;
  std::string_view Text = D.Default;
  switch (D.Kind) {
  case OperandKind::Enum:
    Op.Int = lookupEnumValue(*D.Enum, Text).value_or(0);
    break;
  case OperandKind::Imm:
    Op.Int = std::strtoll(D.Default, nullptr, 10);
    break;
  case OperandKind::Fimm:
    Op.FBits = floatBits(std::strtof(D.Default, nullptr));
    break;
  case OperandKind::Scalar:
    Op.IsImm = true;
    Op.FBits = floatBits(std::strtof(D.Default, nullptr));
    break;
  default: // access patterns default to absent
    break;
  }
  return Op;
}

std::optional<CodecError> encode(const Instr &I, std::vector<uint8_t> &Out) {
  const InstrDesc &D = I.desc();
  Out.assign(D.SizeBytes, 0);
  std::span<uint8_t> Bytes(Out);
  if (!D.runsOn(I.Eng))
    return CodecError{
        fmt::format("'{}' cannot run on engine {}", D.Mnemonic, engine(I.Eng).RecordName)};
  putHeader(Bytes, HeaderField::Opcode, D.Encoding);
  putHeader(Bytes, HeaderField::Engine, static_cast<uint64_t>(I.Eng));
  for (unsigned W = 0; W < MaxWaits; ++W) {
    if (!I.Waits[W])
      continue;
    putHeader(Bytes, Cond[W], static_cast<uint64_t>(I.Waits[W]->Cond));
    putHeader(Bytes, IsReg[W], I.Waits[W]->IsReg);
    putHeader(Bytes, Sem[W], I.Waits[W]->Sem);
    putHeader(Bytes, Value[W], I.Waits[W]->Value);
  }
  if (I.Sig) {
    putHeader(Bytes, HeaderField::SignalEn, 1);
    putHeader(Bytes, HeaderField::SignalSem, I.Sig->Sem);
    putHeader(Bytes, HeaderField::SignalInc, static_cast<uint16_t>(I.Sig->Amount));
  }
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const OperandDesc &OD = D.Operands[K];
    if (auto Err = writeOperand(Bytes, OD.ByteOffset * 8u, OD, I.Operands[K]))
      return CodecError{fmt::format("operand '{}' of '{}': {}", OD.Name, D.Mnemonic, *Err)};
  }
  return std::nullopt;
}

std::variant<Decoded, CodecError> decode(std::span<const uint8_t> Bytes) {
  auto Fail = [](std::string Msg) { return CodecError{std::move(Msg)}; };
  if (Bytes.size() < HeaderBytes)
    return Fail(fmt::format("truncated instruction: {} bytes left, a header needs {}", Bytes.size(),
                            HeaderBytes));
  uint8_t OpByte = static_cast<uint8_t>(getHeader(Bytes, HeaderField::Opcode));
  const InstrDesc *D = decodeOpcode(OpByte);
  if (!D)
    return Fail(fmt::format("unknown opcode 0x{:02X}", OpByte));
  if (Bytes.size() < D->SizeBytes)
    return Fail(fmt::format("truncated '{}': {} bytes left, it needs {}", D->Mnemonic, Bytes.size(),
                            D->SizeBytes));
  Bytes = Bytes.first(D->SizeBytes);
  Decoded Out{Instr{}, D->SizeBytes};
  Instr &I = Out.I;
  I.Op = D->Op;
  unsigned EngineId = static_cast<unsigned>(getHeader(Bytes, HeaderField::Engine));
  if (EngineId >= NumEngines || !D->runsOn(static_cast<Engine>(EngineId)))
    return Fail(fmt::format("'{}' with engine field {}, which names no engine that runs it",
                            D->Mnemonic, EngineId));
  I.Eng = static_cast<Engine>(EngineId);
  for (unsigned W = 0; W < MaxWaits; ++W) {
    uint8_t C = static_cast<uint8_t>(getHeader(Bytes, Cond[W]));
    if (!C)
      continue;
    if (!enumValue(EnumTypeId::WaitCond, C))
      return Fail(
          fmt::format("'{}' has wait condition {}, which is not a WaitCond", D->Mnemonic, C));
    I.Waits[W] =
        Wait{static_cast<uint8_t>(getHeader(Bytes, Sem[W])), static_cast<WaitCond>(C),
             getHeader(Bytes, IsReg[W]) != 0, static_cast<uint32_t>(getHeader(Bytes, Value[W]))};
    if (I.Waits[W]->IsReg && I.Waits[W]->Value > 63)
      return Fail(fmt::format("'{}' waits on register {}: registers are r0 to r63", D->Mnemonic,
                              I.Waits[W]->Value));
  }
  if (getHeader(Bytes, HeaderField::SignalEn))
    I.Sig = Signal{static_cast<uint8_t>(getHeader(Bytes, HeaderField::SignalSem)),
                   static_cast<int16_t>(getHeader(Bytes, HeaderField::SignalInc))};
  for (size_t K = 0; K < D->Operands.size(); ++K) {
    const OperandDesc &OD = D->Operands[K];
    Operand Op = readOperand(Bytes, OD.ByteOffset * 8u, OD);
    auto Bad = [&](const std::string &Why) {
      return Fail(fmt::format("operand '{}' of '{}': {}", OD.Name, D->Mnemonic, Why));
    };
    if (OD.Kind == OperandKind::Scalar) {
      if (Op.Int != 1 && Op.Int != 2)
        return Bad(fmt::format("scalar tag {} is neither 1 (immediate) nor 2 (tensor)", Op.Int));
      Op.Int = 0;
      if (!Op.IsImm && !Op.AP.present())
        return Bad("a tensor scalar with no memory space");
    }
    if (OD.Kind == OperandKind::AccessPattern || (OD.Kind == OperandKind::Scalar && !Op.IsImm)) {
      if (!Op.AP.present() && !OD.optional())
        return Bad("a required tensor is absent (memory space 0)");
      if (Op.AP.present() && !(OD.SpaceMask & bit(Op.AP.Space)))
        return Bad(
            fmt::format("memory space {} is not allowed here", static_cast<unsigned>(Op.AP.Space)));
      if (auto Why = checkAP(Op.AP))
        return Bad(*Why);
      if (auto Why = checkFreeSize(Op.AP, OD))
        return Bad(*Why);
    }
    if (OD.Kind == OperandKind::Enum && !enumValue(*OD.Enum, static_cast<uint8_t>(Op.Int)))
      return Bad(fmt::format("{} is not a value of {}", Op.Int, enumType(*OD.Enum).Name));
    if (OD.HasRange && (Op.Int < OD.Min || Op.Int > OD.Max))
      return Bad(fmt::format("{} is outside {} to {}", Op.Int, OD.Min, OD.Max));
    I.Operands[K] = Op;
  }
  // Bits no field owns, and fields a value leaves unused (dimensions past
  // num_dims, an absent register), must be zero: re-encoding must give the
  // same bytes, or disassembly would not round-trip.
  std::vector<uint8_t> Again;
  if (auto Err = encode(I, Again))
    return Fail(Err->Message);
  if (!std::equal(Again.begin(), Again.end(), Bytes.begin()))
    return Fail(
        fmt::format("'{}' has bits set that no field uses (non-canonical encoding)", D->Mnemonic));
  return Out;
}

const char *waitCondSymbol(WaitCond C) {
  switch (C) {
  case WaitCond::Eq:
    return "==";
  case WaitCond::Ne:
    return "!=";
  case WaitCond::Ge:
    return ">=";
  case WaitCond::Gt:
    return ">";
  case WaitCond::Le:
    return "<=";
  case WaitCond::Lt:
    return "<";
  }
  return "?";
}

std::string printFloat(uint32_t Bits) {
  float F = std::bit_cast<float>(Bits);
  if (std::isnan(F))
    return Bits == 0x7FC00000u ? "nan" : fmt::format("fbits(0x{:08X})", Bits);
  if (std::isinf(F))
    return F > 0 ? "inf" : "-inf";
  char Buf[64];
  auto Res = std::to_chars(Buf, Buf + sizeof Buf, F);
  std::string S(Buf, Res.ptr);
  // Keep it readable as a float: "1" -> "1.0", but "1e+20" stays.
  if (S.find_first_of(".eE") == std::string::npos)
    S += ".0";
  return S;
}

std::string printAccessPattern(const AccessPattern &AP) {
  std::string S = fmt::format("ap({} {}, ", memSpace(AP.Space).Name, dtype(AP.Type).Name);
  if (AP.Space == MemSpace::HBM)
    S += fmt::format("[{}, {}]", AP.PartStep, AP.NumPartitions);
  else
    S += fmt::format("{}:{}", AP.PartStart, AP.PartStart + AP.NumPartitions);
  S += fmt::format(", 0x{:X}", AP.Base);
  for (unsigned D = 0; D < AP.NumDims; ++D)
    S += fmt::format(", [{}, {}]", AP.Dims[D].Stride, AP.Dims[D].Count);
  S += ")";
  if (AP.Reg)
    S += fmt::format(" + r{}", *AP.Reg);
  return S;
}

std::string printOperand(const OperandDesc &D, const Operand &Op, Engine E,
                         const LabelNamer &Names) {
  switch (D.Kind) {
  case OperandKind::AccessPattern:
    return printAccessPattern(Op.AP);
  case OperandKind::Scalar:
    return Op.IsImm ? printFloat(Op.FBits) : printAccessPattern(Op.AP);
  case OperandKind::Register:
    return fmt::format("r{}", Op.Int);
  case OperandKind::Imm:
    return std::to_string(Op.Int);
  case OperandKind::Fimm:
    return printFloat(Op.FBits);
  case OperandKind::Enum: {
    const EnumValueDesc *V = enumValue(*D.Enum, static_cast<uint8_t>(Op.Int));
    return V ? V->Name : std::to_string(Op.Int);
  }
  case OperandKind::Semaphore:
    return fmt::format("s{}", Op.Int);
  case OperandKind::DmaQueue:
    return Op.Reg ? fmt::format("r{}", *Op.Reg) : fmt::format("q{}.{}", Op.Int / 16, Op.Int % 16);
  case OperandKind::Label: {
    std::string Name = Names ? Names(E, static_cast<uint32_t>(Op.Int)) : "";
    return Name.empty() ? fmt::format("@{}", Op.Int) : Name;
  }
  case OperandKind::Steps: {
    unsigned N = MaxDims;
    while (N > 1 && Op.Steps[N - 1] == 0)
      --N;
    return fmt::format("[{}]", fmt::join(std::span(Op.Steps).first(N), ", "));
  }
  }
  return "?";
}

std::string print(const Instr &I, const LabelNamer &Names, bool AlwaysPrefix) {
  const InstrDesc &D = I.desc();
  std::string S;
  if (AlwaysPrefix || (D.EngineMask & (D.EngineMask - 1)) || lookupMnemonic(D.Mnemonic).size() > 1)
    S = std::string(engine(I.Eng).Prefix) + ".";
  S += D.Mnemonic;
  bool First = true;
  auto Add = [&](const std::string &Item) {
    S += (First ? " " : ", ") + Item;
    First = false;
  };
  for (size_t K = 0; K < D.Operands.size(); ++K)
    if (!D.Operands[K].Keyword)
      Add(printOperand(D.Operands[K], I.Operands[K], I.Eng, Names));
  for (size_t K = 0; K < D.Operands.size(); ++K) {
    const OperandDesc &OD = D.Operands[K];
    if (OD.Keyword && !(I.Operands[K] == defaultOperand(OD)))
      Add(fmt::format("{}={}", OD.Keyword, printOperand(OD, I.Operands[K], I.Eng, Names)));
  }
  std::vector<std::string> Waits;
  for (const auto &W : I.Waits)
    if (W)
      Waits.push_back(W->IsReg
                          ? fmt::format("s{} {} r{}", W->Sem, waitCondSymbol(W->Cond), W->Value)
                          : fmt::format("s{} {} {}", W->Sem, waitCondSymbol(W->Cond),
                                        static_cast<int32_t>(W->Value)));
  if (!Waits.empty())
    S += fmt::format(" wait({})", fmt::join(Waits, ", "));
  if (I.Sig)
    S += I.Sig->Amount == 1 ? fmt::format(" signal(s{})", I.Sig->Sem)
                            : fmt::format(" signal(s{}, {})", I.Sig->Sem, I.Sig->Amount);
  return S;
}

} // namespace trn::isa
