//===- Session.h - the debugger's state and its command loop ----*- C++ -*-===//
//
// What Debugger (trn/debug/Debugger.h) forwards its callbacks to: the
// breakpoints, how the run resumed (continue, step, next event), and the
// loop that reads and runs commands while the run is paused.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_SESSION_H
#define TRN_DEBUG_SESSION_H

#include "Breakpoints.h"
#include "Command.h"
#include "Describe.h"
#include "trn/debug/LineInput.h"
#include "trn/emu/Emulator.h"
#include "trn/emu/Inspect.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace trn::debug {

class Session {
public:
  Session(emu::Emulator &E, LineInput &In, std::FILE *Out);

  enum class Phase { Before, Running, Ended };
  enum class Resume { Continue, Step, NextEvent, Quit };

  // Reads and runs commands until one resumes the run (or quits).
  Resume commandLoop();
  // Prints why the run stopped (Reason, then where), then reads commands.
  void stop(const std::string &Reason, std::optional<std::pair<isa::Engine, uint32_t>> At);

  void issued(const emu::IssueEvent &Ev);
  void accessed(const emu::AccessEvent &Ev);
  void written(); // an instruction or transfer has committed its writes
  void event(const emu::LoopEvent &Ev);
  void ended(const emu::RunResult &R);
  void resume(Resume R) { Mode = R; }

  Phase State = Phase::Before;

private:
  emu::Emulator &E;
  emu::Inspector Insp;
  Describe D;
  LineInput &Input;
  std::FILE *Out;
  std::vector<Breakpoint> Bps;
  unsigned NextId = 1;
  Resume Mode = Resume::Continue;
  std::optional<isa::Engine> StepEngine;                   // step: the engine (none: any)
  std::optional<std::pair<isa::Engine, uint32_t>> Current; // the instruction stopped at
  std::string LastStop;                                    // what where repeats
  // Watchpoints an instruction or transfer has written, and who.
  std::vector<unsigned> WatchHits;
  std::string Writer;

  static constexpr const char *Prompt = "(trn-dbg) ";
  void say(const std::string &S);
  void error(const std::string &Line, std::optional<size_t> Column, const std::string &Message);
  // Runs one command; returns how to resume, or nothing to read another.
  std::optional<Resume> run(const std::string &Line, const Command &C);
  void addBreak(const std::string &Line, const Command &C);
  void addWatch(const std::string &Line, const Command &C);
  void remove(const std::string &Line, const Command &C);
  void listBreakpoints();
  void print(const std::string &Line, const Command &C);
  std::optional<Region> region(const std::string &Line, const Command &C);
  std::string eventText(const emu::LoopEvent &Ev) const;
};

} // namespace trn::debug

#endif
