//===- Layout.cpp - where declarations go, and what they may be -----------===//

#include "trn/asm/Layout.h"

#include "FloatSemantics.h"
#include "llvm/ADT/APFloat.h"
#include "trn/object/ObjectFile.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace trn::assembler {

namespace {

using Part = LayoutError::Part;

// Bytes are laid out on these boundaries: unpublished (psum_min_align and
// sbuf_min_align exist but have no published values), chosen.
constexpr uint64_t HbmAlign = 64, SbufAlign = 64, PsumAlign = 4;

uint64_t alignTo(uint64_t V, uint64_t A) { return (V + A - 1) / A * A; }

LayoutError error(Part P, std::string Message, int Dim = -1) {
  return {P, std::move(Message), Dim};
}

} // namespace

std::optional<LayoutError> checkShape(std::span<const uint64_t> Shape, bool OnChip) {
  for (size_t D = 0; D < Shape.size(); ++D)
    if (Shape[D] < 1 || Shape[D] > uint64_t(INT64_MAX))
      return error(Part::Shape,
                   fmt::format("dimension {} is {}: dimensions are at least 1", D,
                               static_cast<int64_t>(Shape[D])),
                   static_cast<int>(D));
  if (Shape.size() > 8)
    return error(Part::Shape,
                 fmt::format("a shape of rank {}: at most 8 dimensions", Shape.size()));
  if (Shape.empty())
    return error(Part::Shape, "a shape needs at least one dimension");
  // Sizes are products of the dimensions: refuse any that would overflow
  // (2^48 elements is beyond every memory here anyway).
  unsigned __int128 Elements = 1;
  for (uint64_t D : Shape) {
    Elements *= D;
    if (Elements > (uint64_t(1) << 48))
      return error(Part::Shape,
                   "the shape has more than 2^48 elements, beyond any memory of the chip");
  }
  if (OnChip && Shape.size() < 2)
    return error(Part::Shape,
                 "an on-chip allocation needs [partitions, free dims...]: at least 2 dimensions");
  return std::nullopt;
}

std::optional<LayoutError> Layout::placeTensor(object::Tensor &T, std::optional<int64_t> At,
                                               const isa::ChipDesc &C) {
  uint64_t Bytes = T.bytes();
  if (At) {
    if (*At < 0 || *At % isa::dtype(T.Type).StorageBytes)
      return error(Part::At, fmt::format("address {} is not a multiple of the dtype's {} bytes",
                                         *At, isa::dtype(T.Type).StorageBytes));
    if (T.Shared && *At % object::SharedTensorAlign)
      return error(Part::At, fmt::format("address 0x{:X} of a shared tensor is not on a 64 KiB "
                                         "page (a multiple of 0x10000)",
                                         *At));
    T.Address = static_cast<uint64_t>(*At);
  } else {
    // A shared tensor has its pages to itself: the tensors before end, and
    // those after begin, on a page boundary.
    T.Address = alignTo(NextHbm, T.Shared || AfterShared ? object::SharedTensorAlign : HbmAlign);
  }
  if (T.Address + Bytes > C.hbmBytes() || Bytes > C.hbmBytes())
    return error(Part::Shape,
                 fmt::format("tensor '{}' ({} bytes at 0x{:X}) does not fit the {} GiB of {} HBM",
                             T.Name, Bytes, T.Address, C.HbmGiB, C.Name));
  NextHbm = std::max(NextHbm, T.Address + Bytes);
  AfterShared = T.Shared;
  return std::nullopt;
}

std::optional<LayoutError> psumBankOffset(int64_t Bank, const isa::ChipDesc &C, int64_t &Offset) {
  if (Bank < 0 || Bank >= C.PsumBanks)
    return error(Part::At,
                 fmt::format("PSUM bank {} is out of range 0 to {}", Bank, C.PsumBanks - 1));
  Offset = Bank * C.PsumBankBytes;
  return std::nullopt;
}

