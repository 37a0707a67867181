//===- trn/race/RaceDetector.h - unordered accesses, found ------*- C++ -*-===//
//
// A happens-before race detector over the core's threads: the five engine
// sequencers and every DMA queue (docs/races.md). It sees a run only through
// the Observer interface: footprints of every instruction and transfer,
// semaphore signals, satisfied waits, DMA triggers. Its verdict depends on
// the program's synchronisation, not on the timing of this run: the same on
// every chip and under any cost model.
//
//   trn::race::RaceDetector D(Emu, trn::race::RaceDetector::Mode::Error);
//   Emu.addObserver(&D);
//   RunResult R = Emu.run({}); // a race stops the run: R.Error->Kind == Race
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RACE_RACEDETECTOR_H
#define TRN_RACE_RACEDETECTOR_H

#include "trn/emu/Emulator.h"

#include <memory>
#include <string>
#include <vector>

namespace trn::emu {
class System;
}

namespace trn::race {

class SystemRaces;

class RaceDetector : public emu::Observer {
public:
  // Error: the first race stops the run (emu::StopRun, FaultKind::Race).
  // Warn: every race is reported once per pair of instructions; the run
  // goes on.
  enum class Mode : uint8_t { Error, Warn };

  RaceDetector(const emu::Emulator &E, Mode M);
  ~RaceDetector() override;

  // The races reported so far (Warn), each a complete message.
  const std::vector<std::string> &races() const;
  // How much shadow state the detector holds (intervals), for tests of its
  // memory bound.
  size_t shadowIntervals() const;

  bool wantsAccesses() const override { return true; }
  // Only waits and signals order threads: an instruction without either
  // needs neither event (control-bound code is mostly such instructions).
  bool wantsIssue(const isa::Instr &I) const override;
  bool wantsInstructionDone(const isa::Instr &I) const override;
  void issued(const emu::IssueEvent &Ev) override;
  void dmaQueued(const emu::DmaEvent &Ev) override;
  void dmaStarted(const emu::DmaEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  void instructionDone(const emu::InstrEvent &Ev) override;
  void accessed(const emu::AccessEvent &Ev) override;
  void signalled(const emu::SignalEvent &Ev) override;
  void signalArrived(const emu::SignalEvent &Ev, int64_t Ps) override;
  uint32_t sendingToCore(const emu::Sender &From, unsigned To) override;
  void receivedFromCore(const emu::SignalEvent &Ev, int64_t ArrivalPs) override;
  void remoteAccessed(const emu::AccessEvent &Ev) override;
  bool exportTag(uint32_t Tag, std::vector<uint8_t> &Out) override;
  uint32_t importTag(std::span<const uint8_t> In) override;

private:
  friend class SystemRaces;
  struct State;
  std::unique_ptr<State> S;
};

// The detectors of a system's cores, checked against each other
// (docs/races.md, "Races between cores"): a thread is an engine or a DMA
// queue of a core; every update between cores carries its sender's clock,
// which the wait that consumes it acquires; accesses to the pages of shared
// HBM tensors are checked across cores, and dma_copy_core's data where it
// lands. Private HBM, SBUF and PSUM stay each core's own.
//
//   std::vector<RaceDetector *> Ds = ...;         // Ds[K] observes S.core(K)
//   trn::race::SystemRaces Races(S, Ds);          // before S.run
class SystemRaces {
public:
  // Detectors[K] watches core K of S (null: core K has none); they must
  // not have seen a run yet, and this must outlive the run.
  SystemRaces(const emu::System &S, const std::vector<RaceDetector *> &Detectors);
  ~SystemRaces();
  SystemRaces(const SystemRaces &) = delete;
  SystemRaces &operator=(const SystemRaces &) = delete;

  struct Shared;

private:
  std::unique_ptr<Shared> Sh;
};

} // namespace trn::race

#endif
