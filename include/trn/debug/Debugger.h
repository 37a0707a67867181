//===- trn/debug/Debugger.h - an interactive debugger for a run --*- C++ -*-===//
//
// trn-emu --debug: breakpoints at source lines, instructions, times and
// cycles; watchpoints on memory; stepping by engine instruction or by event;
// registers, semaphores, DMA queues, engines and any slice of SBUF, PSUM or
// HBM shown while the run is paused (docs/debugger.md).
//
// It is an observer: the emulator pauses while a callback runs, so the
// debugger stops the run by reading commands inside the callback, and reads
// the machine through trn/emu/Inspect.h. Nothing of it is on the emulator's
// path when it is not attached.
//
//   Debugger D(Emu, *Input, stdout);
//   Emu.addObserver(&D);
//   if (D.beforeRun()) {            // false: the user quit before the run
//     RunResult R = Emu.run(Opts);  // throws Debugger::Quit on quit mid-run
//     D.afterRun(R);
//   }
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_DEBUGGER_H
#define TRN_DEBUG_DEBUGGER_H

#include "trn/debug/LineInput.h"
#include "trn/emu/Emulator.h"
#include "trn/emu/Observer.h"

#include <cstdio>
#include <memory>

namespace trn::debug {

class Session;

class Debugger final : public emu::Observer {
public:
  // Thrown out of Emulator::run when the user quits a run not finished.
  struct Quit {
    int64_t Ps; // when
  };

  Debugger(emu::Emulator &E, LineInput &In, std::FILE *Out);
  ~Debugger() override;

  // Reads commands until one starts the run; false if the user quit.
  bool beforeRun();
  // Says how the run ended and reads commands until quit or the end of input.
  void afterRun(const emu::RunResult &R);

  bool wantsAccesses() const override { return true; }
  bool wantsEvents() const override { return true; }
  bool wantsEachStall() const override { return false; }
  void issued(const emu::IssueEvent &Ev) override;
  void instructionDone(const emu::InstrEvent &Ev) override;
  void dmaDone(const emu::DmaEvent &Ev) override;
  void accessed(const emu::AccessEvent &Ev) override;
  void event(const emu::LoopEvent &Ev) override;

private:
  std::unique_ptr<Session> S;
};

} // namespace trn::debug

#endif
