//===- trn/emu/Emulator.h - run a program on one NeuronCore -----*- C++ -*-===//
//
// The library a compiler's test harness calls: load a Program, bind input
// tensors, run, read outputs and the run's figures. trn-emu is a thin main()
// over this. docs/api.md has complete programs (docs/api/*.cpp, compiled
// and run by the install test).
//
//   trn::emu::Emulator E(std::move(Program));
//   if (auto Err = E.setTensor("x", XBytes)) ... // *Err says why not
//   trn::emu::RunResult R = E.run({});
//   if (R.ok()) Out = E.tensor("out"); else ... // R.Error->Kind, ->Message
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_EMULATOR_H
#define TRN_EMU_EMULATOR_H

#include "trn/emu/Fault.h"
#include "trn/emu/Observer.h"
#include "trn/object/Program.h"
#include "trn/support/HostMemory.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trn::emu {

// The limits a run has unless told otherwise: far beyond any real kernel
// (the 1024^3 GEMM runs under 10^3 instructions in 2 * 10^5 cycles), and reached
// by a runaway loop within minutes of host time rather than never.
inline constexpr uint64_t DefaultMaxCycles = 1'000'000'000'000;
inline constexpr uint64_t DefaultMaxInstructions = 1'000'000'000;

struct RunOptions {
  // Stop with a fault once simulated time passes this many cycles of the
  // PE clock, or once more than this many instructions have run; 0 = no
  // limit. A cycle limit beyond what the picosecond clock reaches (about
  // 2 * 10^16 cycles at 2.4 GHz) is no limit.
  uint64_t MaxCycles = DefaultMaxCycles;
  uint64_t MaxInstructions = DefaultMaxInstructions;
  // Reads of never-written SBUF/PSUM are errors instead of warnings.
  bool Strict = false;
  // TensorE dI/dt throttling on the chips that have it (trn-emu
  // --no-throttle turns it off, for teaching).
  bool Throttle = true;
};

struct EngineStats {
  uint64_t Instructions = 0;
  int64_t BusyPs = 0; // executing instructions
  int64_t WaitPs = 0; // blocked on semaphores
};

struct RunResult {
  std::optional<Fault> Error;
  std::vector<std::string> Warnings; // each a complete message
  // What the print instructions wrote, one text each (its location, time,
  // engine and operand, then the elements as NumPy prints them), in the
  // order they ran; faulting runs have theirs up to the fault.
  std::vector<std::string> Prints;
  int64_t TimePs = 0;  // simulated time at the end
  uint64_t Cycles = 0; // the same, in PE clock cycles
  uint64_t Instructions = 0;
  std::array<EngineStats, isa::NumEngines> Engines{};
  uint64_t DmaTransfers = 0, DmaBytes = 0;
  int64_t DmaActivePs = 0; // time with at least one transfer in flight

  bool ok() const { return !Error; }
};

class Machine;

class Emulator {
public:
  // Chip overrides the program's target chip (trn-emu --chip). Host memory
  // the emulator commits (the program, the on-chip memories, every page of
  // HBM written) is counted against MaxHostMemory bytes (0 = no limit);
  // throws HostMemoryError if the program alone does not fit.
  explicit Emulator(object::Program P, std::optional<isa::Chip> Chip = std::nullopt,
                    uint64_t MaxHostMemory = DefaultMaxHostMemory);
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
  // returns a message on a bad name or size, or when the budget cannot hold
  // the HBM pages it needs.
  std::optional<std::string> setTensor(std::string_view Name, std::span<const uint8_t> Bytes);
  // A tensor's contents now (after run(): its final value).
  std::vector<uint8_t> tensor(std::string_view Name) const;
  // The same in pieces, for tensors too large to copy whole: Bytes at byte
  // Offset of the tensor's contents, and Out.size() bytes from Offset.
  std::optional<std::string> setTensorBytes(std::string_view Name, uint64_t Offset,
                                            std::span<const uint8_t> Bytes);
  std::optional<std::string> tensorBytes(std::string_view Name, uint64_t Offset,
                                         std::span<uint8_t> Out) const;
  // An SBUF or PSUM allocation's contents now (after run(): its final
  // value, or what the fault left), laid out as a tensor of its dtype and
  // shape holds them (partition dimension first): Out.size() bytes from
  // byte Offset. Bytes never written read as zero.
  std::optional<std::string> allocationBytes(std::string_view Name, uint64_t Offset,
                                             std::span<uint8_t> Out) const;

  // The budget host memory is counted against; a caller may commit its own
  // buffers (a reference to compare with) to it.
  HostMemoryBudget &memoryBudget() { return *Budget; }

  // Instruction Index of engine E's stream, decoded (nullptr past its end),
  // and where it came from: "file:line:col", or "<PE #3>" without a line.
  const isa::Instr *instruction(isa::Engine E, uint32_t Index) const;
  std::string where(isa::Engine E, uint32_t Index) const;
  // How many times that instruction completed in the run (0 past its end).
  uint64_t executions(isa::Engine E, uint32_t Index) const;

  // Observers see every event of the run; they must outlive it.
  void addObserver(Observer *O);

  // Runs the program from the start (once per Emulator).
  RunResult run(const RunOptions &Opts);

private:
  friend class Inspector; // trn/emu/Inspect.h: the state of a run, read-only
  friend class System;    // trn/emu/System.h: cores that share a budget, HBM and messages
  Emulator(object::Program P, std::optional<isa::Chip> Chip,
           std::shared_ptr<HostMemoryBudget> Budget);
  std::shared_ptr<HostMemoryBudget> Budget; // before M: M's memories point to it
  std::unique_ptr<Machine> M;
  std::vector<std::string> LoadErrors;
  FaultKind LoadFault = FaultKind::BadProgram; // the first error's kind
};

} // namespace trn::emu

#endif