std::optional<LayoutError> Layout::placeAllocation(object::Allocation &A, std::optional<int64_t> At,
                                                   const isa::ChipDesc &C) {
  bool Psum = A.Space == isa::MemSpace::PSUM;
  if (A.PartStart > 127)
    return error(Part::Partition,
                 fmt::format("partition {} is out of range 0 to 127", A.PartStart));
  if (At && *At < 0)
    return error(Part::At, "a byte offset cannot be negative");
  if (A.PartStart + A.Shape[0] > 128)
    return error(Part::Shape, fmt::format("'{}' covers partitions {} to {}: there are 128 (0 to "
                                          "127)",
                                          A.Name, A.PartStart, A.PartStart + A.Shape[0] - 1));
  uint64_t Capacity = Psum ? C.psumPartitionBytes() : C.SbufPartitionBytes;
  uint64_t Bytes = A.bytesPerPartition();
  uint64_t Bank = C.PsumBankBytes;
  if (At) {
    A.Offset = static_cast<uint64_t>(*At);
  } else if (Psum) {
    uint64_t Off = alignTo(NextPsum, PsumAlign);
    // Keep a bank-sized (or smaller) accumulation inside one bank, and
    // start a larger one on a bank boundary.
    if (Bytes > Bank || Off / Bank != (Off + Bytes - 1) / Bank)
      Off = alignTo(Off, Bank);
    A.Offset = Off;
  } else {
    A.Offset = alignTo(NextSbuf, SbufAlign);
  }
  if (A.Offset % isa::dtype(A.Type).StorageBytes)
    return error(Part::At, fmt::format("offset {} is not a multiple of the dtype's {} bytes",
                                       A.Offset, isa::dtype(A.Type).StorageBytes));
  if (A.Offset + Bytes > Capacity)
    return error(Part::Shape,
                 fmt::format("'{}' needs bytes {} to {} of each partition, beyond the {} bytes of "
                             "{} partition on {}",
                             A.Name, A.Offset, A.Offset + Bytes - 1, Capacity,
                             Psum ? "a PSUM" : "an SBUF", C.Name));
  if (Psum && Bytes <= Bank && A.Offset / Bank != (A.Offset + Bytes - 1) / Bank)
    return error(Part::Shape,
                 fmt::format("'{}' (bytes {} to {}) crosses the PSUM bank boundary at {}: an "
                             "allocation of at most one bank ({} bytes) must lie within one bank",
                             A.Name, A.Offset, A.Offset + Bytes - 1, (A.Offset / Bank + 1) * Bank,
                             Bank));
  if (Psum && Bytes > Bank && A.Offset % Bank)
    return error(Part::Shape,
                 fmt::format("'{}' spans several PSUM banks, so it must start on a bank boundary "
                             "(a multiple of {}), not at {}",
                             A.Name, Bank, A.Offset));
  (Psum ? NextPsum : NextSbuf) = std::max(Psum ? NextPsum : NextSbuf, A.Offset + Bytes);
  return std::nullopt;
}

std::optional<LayoutError> Layout::placeSemaphore(object::Semaphore &S, std::optional<int64_t> At,
                                                  std::span<const object::Semaphore> Declared,
                                                  const isa::ChipDesc &C) {
  if (S.Name.size() > 1 && S.Name[0] == 's' &&
      std::all_of(S.Name.begin() + 1, S.Name.end(), [](char Ch) { return Ch >= '0' && Ch <= '9'; }))
    return error(Part::Name, fmt::format("'{}' is how semaphores are written by number (s0, s1, "
                                         "...): choose another name",
                                         S.Name));
  S.Index = NextSem;
  if (At) {
    if (*At < 0 || *At >= C.Semaphores)
      return error(Part::At, fmt::format("semaphore index {} is out of range: {} has s0 to s{}",
                                         *At, C.Name, C.Semaphores - 1));
    S.Index = static_cast<uint32_t>(*At);
  }
  for (const object::Semaphore &Other : Declared)
    if (Other.Index == S.Index)
      return error(Part::Name, fmt::format("semaphore '{}' would share s{} with '{}'", S.Name,
                                           S.Index, Other.Name));
  if (S.Index >= C.Semaphores)
    return error(Part::Name, fmt::format("no semaphore left for '{}': {} has {}", S.Name, C.Name,
                                         C.Semaphores));
  NextSem = std::max(NextSem, S.Index + 1);
  return std::nullopt;
}

