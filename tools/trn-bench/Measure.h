//===- Measure.h - one kernel, timed with and without observers -*- C++ -*-===//
#ifndef TRN_BENCH_MEASURE_H
#define TRN_BENCH_MEASURE_H

#include "trn/emu/Emulator.h"
#include "trn/object/Program.h"

#include <optional>
#include <vector>

namespace trn::bench {

// The observers of a run: none (the timing model alone, as `trn-emu
// --race-check=off`), or one of trn-emu's: the report, the Perfetto trace,
// the text trace, the race detector. Traces are formatted in full and
// written to a discarding stream, so that their cost is the emulator's and
// not the disk's.
enum class Observers { None, Report, Trace, TraceText, Race };
constexpr unsigned NumObserverSets = 5;

struct Timed {
  double HostSeconds = 0; // the fastest run
  emu::RunResult Run;
  double EmulatedFlops = 0; // from the report (Observers::Report only)
};

// Runs the program with random inputs from Seed once with each observer
// set of Sets in turn, round after round, until every set has run for
// MinSeconds (at least once), and keeps each set's fastest run (Result[K]
// for Sets[K]). Interleaved, a slow spell of a shared host slows every set
// alike rather than the one measured then. Stops after the first round if
// the program faults.
std::vector<Timed> measure(const object::Program &P, std::optional<isa::Chip> Chip, uint64_t Seed,
                           const std::vector<Observers> &Sets, double MinSeconds);

struct PeakMemory {
  uint64_t PeakRssBytes = 0;  // of a child process doing one run
  uint64_t EmulatedBytes = 0; // what the emulator committed (program, SBUF, PSUM, HBM pages)
};
// One run in a forked child; nullopt if the child failed.
std::optional<PeakMemory> measurePeakMemory(const object::Program &P, std::optional<isa::Chip> Chip,
                                            uint64_t Seed);

// A run on a system of cores (goal=system), in a forked child: its host
// seconds, simulated time and instructions, and the child's peak RSS.
struct SystemTimed {
  double HostSeconds = 0;
  int64_t SimulatedPs = 0;
  uint64_t Instructions = 0, PeakRssBytes = 0, EmulatedBytes = 0;
};
std::optional<SystemTimed> measureSystem(const object::Program &P, const std::string &System,
                                         unsigned CoresPerChip, uint64_t Seed, std::string &Error);

// The same kernel run by TrnEmu under mpirun over Ranks ranks (0: without
// mpirun, the reference): its host seconds (the run's, from
// --report-json), simulated time and each rank's peak memory.
struct MpiTimed {
  double HostSeconds = 0;
  int64_t SimulatedPs = 0;
  std::vector<uint64_t> RankPeakRssMiB;
};
std::optional<MpiTimed> measureMpi(const std::string &TrnEmu, const std::string &Kernel,
                                   const std::string &System, unsigned CoresPerChip, unsigned Ranks,
                                   uint64_t Seed, std::string &Error);

} // namespace trn::bench

#endif
