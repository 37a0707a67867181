//===- Breakpoints.h - where the debugger stops ------------------*- C++ -*-===//
//
// Breakpoints at source lines (every instruction the line table gives the
// line, on every engine), at instructions, at times and cycles, and
// watchpoints on regions of memory, numbered as gdb numbers them.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_BREAKPOINTS_H
#define TRN_DEBUG_BREAKPOINTS_H

#include "Command.h"
#include "Region.h"
#include "trn/object/Program.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace trn::debug {

using InstrRef = std::pair<isa::Engine, uint32_t>;

struct Breakpoint {
  enum class Kind { Line, Instr, Time, Cycle, Watch };
  unsigned Id = 0;
  Kind K = Kind::Instr;
  std::string What;             // as info breakpoints shows it
  std::vector<InstrRef> Instrs; // Line, Instr
  int64_t Ps = 0;               // Time, Cycle: the time it stops at
  bool Passed = false;          // Time, Cycle: it has stopped (time only moves on)
  std::optional<Region> Watched;
  std::vector<uint8_t> Old; // Watch: the region's bytes when last seen
  uint64_t Hits = 0;
};

// The instructions of a source line: FILE matched as given, by its path's
// end or by its base name; the first line at or after Line that has
// instructions (as gdb moves a breakpoint to the next line with code).
struct LineMatch {
  uint32_t File = 0, Line = 0;
  std::vector<InstrRef> Instrs;
};
std::variant<LineMatch, std::string> instructionsAtLine(const object::Program &P, const AtLine &At);

} // namespace trn::debug

#endif
