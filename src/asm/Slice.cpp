//===- Slice.cpp - a slice of a declaration as an access pattern ----------===//

#include "trn/asm/Slice.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace trn::assembler {

Sliceable sliceable(const object::Tensor &T) {
  return {T.Name, isa::MemSpace::HBM, T.Type, T.Shape, T.Address, 0};
}

Sliceable sliceable(const object::Allocation &A) {
  return {A.Name, A.Space, A.Type, A.Shape, A.Offset, A.PartStart};
}

std::variant<isa::AccessPattern, SliceError> slicePattern(const Sliceable &Of,
                                                          std::span<const SliceIndex> Indices) {
  const std::string Name(Of.Name);
  const size_t Rank = Of.Shape.size();
  bool IsTensor = Of.Space == isa::MemSpace::HBM;
  auto Fail = [](int Index, std::string Message) { return SliceError{std::move(Message), Index}; };

  struct Slice {
    int64_t Start = 0, Count = 0, Step = 1;
    bool Dropped = false;
  };
  std::vector<Slice> Slices(Rank);
  for (size_t D = 0; D < Rank; ++D)
    Slices[D].Count = static_cast<int64_t>(Of.Shape[D]);
  for (size_t D = 0; D < Indices.size(); ++D) {
    int K = static_cast<int>(D);
    if (D == Rank)
      return Fail(K, fmt::format("'{}' has {} dimension{}: too many indices", Name, Rank,
                                 Rank == 1 ? "" : "s"));
    const SliceIndex &I = Indices[D];
    int64_t Size = static_cast<int64_t>(Of.Shape[D]);
    if (I.IsRange) {
      int64_t A = I.Lo.value_or(0), B = I.Hi.value_or(Size), Step = I.Step;
      if (Step < 1)
        return Fail(K, fmt::format("slice step {} must be at least 1", Step));
      if (A < 0 || B > Size || A >= B)
        return Fail(K, fmt::format("slice {}:{} of dimension {} of '{}' is {}; the dimension has "
                                   "size {}",
                                   A, B, D, Name, A >= B ? "empty" : "out of range", Size));
      // A step past the slice's end selects one element: clamp it so that
      // step * stride stays within the tensor (and cannot overflow).
      Step = std::min(Step, B - A);
      Slices[D] = {A, (B - A + Step - 1) / Step, Step, false};
    } else {
      if (I.Index < 0 || I.Index >= Size)
        return Fail(K, fmt::format("index {} is out of range for dimension {} of '{}' (size {})",
                                   I.Index, D, Name, Size));
      Slices[D] = {I.Index, 1, 1, true};
    }
  }

  // Counts are 32-bit in an access pattern (then split into 16-bit fields).
  for (const Slice &Sl : Slices)
    if (Sl.Count > int64_t(UINT32_MAX))
      return Fail(-1, fmt::format("a dimension of {} elements cannot be split into counts of at "
                                  "most 65535",
                                  Sl.Count));
  // Row-major element strides of the declared shape.
  std::vector<int64_t> Stride(Rank, 1);
  for (size_t D = Rank - 1; D > 0; --D)
    Stride[D - 1] = Stride[D] * static_cast<int64_t>(Of.Shape[D]);
  int64_t ElemSize = isa::dtype(Of.Type).StorageBytes;

  isa::AccessPattern AP;
  AP.Type = Of.Type;
  std::vector<isa::Dim> Free;
  int64_t Offset = 0; // elements
  if (IsTensor) {
    AP.Space = isa::MemSpace::HBM;
    std::vector<size_t> Kept;
    for (size_t D = 0; D < Rank; ++D) {
      Offset += Slices[D].Start * Stride[D];
      if (!Slices[D].Dropped)
        Kept.push_back(D);
    }
    AP.NumPartitions = 1;
    size_t FirstFree = 0;
    if (Kept.size() >= 2) {
      AP.NumPartitions = static_cast<uint32_t>(Slices[Kept[0]].Count);
      AP.PartStep = Slices[Kept[0]].Step * Stride[Kept[0]];
      FirstFree = 1;
    }
    for (size_t K = FirstFree; K < Kept.size(); ++K)
      Free.push_back(
          {Slices[Kept[K]].Step * Stride[Kept[K]], static_cast<uint32_t>(Slices[Kept[K]].Count)});
    AP.Base = Of.Base + static_cast<uint64_t>(Offset * ElemSize);
    if (AP.NumPartitions > 128)
      return Fail(-1, fmt::format("'{}' selects {} rows; a transfer moves at most 128 (slice the "
                                  "first dimension)",
                                  Name, AP.NumPartitions));
  } else {
    AP.Space = Of.Space;
    if (Slices[0].Step != 1)
      return Fail(-1, "partitions must be contiguous: the first index takes no step");
    AP.PartStart = Of.PartStart + static_cast<uint32_t>(Slices[0].Start);
    AP.NumPartitions = static_cast<uint32_t>(Slices[0].Count);
    for (size_t D = 1; D < Rank; ++D) {
      Offset += Slices[D].Start * Stride[D];
      if (!Slices[D].Dropped)
        Free.push_back({Slices[D].Step * Stride[D], static_cast<uint32_t>(Slices[D].Count)});
    }
    // Dimension 0 is the partition: it moves PartStart, never the offset.
    AP.Base = Of.Base + static_cast<uint64_t>(Offset * ElemSize);
  }
  if (Free.empty())
    Free.push_back({1, 1});
  // More than four free dimensions: merge neighbours that are contiguous.
  for (size_t D = 0; Free.size() > isa::MaxDims && D + 1 < Free.size();) {
    uint64_t Merged = uint64_t(Free[D].Count) * Free[D + 1].Count;
    if (Free[D].Stride == Free[D + 1].Stride * static_cast<int64_t>(Free[D + 1].Count) &&
        Merged <= UINT32_MAX) {
      Free[D] = {Free[D + 1].Stride, static_cast<uint32_t>(Merged)};
      Free.erase(Free.begin() + static_cast<std::ptrdiff_t>(D) + 1);
    } else {
      ++D;
    }
  }
  // A count field holds 65535 at most: split a longer dimension in two.
  for (size_t D = 0; D < Free.size(); ++D) {
    uint32_t Count = Free[D].Count;
    if (Count <= 65535)
      continue;
    // The smallest split keeps the outer stride small enough for SBUF/PSUM's
    // 16-bit strides where possible.
    uint32_t Inner = (Count + 65534) / 65535;
    while (Inner <= 65535 && (Count % Inner || Count / Inner > 65535))
      ++Inner;
    if (Inner > 65535)
      return Fail(-1, fmt::format("a dimension of {} elements cannot be split into counts of at "
                                  "most 65535",
                                  Count));
    Free[D] = {Free[D].Stride * Inner, Count / Inner};
    Free.insert(Free.begin() + static_cast<std::ptrdiff_t>(D) + 1, {Free[D].Stride / Inner, Inner});
  }
  if (Free.size() > isa::MaxDims)
    return Fail(-1, fmt::format("this slice of '{}' needs {} free dimensions; the hardware has {}",
                                Name, Free.size(), isa::MaxDims));
  AP.NumDims = static_cast<uint32_t>(Free.size());
  for (size_t D = 0; D < Free.size(); ++D)
    AP.Dims[D] = Free[D];
  return AP;
}

} // namespace trn::assembler
