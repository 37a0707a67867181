//===- OperandName.cpp - a memory operand's symbol ------------------------===//

#include "trn/trace/OperandName.h"

#include <fmt/format.h>

#include <algorithm>

namespace trn::trace {

namespace {

// The indices of bytes [Lo, Hi] (inclusive, relative to the start) of a
// row-major array of Dims with elements of Elem bytes, appended to Out.
void indicesOf(const uint64_t *Dims, size_t NumDims, uint64_t Elem, uint64_t Lo, uint64_t Hi,
               std::vector<std::string> &Out) {
  for (size_t K = 0; K < NumDims; ++K) {
    uint64_t Stride = Elem;
    for (size_t J = K + 1; J < NumDims; ++J)
      Stride *= Dims[J];
    if (Stride == 0 || Dims[K] == 0)
      return;
    uint64_t I0 = Lo / Stride, I1 = Hi / Stride;
    bool InnerWhole = Lo % Stride == 0 && Hi % Stride == Stride - 1;
    if (I0 == 0 && I1 + 1 >= Dims[K] && InnerWhole) {
      Out.emplace_back(":");
      return; // the rest is whole
    }
    if (I0 == I1) {
      Out.push_back(std::to_string(I0));
      Lo -= I0 * Stride;
      Hi -= I0 * Stride;
      continue;
    }
    Out.push_back(fmt::format("{}:{}", I0, std::min<uint64_t>(I1 + 1, Dims[K])));
    return;
  }
}

std::string named(const std::string &Name, std::vector<std::string> Indices) {
  while (!Indices.empty() && Indices.back() == ":")
    Indices.pop_back();
  if (Indices.empty())
    return Name;
  return fmt::format("{}[{}]", Name, fmt::join(Indices, ", "));
}

} // namespace

std::string operandName(const object::Program &P, const isa::AccessPattern &AP) {
  if (!AP.present())
    return "";
  std::string Reg = AP.Reg ? fmt::format(" + r{}", *AP.Reg) : "";
  auto [SpanLo, SpanHi] = AP.byteSpan();
  uint64_t Lo = static_cast<uint64_t>(std::max<int64_t>(SpanLo, 0));
  uint64_t Hi = static_cast<uint64_t>(std::max<int64_t>(SpanHi, 0));
  if (AP.Space == isa::MemSpace::HBM) {
    for (const object::Tensor &T : P.Tensors) {
      uint64_t Bytes = T.bytes();
      if (AP.Base < T.Address || AP.Base >= T.Address + Bytes)
        continue;
      std::vector<std::string> Indices;
      indicesOf(T.Shape.data(), T.Shape.size(), isa::dtype(T.Type).StorageBytes, Lo - T.Address,
                std::min(Hi, T.Address + Bytes - 1) - T.Address, Indices);
      return named(T.Name, std::move(Indices)) + Reg;
    }
    return fmt::format("hbm {:#x}", AP.Base) + Reg;
  }
  for (const object::Allocation &A : P.Allocations) {
    uint64_t Bytes = A.bytesPerPartition();
    uint64_t Parts = A.Shape.empty() ? 0 : A.Shape[0];
    if (A.Space != AP.Space || AP.Base < A.Offset || AP.Base >= A.Offset + Bytes ||
        AP.PartStart < A.PartStart || AP.PartStart >= A.PartStart + Parts)
      continue;
    std::vector<std::string> Indices;
    uint64_t P0 = AP.PartStart - A.PartStart;
    uint64_t P1 = std::min<uint64_t>(P0 + AP.NumPartitions, Parts);
    if (P0 == 0 && P1 == Parts)
      Indices.emplace_back(":");
    else if (P1 == P0 + 1)
      Indices.push_back(std::to_string(P0));
    else
      Indices.push_back(fmt::format("{}:{}", P0, P1));
    indicesOf(A.Shape.data() + 1, A.Shape.size() - 1, isa::dtype(A.Type).StorageBytes,
              Lo - A.Offset, std::min(Hi, A.Offset + Bytes - 1) - A.Offset, Indices);
    return named(A.Name, std::move(Indices)) + Reg;
  }
  return fmt::format("{}[{}:{}] {:#x}", isa::memSpace(AP.Space).Name, AP.PartStart,
                     AP.PartStart + AP.NumPartitions, AP.Base) +
         Reg;
}

std::string transferName(const object::Program &P, const isa::Instr &I) {
  return operandName(P, I.Operands[1].AP) + " -> " + operandName(P, I.Operands[0].AP);
}

} // namespace trn::trace
