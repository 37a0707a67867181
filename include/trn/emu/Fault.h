//===- trn/emu/Fault.h - run-time errors ------------------------*- C++ -*-===//
//
// Why a run stopped: a named kind (ttsim-style taxonomy) and the whole
// report, as the emulator, its checks and its observers give it.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_FAULT_H
#define TRN_EMU_FAULT_H

#include "trn/isa/Isa.h"

#include <cstdint>
#include <optional>
#include <string>

namespace trn::emu {

// The named kinds of run-time error (ttsim-style taxonomy).
enum class FaultKind : uint8_t {
  OutOfBounds,        // outside SBUF/PSUM/HBM or a declared tensor
  PsumBank,           // across a PSUM bank where the instruction forbids it
  PartitionRule,      // start partition / count the hardware forbids
  DType,              // a dtype the instruction does not accept
  Shape,              // operand shapes that do not agree
  UndefinedBehaviour, // e.g. a matmul accumulating onto non-matmul PSUM
  UninitialisedRead,  // with Strict
  Deadlock,
  CycleLimit,
  InstructionLimit,
  BadProgram, // an instruction the decoder accepted but cannot run
  HostMemory, // emulated memory the --max-memory budget cannot hold
  Race,       // two accesses that no semaphore orders (--race-check=error)
};
const char *faultKindName(FaultKind K);

struct Fault {
  FaultKind Kind;
  std::string Message; // the whole report, one or more lines, no trailing newline
  // The instruction at fault, when one is (a deadlock has none): its engine
  // and its index in that engine's stream, whose line table locates it.
  std::optional<isa::Engine> Eng = std::nullopt;
  uint32_t Index = 0;
};

} // namespace trn::emu

#endif
