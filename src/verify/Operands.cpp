//===- Operands.cpp - a tensor operand on its own -------------------------===//
//
// The checks in the order docs/assembly.md lists them (section 9.5); the
// first that fails is the operand's diagnostic. Register offsets are not
// known here: a pattern with one is checked as if the offset were 0 (its
// bounds are checked again at run time with the register's value), and the
// declared-tensor rule of HBM applies only without one.
//
//===----------------------------------------------------------------------===//

#include "trn/verify/Verifier.h"

#include <fmt/format.h>

namespace trn::verify {

namespace {

std::string dtypeNames(unsigned Mask) {
  std::vector<std::string> N;
  for (const isa::DTypeDesc &D : isa::dtypes())
    if (Mask & (1u << static_cast<unsigned>(D.Id)))
      N.push_back(D.Name);
  return fmt::format("{}", fmt::join(N, ", "));
}

std::string spaceNames(unsigned Mask) {
  std::vector<std::string> N;
  for (const isa::MemSpaceDesc &S : isa::memSpaces())
    if (Mask & isa::bit(S.Id))
      N.push_back(S.Name);
  return fmt::format("{}", fmt::join(N, " or "));
}

} // namespace

bool withinPartition(isa::MemSpace Space, int64_t First, int64_t Last, const isa::ChipDesc &C) {
  uint64_t Capacity = Space == isa::MemSpace::SBUF ? C.SbufPartitionBytes : C.psumPartitionBytes();
  return First >= 0 && static_cast<uint64_t>(Last) < Capacity;
}

std::optional<int64_t> bankBoundaryCrossed(int64_t First, int64_t Last, const isa::ChipDesc &C) {
  int64_t Bank = C.PsumBankBytes;
  if (First / Bank == Last / Bank)
    return std::nullopt;
  return (First / Bank + 1) * Bank;
}

const object::Tensor *tensorHolding(const std::vector<object::Tensor> &Tensors, int64_t First,
                                    int64_t Last) {
  for (const object::Tensor &T : Tensors)
    if (First >= static_cast<int64_t>(T.Address) &&
        Last < static_cast<int64_t>(T.Address + T.bytes()))
      return &T;
  return nullptr;
}

std::string overlapNote(const std::vector<object::Tensor> &Tensors, int64_t First, int64_t Last) {
  std::vector<std::string> Near;
  for (const object::Tensor &T : Tensors)
    if (First < static_cast<int64_t>(T.Address + T.bytes()) &&
        Last >= static_cast<int64_t>(T.Address))
      Near.push_back(
          fmt::format("'{}' at 0x{:X}..0x{:X}", T.Name, T.Address, T.Address + T.bytes() - 1));
  if (Near.empty())
    return "";
  return fmt::format(" (it overlaps {})", fmt::join(Near, " and "));
}

std::optional<Diagnostic> checkOperand(const isa::AccessPattern &AP, const isa::OperandDesc &OD,
                                       const isa::InstrDesc &D, isa::Engine Eng,
                                       const Context &Ctx) {
  const isa::ChipDesc &C = *Ctx.Chip;
  auto Fail = [&](Rule K, std::string Msg) {
    return std::optional<Diagnostic>(Diagnostic{-1, K, std::move(Msg), std::nullopt, {}});
  };
  auto What = [&] { return fmt::format("operand '{}' of '{}'", OD.Name, D.Mnemonic); };
  const char *SpaceName = isa::memSpace(AP.Space).Name;
  if (!(OD.SpaceMask & isa::bit(AP.Space)))
    return Fail(Rule::Space, fmt::format("{} must be in {}; this tensor is in {}", What(),
                                         spaceNames(OD.SpaceMask), SpaceName));
  bool Datapath = !D.IsDma && !D.IsCollective && !D.IsSequencer;
  const isa::EngineDesc &E = isa::engine(Eng);
  if (Datapath && !(E.SpaceMask & isa::bit(AP.Space)))
    return Fail(Rule::Space, fmt::format("engine {} ({}) cannot reach {}: it reaches {} only",
                                         E.RecordName, E.Name, SpaceName, spaceNames(E.SpaceMask)));
  const isa::DTypeDesc &T = isa::dtype(AP.Type);
  if (OD.DTypeMask && !(OD.DTypeMask & (1u << static_cast<unsigned>(AP.Type))))
    return Fail(Rule::DType, fmt::format("{} cannot be {}: expected {}", What(), T.Name,
                                         dtypeNames(OD.DTypeMask)));
  // Four values an element: only the instructions that name a packed type
  // read them as values; DMA moves them whole.
  if (T.Lanes != 1 && !OD.DTypeMask && D.Op != isa::Opcode::DMA_COPY &&
      D.Op != isa::Opcode::DMA_COPY_CORE && D.Op != isa::Opcode::DMA_TRANSPOSE)
    return Fail(Rule::DType,
                fmt::format("{} cannot be {}: a packed x4 type is read only by the instructions "
                            "that name it (matmul_mx, quantize_mx) and moved whole by dma_copy "
                            "and dma_transpose",
                            What(), T.Name));
  // An object for a later chip may be loaded for an earlier one.
  if (T.MinGen > C.Gen)
    return Fail(Rule::DType, fmt::format("{} is {}, which needs {} or later; the chip is {}",
                                         What(), T.Name, isa::chips()[T.MinGen - 2].Name, C.Name));
  uint64_t N = AP.elementsPerPartition();
  uint32_t Max = AP.Space == isa::MemSpace::PSUM ? OD.MaxFreePsum : OD.MaxFree;
  if (N > Max)
    return Fail(
        Rule::Bounds,
        fmt::format("{} has {} elements per partition; at most {} are allowed{}", What(), N, Max,
                    AP.Space == isa::MemSpace::PSUM && OD.MaxFreePsum < OD.MaxFree ? " in PSUM"
                                                                                   : ""));
  bool OnChip = AP.Space != isa::MemSpace::HBM;
  if (OnChip && AP.PartStart + AP.NumPartitions > C.Partitions)
    return Fail(Rule::Bounds,
                fmt::format("partitions {} to {} go beyond partition {}", AP.PartStart,
                            AP.PartStart + AP.NumPartitions - 1, C.Partitions - 1));
  // The hardware's start-partition rule for compute engines (A1).
  if (OnChip && Datapath) {
    uint32_t P = AP.NumPartitions, S = AP.PartStart;
    const char *Allowed = P > 64 ? "0" : P > 32 ? "0 or 64" : "0, 32, 64 or 96";
    bool Ok = P > 64 ? S == 0 : P > 32 ? (S == 0 || S == 64) : S % 32 == 0;
    if (!Ok)
      return Fail(Rule::Partition,
                  fmt::format("an access of {} partition{} must start at partition {}, not {}", P,
                              P == 1 ? "" : "s", Allowed, S));
    for (unsigned K = 0; K < AP.NumDims; ++K)
      if (AP.Dims[K].Stride < INT16_MIN || AP.Dims[K].Stride > INT16_MAX)
        return Fail(Rule::Bounds,
                    fmt::format("free dimension {} has stride {}: SBUF and PSUM strides are "
                                "16-bit (-32768 to 32767 elements)",
                                K, AP.Dims[K].Stride));
  }
  for (unsigned K = 0; K < AP.NumDims; ++K) {
    if (AP.Dims[K].Count > 65535)
      return Fail(Rule::Bounds,
                  fmt::format("free dimension {} has {} elements: a count holds at most 65535", K,
                              AP.Dims[K].Count));
    if (AP.Dims[K].Stride < INT32_MIN || AP.Dims[K].Stride > INT32_MAX)
      return Fail(Rule::Bounds, fmt::format("free dimension {} has stride {}: strides are 32-bit",
                                            K, AP.Dims[K].Stride));
  }
  if (AP.PartStep < INT32_MIN || AP.PartStep > INT32_MAX)
    return Fail(Rule::Bounds, fmt::format("the row step {} does not fit 32 bits", AP.PartStep));
  // The bytes the pattern touches, register offset aside.
  auto [First, Last] = AP.byteSpan();
  uint64_t Capacity = AP.Space == isa::MemSpace::HBM    ? C.hbmBytes()
                      : AP.Space == isa::MemSpace::SBUF ? C.SbufPartitionBytes
                                                        : C.psumPartitionBytes();
  if (First < 0 || static_cast<uint64_t>(Last) >= Capacity)
    return Fail(Rule::Bounds,
                fmt::format("{} reaches bytes {} to {}, outside the {} bytes of {} on {}", What(),
                            First, Last, Capacity,
                            AP.Space == isa::MemSpace::HBM    ? "HBM"
                            : AP.Space == isa::MemSpace::SBUF ? "an SBUF partition"
                                                              : "a PSUM partition",
                            C.Name));
  if (OD.OneBank && AP.Space == isa::MemSpace::PSUM)
    if (std::optional<int64_t> At = bankBoundaryCrossed(First, Last, C))
      return Fail(Rule::PsumBank,
                  fmt::format("{} spans PSUM bytes {} to {}, crossing the bank boundary at {}: "
                              "it must lie within one {}-byte bank",
                              What(), First, Last, *At, C.PsumBankBytes));
  // HBM is reached only through declared tensors; with a register offset,
  // only the run time knows where the pattern lies.
  if (AP.Space == isa::MemSpace::HBM && Ctx.Tensors && !AP.Reg &&
      !tensorHolding(*Ctx.Tensors, First, Last))
    return Fail(
        Rule::Bounds,
        fmt::format("{} reaches HBM bytes 0x{:X} to 0x{:X}, outside every declared tensor{}",
                    What(), First, Last, overlapNote(*Ctx.Tensors, First, Last)));
  return std::nullopt;
}

} // namespace trn::verify
