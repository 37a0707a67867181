//===- trn/emu/System.h - a program on the cores of a chip ------*- C++ -*-===//
//
// A system of NeuronCores running one program (SPMD, docs/multicore.md):
// each core an Emulator of its own (its SBUF, PSUM, engines, semaphores and
// private HBM tensors), the tensors declared `shared` one copy for the
// chip, and semaphore updates between cores (sem_signal_core,
// core_barrier) as timestamped messages. One deterministic process: the
// cores advance in windows of the smallest cross-core delay, each core's
// window in core order, and the messages of a window are delivered at its
// end in the order (arrival, sending core, sent). A single core is an
// Emulator, run exactly as before.
//
//   trn::emu::System S(std::move(Program), trn::isa::lookupSystem("trn2-chip"));
//   S.core(3).setTensor("x", XBytes);              // core 3's private x
//   trn::emu::SystemRunResult R = S.run({});
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_SYSTEM_H
#define TRN_EMU_SYSTEM_H

#include "trn/emu/Emulator.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trn::emu {

// A transfer holding a link (System::recordLinkBusy).
struct LinkBusy {
  int64_t StartPs = 0, EndPs = 0;
  uint64_t Bytes = 0;
};

// A link's figures over a run: bytes, transfers, time busy (docs/multicore.md).
struct LinkReport {
  std::string Name; // "chip 0 -> chip 1 (+x)", "core 3 on-chip"
  uint64_t Bytes = 0, Transfers = 0;
  int64_t BusyPs = 0;
  uint32_t MBps = 0;          // its bandwidth
  std::vector<LinkBusy> Busy; // each transfer, in start order (when recorded)
};

struct SystemRunResult {
  // The first fault (the earliest, then the lowest core) or a deadlock
  // across cores; Core is the core that faulted (-1: the system's).
  std::optional<Fault> Error;
  int Core = -1;
  std::vector<RunResult> Cores;  // each core's figures, by core number
  int64_t TimePs = 0;            // the last core's end
  uint64_t Cycles = 0;           // the same, in PE clock cycles
  uint64_t Instructions = 0;     // over every core
  uint64_t Messages = 0;         // semaphore updates between cores
  uint64_t Windows = 0;          // lockstep steps the run took
  uint64_t Collectives = 0;      // collective operations completed (sendrecv pairs not counted)
  uint64_t LinkTransfers = 0;    // transfers of the collectives and between chips
  std::vector<LinkReport> Links; // those that carried something
  // Over MPI ranks: Cores holds this rank's cores' results only (the
  // others default), Collectives, LinkTransfers and Links are rank 0's;
  // the rest is the whole system's on every rank.

  bool ok() const { return !Error; }
};

class Network;
class CollectiveEngine;

// The processes of a run spread over several (MPI ranks, docs/mpi.md):
// each runs whole chips, rank 0 also the links and the collectives. Every
// call is collective: every rank makes the same calls in the same order.
class SystemPeers {
public:
  virtual ~SystemPeers() = default;
  virtual unsigned rank() const = 0;
  virtual unsigned ranks() const = 0;
  // Every rank's Mine, by rank, on every rank.
  virtual std::vector<std::vector<uint8_t>> allGather(std::vector<uint8_t> Mine) = 0;
  // Every rank's Mine, by rank, on rank 0 (elsewhere: nothing).
  virtual std::vector<std::vector<uint8_t>> gather(std::vector<uint8_t> Mine) = 0;
  // Rank 0's PerRank[R] to rank R (elsewhere PerRank is not read).
  virtual std::vector<uint8_t> scatter(std::vector<std::vector<uint8_t>> PerRank) = 0;
};

// What a system is: Chips chips of one preset, CoresPerChip cores of each
// (at most the chip's), joined by an instance's links when there are
// several chips.
struct SystemShape {
  isa::Chip Chip{};
  unsigned Chips = 1;
  unsigned CoresPerChip = 1;
  const isa::InstanceDesc *Instance = nullptr; // required for Chips > 1
};

class System {
public:
  // Cores copies of program P on chip Chip (its cores at most); throws
  // HostMemoryError if they do not fit MaxHostMemory together.
  System(object::Program P, isa::Chip Chip, unsigned Cores,
         uint64_t MaxHostMemory = DefaultMaxHostMemory);
  // Any shape: several chips of an instance. With Peers, this process
  // makes and runs only its rank's chips (a contiguous share of them);
  // throws std::invalid_argument if there are more ranks than chips.
  System(object::Program P, const SystemShape &Shape, uint64_t MaxHostMemory = DefaultMaxHostMemory,
         SystemPeers *Peers = nullptr);
  ~System();
  System(const System &) = delete;
  System &operator=(const System &) = delete;

  unsigned cores() const { return static_cast<unsigned>(Cores.size()); }
  // The cores this process runs (every core but over MPI ranks): core(K)
  // exists for them only.
  bool isLocal(unsigned K) const { return Cores[K] != nullptr; }
  const std::vector<unsigned> &localCores() const { return Local; }
  // The rank that runs core K (0 on one process).
  unsigned rankOf(unsigned K) const;
  SystemPeers *peers() const { return Peers; }
  // This process's first core: the program, the chip, as every core's.
  Emulator &anyCore() { return *Cores[Local.front()]; }
  const Emulator &anyCore() const { return *Cores[Local.front()]; }
  // Cores are numbered across the system, chip by chip: core K is core
  // K % coresPerChip() of chip K / coresPerChip().
  unsigned chips() const { return static_cast<unsigned>(Cores.size()) / CoresPerChip; }
  unsigned coresPerChip() const { return CoresPerChip; }
  const isa::InstanceDesc *instance() const { return Instance; }
  // "core 9 (chip 1, core 1)" on several chips, "core 9" on one.
  std::string coreName(unsigned K) const;
  // Core K: its program, tensors (a shared tensor is the same on every
  // core), observers and figures.
  Emulator &core(unsigned K) { return *Cores[K]; }
  const Emulator &core(unsigned K) const { return *Cores[K]; }
  const isa::ChipDesc &chip() const { return anyCore().chip(); }
  // What keeps the program from running on the system: the verifier's
  // findings (as Emulator::loadErrors) and the system's own (a private
  // tensor on a shared tensor's pages).
  const std::vector<std::string> &loadErrors() const { return LoadErrors; }
  // The delay of a semaphore update between two cores of the chip.
  int64_t crossCorePs() const;
  // How far a core may run ahead of the others of its chip: the soonest a
  // message arrives after it is sent.
  int64_t lookaheadPs() const;
  // How far a chip may run ahead of the others (and of the collectives):
  // the soonest anything through the links or the collective engine
  // arrives. Over MPI, the ranks' window.
  int64_t chipLookaheadPs() const;

  // Keep each link's transfers in the result (a trace's link tracks).
  void recordLinkBusy(bool On) { RecordLinkBusy = On; }

  // Runs every core from the start (once per System).
  SystemRunResult run(const RunOptions &Opts);

private:
  std::shared_ptr<HostMemoryBudget> Budget;
  std::vector<std::unique_ptr<Emulator>> Cores; // null: another rank's
  std::vector<unsigned> Local;
  std::vector<std::string> LoadErrors;
  SystemPeers *Peers = nullptr;
  unsigned CoresPerChip = 1;
  const isa::InstanceDesc *Instance = nullptr;
  bool RecordLinkBusy = false;
};

} // namespace trn::emu

#endif
