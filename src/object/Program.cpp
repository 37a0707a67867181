//===- Program.cpp - small helpers of the program model -------------------===//

#include "trn/object/Program.h"

#include "trn/object/ObjectFile.h"

#include <fmt/format.h>

namespace trn::object {

const char *roleName(TensorRole R) {
  switch (R) {
  case TensorRole::Input:
    return "input";
  case TensorRole::Output:
    return "output";
  case TensorRole::Scratch:
    return "scratch";
  }
  return "unknown";
}

uint64_t Tensor::elements() const {
  uint64_t N = 1;
  for (uint64_t Dim : Shape)
    N *= Dim;
  return N;
}

uint64_t Tensor::bytes() const { return elements() * isa::dtype(Type).StorageBytes; }

uint64_t Allocation::bytesPerPartition() const {
  if (Shape.empty()) // no partitions, so nothing in any of them
    return 0;
  uint64_t N = 1;
  for (size_t D = 1; D < Shape.size(); ++D)
    N *= Shape[D];
  return N * isa::dtype(Type).StorageBytes;
}

uint64_t Allocation::bytes() const { return Shape.empty() ? 0 : Shape[0] * bytesPerPartition(); }

const Allocation *Program::findAllocation(std::string_view Name) const {
  for (const Allocation &A : Allocations)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

const Tensor *Program::findTensor(std::string_view Name) const {
  for (const Tensor &T : Tensors)
    if (T.Name == Name)
      return &T;
  return nullptr;
}

std::string Program::where(const SourceLoc &Loc) const {
  if (Loc.Line == 0)
    return "";
  std::string File = Loc.File < Files.size() ? printableFileName(Files[Loc.File])
                                             : fmt::format("<file {}>", Loc.File);
  return fmt::format("{}:{}:{}", File, Loc.Line, Loc.Col);
}

std::string printableFileName(std::string_view Name) {
  std::string Out;
  Out.reserve(Name.size());
  for (char C : Name) {
    auto U = static_cast<unsigned char>(C);
    if (U < 0x20 || U == 0x7F)
      Out += fmt::format("\\x{:02x}", U);
    else
      Out += C;
  }
  return Out;
}

} // namespace trn::object
