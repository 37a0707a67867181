//===- Print.cpp - the print instruction (NKI's device_print) -------------===//
//
// The emulator's own instruction: it reads its operand as it stands when
// the engine reaches it and keeps its text for the run's output
// (RunResult::Prints). Timing.cpp gives it no time (IsDebug).
//
//===----------------------------------------------------------------------===//

#include "../ArrayText.h"
#include "Semantics.h"

#include <fmt/format.h>

namespace trn::emu {

void execPRINT(ExecContext &C, const isa::Instr &) {
  Machine &M = C.M;
  if (M.Prints.size() >= MaxPrints) {
    ++M.PrintsDropped;
    return;
  }
  const View &V = C.view("src");
  std::vector<uint8_t> Bytes;
  // Nothing written reads as what memory holds (zero): a print neither
  // warns nor faults, so that it changes nothing of the run it shows.
  C.readElements(V, Bytes, /*CheckInit=*/false);
  const isa::AccessPattern &AP = *V.AP;
  std::vector<uint64_t> Shape{AP.NumPartitions};
  for (uint32_t D = 0; D < AP.NumDims; ++D)
    Shape.push_back(AP.Dims[D].Count);
  M.Prints.push_back(fmt::format(
      "{}: print at {} ns on {}, instruction {}: {}[{}]\n    {}\n{}\n", M.where(C.E.Id, C.Index),
      M.NowPs / 1000, isa::engine(C.E.Id).RecordName, C.Index, isa::dtype(AP.Type).Name,
      fmt::join(Shape, ", "), M.describe(C.E.Id, C.Index), arrayText(AP.Type, Bytes, Shape)));
}

} // namespace trn::emu
