//===- trn/trace/Trace.h - timelines of a run --------------------*- C++ -*-===//
//
// ChromeTrace writes the Chrome Trace Event format that ui.perfetto.dev and
// chrome://tracing open: a process for the core, a track per engine and per
// DMA queue used, a slice per instruction and per transfer, flow arrows from
// each signal to the instruction whose wait it released, and counter tracks
// for HBM bandwidth and on-chip bytes touched. Events are written as they
// happen (memory stays bounded however long the run).
//
// TextTrace writes one stable line per instruction and transfer, for tests:
// start and end in ns, the engine (or DMA queue), the instruction's cycles
// on its engine's clock ("-" for transfers), and the instruction.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_TRACE_H
#define TRN_TRACE_TRACE_H

#include "llvm/Support/JSON.h"
#include "trn/emu/Emulator.h"

#include <map>
#include <set>
#include <vector>

namespace trn::trace {

class ChromeTrace : public emu::Observer {
public:
  ChromeTrace(const emu::Emulator &E, llvm::raw_ostream &OS);
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  void hbmBandwidth(int64_t Ps, double GBps) override;
  void finished(int64_t EndPs) override;

private:
  const emu::Emulator &E;
  llvm::json::OStream J;
  std::set<unsigned> QueuesNamed;
  uint64_t NextFlow = 1;
  double HbmGBps = -1; // the last value written to the counter
  std::vector<bool> AllocTouched;
  uint64_t SbufTouched = 0, PsumTouched = 0;

  void counter(const char *Name, int64_t Ps, double Value);
  void slice(unsigned Tid, const std::string &Name, int64_t StartPs, int64_t EndPs,
             const std::function<void()> &Args);
  void touch(const isa::AccessPattern &AP, int64_t Ps);
};

class TextTrace : public emu::Observer {
public:
  explicit TextTrace(llvm::raw_ostream &OS);
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;

private:
  llvm::raw_ostream &OS;
};

} // namespace trn::trace

#endif
