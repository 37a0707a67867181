//===- trn/emu/Emulator.h - run a program on one NeuronCore -----*- C++ -*-===//
//
// The library a compiler's test harness calls: load a Program, bind input
// tensors, run, read outputs and the run's figures. trn-emu is a thin main()
// over this.
//
//   trn::emu::Emulator E(std::move(Program));
//   E.setTensor("x", XBytes);
//   trn::emu::RunResult R = E.run({});
//   if (!R.Fault) Out = E.tensor("out");
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_EMULATOR_H
#define TRN_EMU_EMULATOR_H

#include "trn/emu/Observer.h"
#include "trn/object/Program.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trn::emu {

struct RunOptions {
  // Stop with a fault once simulated time passes this many cycles of the
  // PE clock (0 = no limit), or once this many instructions have run.
  uint64_t MaxCycles = 0;
  uint64_t MaxInstructions = 0;
  // Reads of never-written SBUF/PSUM are errors instead of warnings.
  bool Strict = false;
};

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
};
const char *faultKindName(FaultKind K);

struct Fault {
  FaultKind Kind;
  std::string Message; // the whole report, one or more lines, no trailing newline
};

struct EngineStats {
  uint64_t Instructions = 0;
  int64_t BusyPs = 0; // executing instructions
  int64_t WaitPs = 0; // blocked on semaphores
};

struct RunResult {
  std::optional<Fault> Error;
  std::vector<std::string> Warnings; // each a complete message
  int64_t TimePs = 0;                // simulated time at the end
  uint64_t Cycles = 0;               // the same, in PE clock cycles
  uint64_t Instructions = 0;
  std::array<EngineStats, isa::NumEngines> Engines{};
  uint64_t DmaTransfers = 0, DmaBytes = 0;
  int64_t DmaActivePs = 0; // time with at least one transfer in flight

  bool ok() const { return !Error; }
};

class Machine;

class Emulator {
public:
  // Chip overrides the program's target chip (trn-emu --chip).
  explicit Emulator(object::Program P, std::optional<isa::Chip> Chip = std::nullopt);
  ~Emulator();
  Emulator(const Emulator &) = delete;
  Emulator &operator=(const Emulator &) = delete;

  const object::Program &program() const;
  const isa::ChipDesc &chip() const;

  // What the verifier found in the program for this chip (the rules one
  // instruction shows on its own, docs/assembly.md section 15), each a
  // complete message located by the program's line table. run() refuses a
  // program that has any.
  const std::vector<std::string> &loadErrors() const { return LoadErrors; }

  // Sets a declared HBM tensor's whole contents (Bytes must be its size);
  // returns a message on a bad name or size.
  std::optional<std::string> setTensor(std::string_view Name, std::span<const uint8_t> Bytes);
  // A tensor's contents now (after run(): its final value).
  std::vector<uint8_t> tensor(std::string_view Name) const;

  // Observers see every event of the run; they must outlive it.
  void addObserver(Observer *O);

  // Runs the program from the start (once per Emulator).
  RunResult run(const RunOptions &Opts);

private:
  std::unique_ptr<Machine> M;
  std::vector<std::string> LoadErrors;
  FaultKind LoadFault = FaultKind::BadProgram; // the first error's kind
};

} // namespace trn::emu

#endif