std::optional<LayoutError> checkInitialDataSize(const object::Tensor &T, uint64_t DataBytes) {
  // Initial data lives in the object file; anything bigger belongs in an
  // input bound at run time. The limit is the program's, all tensors'
  // initial data together, as the object reader enforces it.
  constexpr uint64_t MaxInitBytes = object::MaxInitialDataBytes;
  uint64_t Bytes = T.bytes();
  if (Bytes > MaxInitBytes)
    return error(Part::Initial,
                 fmt::format("tensor '{}' has {} bytes: initial data is limited to 256 MiB; bind "
                             "its contents at run time with trn-emu --in instead",
                             T.Name, Bytes));
  if (DataBytes + Bytes > MaxInitBytes)
    return error(Part::Initial,
                 fmt::format("tensor '{}' has {} bytes: with the {} bytes of initial data before "
                             "it, the program's would come to {}, past the limit of 256 MiB; bind "
                             "its contents at run time with trn-emu --in instead",
                             T.Name, Bytes, DataBytes, DataBytes + Bytes));
  return std::nullopt;
}

std::optional<LayoutError> convertInitialData(const object::Tensor &T,
                                              std::span<const double> Values, bool Fill,
                                              uint8_t *Out) {
  uint64_t N = T.elements();
  if (!Fill && Values.size() != N)
    return error(Part::Initial,
                 fmt::format("tensor '{}' has {} elements but its initial data has {}", T.Name, N,
                             Values.size()));
  const isa::DTypeDesc &DT = isa::dtype(T.Type);
  if (DT.Lanes != 1) // four values an element: no one number says them
    return error(Part::Initial,
                 fmt::format("tensor '{}': a packed type ({}) takes no initial data; give the "
                             "tensor as an input",
                             T.Name, DT.Name));
  // fill(v): the value is converted once; the caller repeats its bytes.
  for (uint64_t I = 0; I < (Fill ? 1 : N); ++I) {
    double V = Values[Fill ? 0 : I];
    uint64_t Bits;
    if (T.Type == isa::DType::FP8_E8M0) {
      // A power of two 2^-127 to 2^127 (bits e - 127), or NaN (0xff).
      int Exp = 0;
      double Frac = std::frexp(V, &Exp); // V = Frac * 2^Exp, Frac in [0.5, 1)
      if (std::isnan(V))
        Bits = 0xff;
      else if (Frac != 0.5 || Exp - 1 < -127 || Exp - 1 > 127)
        return error(Part::Initial,
                     fmt::format("initial value {} is not a power of two from 2^-127 to 2^127, "
                                 "as fp8_e8m0 holds",
                                 V));
      else
        Bits = static_cast<uint64_t>(Exp - 1 + 127);
    } else if (DT.Kind == isa::DTypeKind::Float) {
      if (DT.Style == isa::FloatStyle::NoSpecials && (std::isnan(V) || std::isinf(V)))
        return error(Part::Initial, fmt::format("{} has no infinity or NaN", DT.Name));
      // APFloat saturates E2M1 silently: 7 and beyond round past 6 (to 8,
      // were there an 8), which is overflow here as for the other types.
      if (DT.Style == isa::FloatStyle::NoSpecials && std::fabs(V) >= 7)
        return error(Part::Initial, fmt::format("initial value {} overflows {}", V, DT.Name));
      const llvm::fltSemantics *Sem = &isa::floatSemantics(T.Type);
      llvm::APFloat F(V);
      bool LosesInfo;
      auto Status = F.convert(*Sem, llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
      if ((Status & llvm::APFloat::opOverflow) && !std::isinf(V))
        return error(Part::Initial, fmt::format("initial value {} overflows {}", V, DT.Name));
      if (std::isinf(V) && DT.Style == isa::FloatStyle::FiniteOnly)
        return error(Part::Initial, fmt::format("{} has no infinity", DT.Name));
      Bits = F.bitcastToAPInt().getZExtValue();
      if (T.Type == isa::DType::TF32)
        Bits <<= 13; // tf32 sits in the top 19 bits of its 4-byte container
    } else {
      bool Signed = DT.Kind == isa::DTypeKind::Int;
      double Lo = Signed ? -std::ldexp(1.0, DT.Bits - 1) : 0;
      double Hi = Signed ? std::ldexp(1.0, DT.Bits - 1) - 1 : std::ldexp(1.0, DT.Bits) - 1;
      if (V != std::floor(V) || V < Lo || V > Hi)
        return error(Part::Initial, fmt::format("initial value {} does not fit {}", V, DT.Name));
      Bits = static_cast<uint64_t>(static_cast<int64_t>(V));
    }
    for (unsigned B = 0; B < DT.StorageBytes; ++B)
      Out[I * DT.StorageBytes + B] = static_cast<uint8_t>(Bits >> (8 * B));
  }
  return std::nullopt;
}

} // namespace trn::assembler
