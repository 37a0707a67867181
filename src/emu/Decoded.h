//===- Decoded.h - what one static instruction always is --------*- C++ -*-===//
//
// Decoded once, when the program is loaded, as Spike keeps a decode cache:
// everything about an instruction that does not change between its
// executions (its waits flattened, the operands its timing reads, its memory
// ports, its planned cost), so that issuing it looks nothing up by name and
// allocates nothing.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_DECODED_H
#define TRN_EMU_DECODED_H

#include "trn/isa/Cost.h"
#include "trn/isa/Instr.h"
#include "trn/verify/Verifier.h"

#include <array>
#include <cstdint>
#include <vector>

namespace trn::emu {

// The partitions and bytes an access pattern may touch, register offset
// aside (AccessPattern::byteSpan): enough to tell whether two overlap.
struct TensorBox {
  isa::MemSpace Space = isa::MemSpace::None;
  uint32_t PartStart = 0, NumPartitions = 0;
  int64_t First = 0, Last = 0;

  static TensorBox of(const isa::AccessPattern &AP) {
    auto [First, Last] = AP.byteSpan();
    return {AP.Space, AP.PartStart, AP.NumPartitions, First, Last};
  }
  // On chip, in a common partition and with common bytes (HBM never: the
  // dependent-instruction overhead is about SBUF and PSUM).
  bool overlaps(const TensorBox &B) const {
    if (Space != B.Space || Space == isa::MemSpace::HBM)
      return false;
    if (PartStart >= B.PartStart + B.NumPartitions || B.PartStart >= PartStart + NumPartitions)
      return false;
    return First <= B.Last && B.First <= Last;
  }
};

// The most tensors an instruction reads (every tensor operand but its
// destination, and [P, 1] scalar operands): matmul_mx reads four. Fewer
// than isa::MaxOperands keeps the decoded instruction compact; decodeInstr
// checks it.
inline constexpr unsigned MaxReads = 8;

struct InstrCost {
  uint64_t Cycles;               // of the engine's clock (for DMA: the trigger)
  const isa::PerfModeDesc *Mode; // the performance mode applied, if any
};

// The predicates that depend on the machine's state when an instruction
// issues, as bits.
enum DynamicPred : uint8_t {
  DynReadsPrevious = 1,  // ReadsPrevious
  DynActTableMiss = 2,   // ActTableMiss
  DynAfterMultiply = 4,  // AfterMultiply
  DynFp32Stationary = 8, // Fp32Matmul, from the loaded stationary's dtype
};
inline constexpr unsigned NumDynamicPreds = 4;

// An instruction's cost, planned at load (Timing.cpp).
struct CostPlan {
  struct Entry {
    InstrCost Cost;
    int64_t Ps; // Cost.Cycles at the engine's clock
  };
  isa::CostInputs Static;    // the variables, and the predicates the instruction fixes
  uint8_t Dynamic = 0;       // the DynamicPred bits its cost may depend on
  bool DynamicNStat = false; // a formula reads NStat of the loaded stationary: not planned
  // By the bits of Dynamic that hold, packed (bit k of the index is the
  // k-th bit set in Dynamic); empty when DynamicNStat.
  std::vector<Entry> Entries;

  const Entry *entry(unsigned Holding) const {
    if (Entries.empty())
      return nullptr;
    unsigned Index = 0, Out = 0;
    for (unsigned B = 0; B < NumDynamicPreds; ++B)
      if (Dynamic >> B & 1)
        Index |= (Holding >> B & 1) << Out++;
    return &Entries[Index];
  }
};

struct DecodedInstr {
  // The waits it issues under: its header's, then sem_wait's own condition.
  std::array<isa::Wait, isa::MaxWaits + 1> Waits{};
  uint8_t NumWaits = 0;
  int8_t BadWait = -1;     // the first wait on a semaphore the chip lacks
  bool TooNew = false;     // needs a later chip than the run's
  bool Barrier = false;    // core_barrier: waits on its semaphore, after updating the peer's
  bool Collective = false; // all_reduce and the like: its signal comes when the system is done
  int8_t ActTableSet = -1; // the ScalarE table set it needs (Timing.h)
  // Tensors it reads (for the dependent-instruction overhead), and the one
  // it writes as an engine's last datapath write.
  uint8_t NumReads = 0;
  std::array<TensorBox, MaxReads> Reads{};
  bool SetsLastWrite = false;
  TensorBox Write;
  std::array<uint32_t, 2> Ports{}; // memory ports used, without and with a performance mode
  // TensorE: its tile and perf mode (the whole array and perf=none for any
  // other instruction), and whether the tile is less than the whole array.
  verify::PeMode Pe;
  bool PeTiled = false;
  CostPlan Cost;
  // Kept by the run: how many times it completed (what the report counts
  // its work from), and which events observers want of it (set when the
  // run starts, so that the hot loop tests a flag).
  uint64_t Executions = 0;
  bool DeliverDone = false;     // instructionDone
  bool DeliverIssue = false;    // issued
  bool DeliverAccesses = false; // accessed: an observer wants footprints, and it has some
};

class Machine;

// Instruction I of engine E's stream, decoded for a run on M's chip.
DecodedInstr decodeInstr(const Machine &M, isa::Engine E, const isa::Instr &I);

} // namespace trn::emu

#endif
