//===- SameProgram.h - programs equal but for source locations --*- C++ -*-===//
#ifndef TRN_FUZZ_SAMEPROGRAM_H
#define TRN_FUZZ_SAMEPROGRAM_H

#include "trn/object/Program.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace trn::fuzz {

// Everything but source locations (Files, every Loc and Locs) agrees;
// labels in any order. A disassembly re-assembled points its line table at
// the disassembly, so only that may differ.
inline bool sameProgramButLocations(const object::Program &A, const object::Program &B) {
  if (A.TargetChip != B.TargetChip || A.Data != B.Data)
    return false;
  for (unsigned E = 0; E < isa::NumEngines; ++E)
    if (A.Streams[E].Code != B.Streams[E].Code || A.Streams[E].Offsets != B.Streams[E].Offsets)
      return false;
  auto NoLoc = [](auto V) {
    for (auto &X : V)
      X.Loc = {};
    return V;
  };
  auto Labels = [](const std::vector<object::Label> &V) {
    std::vector<std::tuple<unsigned, uint32_t, std::string>> S;
    for (const object::Label &L : V)
      S.emplace_back(static_cast<unsigned>(L.Eng), L.Index, L.Name);
    std::sort(S.begin(), S.end());
    return S;
  };
  return NoLoc(A.Tensors) == NoLoc(B.Tensors) && NoLoc(A.Allocations) == NoLoc(B.Allocations) &&
         NoLoc(A.Semaphores) == NoLoc(B.Semaphores) && Labels(A.Labels) == Labels(B.Labels);
}

} // namespace trn::fuzz

#endif
