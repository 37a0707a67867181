//===- EmitSummary.cpp - a one-screen overview of the ISA -----------------===//
//
// --gen-isa-summary prints what the ISA holds: how many instructions each
// engine runs, the dtypes, the enumerations and the chip presets. It is the
// first thing the README's demo shows.
//
//===----------------------------------------------------------------------===//

#include "IsaModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <fmt/format.h>

using namespace llvm;

namespace trn::tblgen {
namespace {

void emitSummary(RecordKeeper &RK, raw_ostream &OS) {
  std::optional<IsaModel> Model = IsaModel::read(RK);
  if (!Model)
    return;
  const IsaModel &M = *Model;
  size_t Control = std::count_if(M.Instrs.begin(), M.Instrs.end(),
                                 [](const InstrInfo &I) { return I.IsSequencer; });
  OS << fmt::format("trnemu ISA: {} instructions ({} datapath and DMA, {} control) on {} "
                    "engines; {} dtypes; {} chips\n\n",
                    M.Instrs.size(), M.Instrs.size() - Control, Control, M.Engines.size(),
                    M.DTypes.size(), M.Chips.size());

  OS << "Engine      datapath and DMA instructions (+ the control instructions)\n";
  for (const EngineInfo &E : M.Engines) {
    std::vector<std::string> Names;
    for (const InstrInfo &I : M.Instrs)
      if ((I.EngineMask >> E.Id & 1) && !I.IsSequencer)
        Names.push_back(I.Mnemonic);
    OS << fmt::format("  {:<4} {:<6} {:>2}: {}\n", E.RecordName, E.Name, Names.size(),
                      Names.empty() ? "-" : join(Names, " "));
  }

  std::vector<std::string> DTypes;
  for (const DTypeInfo &T : M.DTypes)
    DTypes.push_back(T.Name);
  OS << "\nDtypes: " << join(DTypes, " ") << "\n";
  for (const EnumTypeInfo &E : M.Enums)
    OS << fmt::format("{}: {} values\n", E.Name, E.Values.size());
  OS << fmt::format("Cost classes: {}, over {} predicates and {} constants\n", M.CostClasses.size(),
                    M.CostPreds.size(), M.CostConsts.size());

  OS << "\nChip   gen  PE/DVE/ACT/POOL/SP MHz     SBUF/partition  PSUM banks  HBM      "
        "HBM/core   DMA/core  PE TFLOPS\n";
  for (const ChipInfo &C : M.Chips) {
    std::vector<std::string> Clocks;
    for (int MHz : C.ClockMHz)
      Clocks.push_back(std::to_string(MHz));
    const auto &I = C.Ints;
    OS << fmt::format("{:<6} {:>3}  {:<24} {:>7} KiB     {} x {} B  {:>3} GiB  {:>4} GB/s  "
                      "{:>4} GB/s  {:>6.2f}\n",
                      C.Name, C.Gen, join(Clocks, "/"), I.at("SbufPartitionBytes") / 1024,
                      I.at("PsumBanks"), I.at("PsumBankBytes"), I.at("HbmGiB"),
                      I.at("HbmChipGBps") / I.at("CoresPerChip"),
                      I.at("DmaEngines") * I.at("DmaEngineMBps") / 1000,
                      2.0 * C.PeModes.front().MacsPerCycle * C.ClockMHz[M.peEngine()] / 1e6);
  }
  for (const ChipInfo &C : M.Chips)
    if (!C.Speculative.empty())
      OS << fmt::format("{} is speculative: {}\n", C.Name, C.Speculative);
}

TableGen::Emitter::Opt GenSummary("gen-isa-summary", emitSummary,
                                  "Print a one-screen overview of the ISA");

} // namespace
} // namespace trn::tblgen
