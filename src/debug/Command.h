//===- Command.h - the debugger's command language --------------*- C++ -*-===//
//
// One line as the user typed it, parsed into what it asks for: gdb's words
// where gdb has them (break, delete, step, continue, info, print, watch),
// with gdb's short forms (b, s, c, p, q). Parsing knows nothing of the run:
// whether a file, a line or a tensor exists is decided when it is used.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_COMMAND_H
#define TRN_DEBUG_COMMAND_H

#include "trn/isa/Isa.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace trn::debug {

enum class Verb {
  Nothing, // an empty line or a comment
  Break,
  Delete,
  Watch,
  Run,
  Continue,
  Step,      // one instruction of an engine
  NextEvent, // one event of the discrete-event loop
  Quit,
  Where,
  InfoBreakpoints,
  InfoRegisters,
  InfoSemaphores,
  InfoQueues,
  InfoEngines,
  Print,
  Dump,
  Why,
  Help,
};

// Where a breakpoint stops.
struct AtLine {
  std::string File; // empty: the program's only (or first) file
  uint32_t Line = 0;
};
struct AtInstr {
  isa::Engine Eng = isa::Engine::PE;
  uint32_t Index = 0;
};
struct AtTime {
  int64_t Ps = 0;
};
struct AtCycle {
  uint64_t Cycle = 0;
};
using BreakSpec = std::variant<AtLine, AtInstr, AtTime, AtCycle>;

struct Command {
  Verb V = Verb::Nothing;
  std::optional<isa::Engine> Eng; // step, info registers, why
  BreakSpec At;                   // break
  std::vector<unsigned> Ids;      // delete (none: every breakpoint)
  std::string Region;             // print, dump, watch: as written
  size_t RegionColumn = 0;        // where it starts in the line (0-based)
  std::string File;               // dump
};

// What is wrong with a line: the message, and the column it points at
// (0-based, in the line) when a word is at fault.
struct CommandError {
  std::string Message;
  std::optional<size_t> Column;
};

std::variant<Command, CommandError> parseCommand(std::string_view Line);

// An engine by its name in any case: "pe", "PE", "dve", ...
std::optional<isa::Engine> parseEngine(std::string_view Word);

// The commands, one line each, for help.
std::string helpText();

} // namespace trn::debug

#endif
