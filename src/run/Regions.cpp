//===- Regions.cpp - what a run reads and writes by name ------------------===//

#include "trn/run/Regions.h"

#include <fmt/format.h>

namespace trn::run {

namespace {

std::string listed(const std::vector<std::string> &Names) {
  return Names.empty() ? "none" : fmt::format("{}", fmt::join(Names, ", "));
}

std::vector<std::string> tensorNames(const object::Program &P) {
  std::vector<std::string> Names;
  for (const object::Tensor &T : P.Tensors)
    Names.push_back(T.Name);
  return Names;
}

} // namespace

Region regionOf(const object::Tensor &T) { return {T.Name, T.Type, T.Shape, false, T.bytes()}; }

Region regionOf(const object::Allocation &A) { return {A.Name, A.Type, A.Shape, true, A.bytes()}; }

std::variant<Region, std::string> findRegion(const object::Program &P, std::string_view Name) {
  if (const object::Tensor *T = P.findTensor(Name))
    return regionOf(*T);
  if (const object::Allocation *A = P.findAllocation(Name))
    return regionOf(*A);
  std::vector<std::string> Names = tensorNames(P);
  for (const object::Allocation &A : P.Allocations)
    Names.push_back(A.Name);
  return fmt::format("the program declares no tensor or allocation '{}' (it has: {})", Name,
                     listed(Names));
}

std::variant<const object::Tensor *, std::string> findTensor(const object::Program &P,
                                                             std::string_view Name) {
  if (const object::Tensor *T = P.findTensor(Name))
    return T;
  if (const object::Allocation *A = P.findAllocation(Name))
    return fmt::format("'{}' is an allocation in {}, not an HBM tensor", Name,
                       A->Space == isa::MemSpace::PSUM ? "PSUM" : "SBUF");
  return fmt::format("the program declares no tensor '{}' (it has: {})", Name,
                     listed(tensorNames(P)));
}

std::vector<Region> faultDumpRegions(const object::Program &P) {
  std::vector<Region> Regions;
  for (const object::Tensor &T : P.Tensors)
    if (T.Role == object::TensorRole::Output)
      Regions.push_back(regionOf(T));
  for (const object::Allocation &A : P.Allocations)
    Regions.push_back(regionOf(A));
  return Regions;
}

std::optional<std::string> readRegion(const emu::Emulator &E, const Region &R, uint64_t Offset,
                                      std::span<uint8_t> Out) {
  return R.OnChip ? E.allocationBytes(R.Name, Offset, Out) : E.tensorBytes(R.Name, Offset, Out);
}

} // namespace trn::run
