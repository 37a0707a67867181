//===- trn/emu/Inspect.h - the state of a run, read-only --------*- C++ -*-===//
//
// What a debugger shows while a run is paused in an observer's callback (or
// after it ended): each engine's state and registers, the semaphores and who
// signalled them, the DMA queues' transfers, the signals on their way, and
// the bytes of SBUF, PSUM and HBM. Nothing here changes the run; reading it
// costs the run nothing.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_INSPECT_H
#define TRN_EMU_INSPECT_H

#include "trn/emu/Emulator.h"
#include "trn/emu/Observer.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace trn::emu {

enum class EngineStatus : uint8_t { Idle, Waiting, Busy, Halted };
const char *engineStatusName(EngineStatus S); // "idle", "waiting", "running", "halted"

struct EngineInspect {
  EngineStatus Status = EngineStatus::Idle;
  uint32_t PC = 0;                // the instruction it runs, waits to issue, or issues next
  uint32_t Length = 0;            // instructions in its stream
  int64_t WaitingSincePs = 0;     // Waiting: since when
  int64_t StartPs = 0, EndPs = 0; // Busy: its instruction's execution
};

// A transfer in a DMA queue: the front one of a queue is in flight (its
// source was read at StartPs); the others wait behind it.
struct TransferInspect {
  unsigned Queue = 0; // engine * 16 + queue
  isa::Engine Issuer = isa::Engine::SP;
  uint32_t Index = 0;  // the triggering instruction
  int64_t ReadyPs = 0; // when the trigger completed
  uint64_t Bytes = 0;
  bool InFlight = false;
  int64_t StartPs = 0; // InFlight: since when it is its queue's oldest
};

// A signal sent but not yet arrived at its semaphore.
struct SignalInFlight {
  uint8_t Sem = 0;
  int32_t Amount = 0;
  Sender From;
};

class Inspector {
public:
  explicit Inspector(const Emulator &E);

  int64_t nowPs() const;
  // Picoseconds in PE clock cycles (as RunResult::Cycles counts them), and back (rounded up).
  uint64_t cyclesAt(int64_t Ps) const;
  int64_t psAtCycle(uint64_t Cycles) const;

  EngineInspect engine(isa::Engine E) const;
  std::span<const uint32_t, 64> registers(isa::Engine E) const;
  // The waits of instruction Index of E, their register values read now.
  std::vector<ResolvedWait> waits(isa::Engine E, uint32_t Index) const;
  // Instruction Index of E disassembled ("" past the end), and its source location.
  std::string disassemble(isa::Engine E, uint32_t Index) const;
  std::optional<object::SourceLoc> location(isa::Engine E, uint32_t Index) const;

  unsigned numSemaphores() const;
  int32_t semaphore(unsigned S) const;
  Sender lastSignal(unsigned S) const; // Valid false: never signalled
  std::vector<SignalInFlight> signalsInFlight() const;

  std::vector<TransferInspect> transfers() const; // every queue's, by queue then order

  // Bytes of memory as they are now: Out.size() bytes from byte Offset of
  // partition Part (SBUF, PSUM), or from Address (HBM). The caller keeps
  // within the memory (onChipBytes per partition; HBM reads past what was
  // written read zero).
  uint64_t onChipBytes(isa::MemSpace Space) const; // per partition
  void readOnChip(isa::MemSpace Space, uint32_t Part, uint64_t Offset,
                  std::span<uint8_t> Out) const;
  void readHbm(uint64_t Address, std::span<uint8_t> Out) const;

private:
  const Machine &M;
};

// An array's elements as NumPy prints them (the print instruction's text).
std::string arrayText(isa::DType T, std::span<const uint8_t> Bytes,
                      std::span<const uint64_t> Shape);

} // namespace trn::emu

#endif
