//===- DebugRun.h - trn-emu --debug and --debug-commands --------*- C++ -*-===//
//
// The debugger (trn/debug/Debugger.h) attached to a run: commands from the
// terminal with line editing (--debug on a terminal), or plain lines from a
// file or a pipe (--debug-commands FILE, --debug without a terminal), echoed
// so that the output is a transcript.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_TOOL_DEBUGRUN_H
#define TRN_EMU_TOOL_DEBUGRUN_H

#include "trn/debug/Debugger.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace trn::tools {

class DebugRun {
public:
  // Attaches the debugger to E with commands from Script ("": standard
  // input, a terminal's with line editing), or says why Script cannot be read.
  static std::variant<std::unique_ptr<DebugRun>, std::string> attach(emu::Emulator &E,
                                                                     const std::string &Script);
  ~DebugRun();
  // Runs under the debugger: the run's result, or nothing if the user quit
  // before the run or during it (nothing more is done then).
  std::optional<emu::RunResult> run(emu::Emulator &E, const emu::RunOptions &Opts);

private:
  DebugRun() = default;
  std::FILE *Script = nullptr; // owned, when a file
  std::unique_ptr<debug::LineInput> In;
  std::unique_ptr<debug::Debugger> D;
};

} // namespace trn::tools

#endif
