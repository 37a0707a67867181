//===- trn/isa/Instr.h - one instruction, decoded ---------------*- C++ -*-===//
//
// The form every tool shares: the assembler builds it, the encoder turns it
// into bytes, the decoder turns bytes back into it (checking every field),
// the printer writes it as assembly that re-assembles to the same bytes, and
// the emulator runs it. Operand i corresponds to the instruction's
// InstrDesc::Operands[i].
//
//===----------------------------------------------------------------------===//
#ifndef TRN_ISA_INSTR_H
#define TRN_ISA_INSTR_H

#include "trn/isa/Isa.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace trn::isa {

inline constexpr unsigned MaxDims = 4;
// Operands an instruction may have (matmul, multiply_moving: 10); the
// generated MostOperands is the most any record has.
inline constexpr unsigned MaxOperands = 10;
static_assert(MostOperands <= MaxOperands,
              "an instruction of isa/*.td has more operands than isa::Instr holds");
inline constexpr unsigned MaxWaits = 2;

struct Dim {
  int64_t Stride = 0; // elements
  uint32_t Count = 1;
  bool operator==(const Dim &) const = default;
};

// A tensor operand (see the access-pattern operand kind in the ISA
// reference). Space None means an optional operand that is absent.
struct AccessPattern {
  MemSpace Space = MemSpace::None;
  DType Type = DType::FP32;
  std::optional<uint8_t> Reg; // register whose value (elements) adds to Base
  uint32_t PartStart = 0;     // SBUF/PSUM: first partition
  uint32_t NumPartitions = 1; // partitions, or HBM rows
  int64_t PartStep = 0;       // HBM: elements between rows
  uint64_t Base = 0;          // bytes
  uint32_t NumDims = 1;
  std::array<Dim, MaxDims> Dims{}; // [0] outermost

  bool present() const { return Space != MemSpace::None; }
  uint64_t elementsPerPartition() const;
  // The first and last byte the pattern may touch, register offset aside:
  // within each partition for SBUF/PSUM, absolute (rows included) for HBM.
  std::pair<int64_t, int64_t> byteSpan() const;
  bool operator==(const AccessPattern &) const = default;
};

// One operand's value; which members matter depends on its kind.
struct Operand {
  int64_t Int = 0;                      // register, imm, enum, semaphore, label target,
                                        // dma-queue (engine * 16 + queue)
  std::optional<uint8_t> Reg;           // dma-queue: the register that names the queue
                                        // at run time (Int is then 0)
  uint32_t FBits = 0;                   // fimm, and scalar immediates: the fp32 bits
  bool IsImm = false;                   // scalar: immediate (true) or tensor (false)
  AccessPattern AP;                     // access-pattern, and scalar tensors
  std::array<int32_t, MaxDims> Steps{}; // steps
  bool operator==(const Operand &) const = default;
};

struct Wait {
  uint8_t Sem = 0;
  WaitCond Cond = WaitCond::Ge;
  bool IsReg = false; // Value names a register of the waiting engine
  uint32_t Value = 0; // else the int32 value (semaphores are signed), as bits
  bool operator==(const Wait &) const = default;
};

struct Signal {
  uint8_t Sem = 0;
  int16_t Amount = 1;
  bool operator==(const Signal &) const = default;
};

struct Instr {
  Opcode Op = Opcode::NOP;
  Engine Eng = Engine::SP;
  std::array<std::optional<Wait>, MaxWaits> Waits{};
  std::optional<Signal> Sig;
  std::array<Operand, MaxOperands> Operands{};

  const InstrDesc &desc() const { return instr(Op); }
  // The operand called Name, if the instruction has one.
  const Operand *operand(std::string_view Name) const {
    int K = desc().operandIndex(Name);
    return K < 0 ? nullptr : &Operands[K];
  }
  bool operator==(const Instr &) const = default;
};

// The operand as its default spelling gives it (for optional operands).
Operand defaultOperand(const OperandDesc &D);

// An error with the name of the field or value at fault.
struct CodecError {
  std::string Message;
};

// Writes I's bytes (InstrDesc::SizeBytes of them) or says which value does
// not fit its field.
std::optional<CodecError> encode(const Instr &I, std::vector<uint8_t> &Out);

// Reads one instruction from the front of Bytes. Checks everything the
// encoding can get wrong: unknown opcode, engine not allowed, enum values,
// memory spaces, dtypes, counts; never reads past Bytes.
struct Decoded {
  Instr I;
  unsigned Size;
};
std::variant<Decoded, CodecError> decode(std::span<const uint8_t> Bytes);

// How assembly writes a wait condition: ">=" for WaitCond::Ge.
const char *waitCondSymbol(WaitCond C);

// Names for branch targets when printing; returns "" to print the index.
using LabelNamer = std::function<std::string(Engine, uint32_t Target)>;

// Assembly for I, which the assembler turns back into the same bytes. The
// engine prefix is written where the mnemonic needs it, or always.
std::string print(const Instr &I, const LabelNamer &Names = {}, bool AlwaysPrefix = false);
std::string printOperand(const OperandDesc &D, const Operand &Op, Engine E,
                         const LabelNamer &Names = {});
std::string printAccessPattern(const AccessPattern &AP);
// An fp32 given by its bits, as the shortest text that reads back to the
// same bits (fbits(0x...) for NaNs other than the default one).
std::string printFloat(uint32_t Bits);

} // namespace trn::isa

#endif
