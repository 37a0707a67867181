//===- Describe.h - what the debugger prints about a paused run -*- C++ -*-===//
//
// The texts of where, info and why, from the inspection API alone: the
// stop's location with its source line and disassembly, each engine's state,
// the semaphores, the DMA queues, and why an engine waits.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_DEBUG_DESCRIBE_H
#define TRN_DEBUG_DESCRIBE_H

#include "trn/emu/Emulator.h"
#include "trn/emu/Inspect.h"

#include <map>
#include <string>
#include <vector>

namespace trn::debug {

// "120 ns", "120.5 ns": picoseconds as nanoseconds, without trailing zeros.
std::string nsText(int64_t Ps);

class Describe {
public:
  Describe(const emu::Emulator &E, const emu::Inspector &In) : E(E), In(In) {}

  // "PE #3 (file:line)", or "PE #3" without a line.
  std::string instr(isa::Engine Eng, uint32_t Index) const;
  // "120.5 ns, cycle 289"
  std::string time(int64_t Ps) const;
  // The source line (number and text) and the disassembly of an instruction.
  std::string listing(isa::Engine Eng, uint32_t Index);
  std::string semaphoreName(unsigned S) const; // "s1 (ready)" or "s1"
  std::string sender(const emu::Sender &S) const;

  std::string engines();
  std::string registers(std::optional<isa::Engine> Eng) const;
  std::string semaphores() const;
  std::string queues() const;
  std::string why(isa::Engine Eng);

private:
  const emu::Emulator &E;
  const emu::Inspector &In;
  std::map<uint32_t, std::vector<std::string>> Sources; // file index -> its lines
  const std::string *sourceLine(uint32_t File, uint32_t Line);
  // Where semaphore Sem's next signals may come from: the transfers queued
  // and the instructions not yet reached that signal it.
  std::string signallers(uint8_t Sem) const;
};

} // namespace trn::debug

#endif
