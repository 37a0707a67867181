//===- trn/trace/Profile.h - time per source line ---------------*- C++ -*-===//
//
// Where a run's time went, by source line, as a sampling profiler's
// annotated listing would say, but exact: for each (line, engine) the
// executions of its instructions, their busy time (start to end), the time
// they waited on semaphores before issuing, and the time of the DMA
// transfers they triggered. An instruction expanded from a macro or a
// .rept belongs to the body line it was written on (the line table says
// so). trn-emu --profile prints it (docs/cli.md, "The profile").
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_PROFILE_H
#define TRN_TRACE_PROFILE_H

#include "trn/emu/Emulator.h"

#include <array>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

namespace trn::trace {

struct ProfileLine {
  // The source line; Line 0 when the program has no line table for it
  // (then Index is the instruction, and the row is that one instruction).
  uint32_t File = 0, Line = 0;
  isa::Engine Eng = isa::Engine::SP;
  uint32_t Index = 0;      // the first (lowest-index) instruction of the row
  std::string Where;       // "k.s:12", or "<PE #3>" without a line
  std::string Instruction; // the first instruction, disassembled
  uint64_t Executions = 0; // instructions of the row completed
  int64_t BusyPs = 0;      // sum of their end - start
  int64_t WaitPs = 0;      // sum of their waits on semaphores before issue
  uint64_t Transfers = 0;  // DMA transfers they triggered, completed
  int64_t DmaPs = 0;       // sum of those transfers' durations
};

struct Profile {
  std::string Chip;
  int64_t TotalPs = 0;
  // Busiest first: by busy time, then waiting, then DMA time, then file,
  // line and engine (a total order: the table is deterministic).
  std::vector<ProfileLine> Lines;
  // By engine: the sums of its rows (its instructions' busy and waiting
  // times are the report's active and stalled times).
  std::array<ProfileLine, isa::NumEngines> Totals{};
  ProfileLine Total; // of every row
};

// Watches every instruction's completion and every transfer's: no issues,
// signals or footprints.
class Profiler : public emu::CompletionObserver {
public:
  explicit Profiler(const emu::Emulator &E);
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;

  Profile build(const emu::RunResult &R) const;

private:
  const emu::Emulator &E;
  // By engine, by instruction index: its row, found on first execution.
  std::array<std::vector<int32_t>, isa::NumEngines> RowOf;
  std::vector<ProfileLine> Rows;
  // (file, line, engine) -> row; lines 0 are keyed by index instead.
  std::map<std::tuple<uint32_t, uint32_t, unsigned, uint32_t>, int32_t> RowByKey;

  ProfileLine &rowFor(isa::Engine Eng, uint32_t Index);
};

// The table trn-emu --profile prints, and the same as JSON
// (--profile-json; docs/cli.md, "Profile JSON").
void printProfile(const Profile &P, std::ostream &OS);
void writeProfileJson(const Profile &P, std::ostream &OS);

} // namespace trn::trace

#endif
