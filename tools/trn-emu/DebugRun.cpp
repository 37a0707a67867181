//===- DebugRun.cpp - trn-emu --debug and --debug-commands ----------------===//

#include "DebugRun.h"

#include "Files.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace trn::tools {

std::variant<std::unique_ptr<DebugRun>, std::string> DebugRun::attach(emu::Emulator &E,
                                                                      const std::string &Path) {
  std::unique_ptr<DebugRun> R(new DebugRun);
  if (!Path.empty() && Path != "-") {
    if (auto Why = checkReadable(Path))
      return *Why;
    R->Script = std::fopen(Path.c_str(), "r");
    if (!R->Script)
      return fileError(Path, std::strerror(errno));
    R->In = debug::scriptInput(R->Script, stdout);
  } else if (Path.empty() && isatty(STDIN_FILENO)) {
    R->In = debug::terminalInput();
  } else {
    R->In = debug::scriptInput(stdin, stdout);
  }
  R->D = std::make_unique<debug::Debugger>(E, *R->In, stdout);
  E.addObserver(R->D.get());
  return R;
}

DebugRun::~DebugRun() {
  if (Script)
    std::fclose(Script);
}

std::optional<emu::RunResult> DebugRun::run(emu::Emulator &E, const emu::RunOptions &Opts) {
  if (!D->beforeRun())
    return std::nullopt;
  emu::RunResult R;
  try {
    R = E.run(Opts);
  } catch (const debug::Debugger::Quit &Q) {
    std::printf("The run was abandoned at %s; no output was written.\n",
                fmt::format("{} ns", Q.Ps / 1000).c_str());
    return std::nullopt;
  }
  D->afterRun(R);
  return R;
}

} // namespace trn::tools
