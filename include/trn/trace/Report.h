//===- trn/trace/Report.h - the utilization report --------------*- C++ -*-===//
//
// What neuron-profile's summary reports, for one emulated run: time,
// per-engine activity and where idle time went, MFU, HBM traffic, DMA
// activity; and how fast the host emulated it. Built by an observer, so the
// run pays for it only when a report is asked for.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_REPORT_H
#define TRN_TRACE_REPORT_H

#include "trn/emu/Emulator.h"

#include <array>
#include <deque>
#include <map>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace trn::trace {

// Time an engine spent waiting, charged to the semaphore signalled last
// before the wait ended and to who sent that signal.
struct StallCause {
  int Semaphore = -1;        // its index; -1 when unknown
  std::string SemaphoreName; // as declared, or ""
  emu::Sender By;            // By.Valid false: never signalled (its initial value)
  object::SourceLoc ByLoc;   // the sending instruction's source (Line 0: unknown)
  std::string ByFile;        // the file ByLoc names, or ""
  int64_t Ps = 0;

  // "s3 (loaded), last signalled by DMA q0.0 (SP #2)", as the text report
  // prints it.
  std::string description() const;
};

struct EngineReport {
  std::string Name; // "PE (Tensor)"
  std::string Id;   // "PE"
  uint64_t Instructions = 0;
  int64_t ActivePs = 0;  // executing instructions
  int64_t StalledPs = 0; // blocked on semaphores
  // The stall breakdown, longest first (equal times by description).
  std::vector<StallCause> Stalls;
};

// What bounds the run: the busiest resource, and one line saying so
// (docs/cli.md, "What bounds the kernel").
struct Bound {
  std::string Resource; // "PE", "DVE", "ACT", "POOL", "SP", "hbm", "dma" or "latency"
  double Percent = 0;   // that resource's utilization (the busiest one's for "latency")
  std::string Summary;  // "memory-bound: HBM at 88.1% of the core's share (...)"
};

struct QueueReport {
  unsigned Queue = 0; // engine * 16 + queue
  uint64_t Transfers = 0, Bytes = 0;
  int64_t BusyPs = 0;
};

struct Report {
  std::string Chip;
  int64_t TotalPs = 0;
  uint64_t Cycles = 0; // of the PE clock
  uint64_t Instructions = 0;
  std::array<EngineReport, isa::NumEngines> Engines;
  double MatmulFlops = 0;  // useful TensorE FLOPs: 2 K M N per matmul
  double PeakFlopTime = 0; // sum over matmuls of FLOPs / peak FLOP/s for their dtype
  double Mfu = 0;          // PeakFlopTime / total time
  uint64_t HbmReadBytes = 0, HbmWriteBytes = 0;
  double HbmGBps = 0;     // (read + written) / total time
  double HbmPeakGBps = 0; // the core's share: the chip's HBM bandwidth / its cores
  uint64_t DmaTransfers = 0, DmaBytes = 0;
  int64_t DmaActivePs = 0;         // time at least one transfer was in flight
  double DmaGBps = 0;              // bytes moved / total time
  double DmaPeakGBps = 0;          // every DMA engine moving at its rate
  std::vector<QueueReport> Queues; // those used, by queue number
  Bound Verdict;
  double HostSeconds = 0;   // 0: not measured (no host rates are reported)
  double EmulatedFlops = 0; // matmul FLOPs plus one per element an instruction writes
};

// The report's JSON layout; raised when a field changes meaning or goes.
inline constexpr int ReportSchemaVersion = 1;

// What bounds a run whose other figures are filled in.
Bound boundOf(const Report &R);

// Watches a run and builds its report. It watches few events: the run's
// per-engine figures and per-instruction execution counts give the rest
// at the end; only the stalls, the matmuls (whose peak-time sum must be
// added in the order they ran) and the transfers are delivered.
class ReportBuilder : public emu::CompletionObserver {
public:
  explicit ReportBuilder(const emu::Emulator &E);
  // It keeps pointers into its own partial report.
  ReportBuilder(const ReportBuilder &) = delete;
  ReportBuilder &operator=(const ReportBuilder &) = delete;
  void instructionDone(const emu::InstrEvent &Ev) override;
  void stalled(const emu::StallEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  bool wantsInstructionDone(const isa::Instr &I) const override;

  Report build(const emu::RunResult &R, double HostSeconds) const;

private:
  const emu::Emulator &E;
  Report Partial;
  std::map<unsigned, QueueReport> Queues;
  // What one static instruction adds each time it runs.
  struct StaticWork {
    const isa::Instr *I = nullptr;
    enum class Kind : uint8_t { None, Matmul, Elementwise } K = Kind::None;
    uint64_t Flops = 0;   // matmul FLOPs, or elements written
    double PeakTime = -1; // Flops / peak FLOP/s, when the dtype has a peak
  };
  StaticWork workFor(const isa::Instr &I) const;
  // Found once per matmul.
  std::array<std::vector<StaticWork>, isa::NumEngines> Work;
  // Each (engine, semaphore, sender) seen, in a stable home.
  std::array<std::deque<StallCause>, isa::NumEngines> Causes;
  std::unordered_map<uint64_t, StallCause *> CauseOf;

  // By engine: the last stall cause, found again without a look-up.
  struct LastStall {
    int WaitSem = -1;
    emu::Sender By;
    int64_t *Total = nullptr;
  };
  std::array<LastStall, isa::NumEngines> LastStalls{};

  const StaticWork &workOf(const emu::InstrEvent &Ev);
  // An engine's instructions' FLOPs: the sum over its static instructions
  // of executions times FLOPs.
  unsigned __int128 flopsOf(isa::Engine Eng) const;
};

void printReport(const Report &R, std::ostream &OS);
void writeReportJson(const Report &R, std::ostream &OS);

// A run on a system of cores (trn/emu/System.h): the system's figures and
// each core's report, by core number (its "core" and "chip_index" in place
// of the schema version, which the whole carries once).
struct SystemReport {
  std::string Chip;
  unsigned Chips = 1, CoresPerChip = 1;
  int64_t TotalPs = 0;
  uint64_t Cycles = 0, Instructions = 0;
  uint64_t Messages = 0;  // semaphore updates between cores
  uint64_t Windows = 0;   // lockstep steps the run took
  double HostSeconds = 0; // 0: not measured
  // Over MPI ranks (docs/mpi.md): each rank's peak resident memory, MiB.
  std::vector<uint64_t> RankPeakRssMiB;
  std::string Instance; // "" on one chip
  uint64_t Collectives = 0;
  struct Link {
    std::string Name;
    uint64_t Bytes = 0, Transfers = 0;
    int64_t BusyPs = 0;
    uint32_t MBps = 0;
  };
  std::vector<Link> Links; // those that carried something
  // Each core's object as systemCoreReportJson writes it, on the core's
  // own rank over MPI ranks.
  std::vector<std::string> CoreJson;
};
void writeSystemReportJson(const SystemReport &S, std::ostream &OS);
// Core K's object in the system report, as writeSystemReportJson writes it.
std::string systemCoreReportJson(const Report &R, unsigned K, unsigned CoresPerChip);

// A short name for who sent a signal: "DVE #3" or "DMA q0.1 (SP #2)".
std::string senderName(const emu::Sender &S);

} // namespace trn::trace

#endif
