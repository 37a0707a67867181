//===- trn/verify/Verifier.h - what one instruction shows on its own -*- C++ -*-===//
//
// The rules of the ISA that an instruction breaks or keeps whatever the
// registers hold, checked before anything runs, as LLVM's MachineVerifier
// checks machine code: each tensor operand alone (memory space, engine
// reach, dtype, free size, partitions, strides, bounds, PSUM bank, HBM
// within a declared tensor) and the operands together (shapes that agree,
// dtype pairings, inputs not both in PSUM, the ops an engine allows, the
// accumulate flag). trn-as runs it on every instruction, whether or not it
// would run; the emulator runs it when it loads a program and refuses one
// that breaks a rule. What depends on register values (a register offset
// moving a pattern) is left to run time, which uses the helpers below.
// docs/assembly.md, "What the assembler checks", lists every rule.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_VERIFY_VERIFIER_H
#define TRN_VERIFY_VERIFIER_H

#include "trn/isa/Instr.h"
#include "trn/object/Program.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace trn::verify {

// What a rule is about (the emulator reports a refused program under the
// fault kind of the same name).
enum class Rule : uint8_t {
  Space,     // memory space, engine reach
  DType,     // dtypes and dtype pairings
  Bounds,    // free size, partitions, strides, bytes within memory or a tensor
  Partition, // the start-partition rule
  PsumBank,  // within one PSUM bank
  Shape,     // operands that must agree in shape
  Op,        // ops, flags and operand combinations the instruction refuses
  State,     // what the stream shows about TensorE's stationary
};

struct Diagnostic {
  int Operand = -1; // the operand at fault (index into InstrDesc::Operands); -1: the instruction
  Rule Kind = Rule::Op;
  std::string Message; // one sentence, the same for trn-as and trn-emu
  // An earlier instruction of the same stream the message is about (the
  // one that loaded TensorE's stationary), with a note to show there.
  std::optional<uint32_t> Related;
  std::string RelatedNote;
};

// What instructions are checked against.
struct Context {
  const isa::ChipDesc *Chip = nullptr;
  // The program's HBM tensors: an HBM operand without a register offset
  // must lie within one. Null: not checked.
  const std::vector<object::Tensor> *Tensors = nullptr;
};

// A tile of TensorE's 128 x 128 PE array (ISA nc_matmul tile_position /
// tile_size): rows Row .. Row + Rows - 1 (the contraction's partitions) and
// columns Col .. Col + Cols - 1 (the stationary's M). The default is the
// whole array.
struct PeTile {
  uint8_t Row = 0, Col = 0;
  uint8_t Rows = 128, Cols = 128;
  bool whole() const { return Rows == 128 && Cols == 128; }
  bool overlaps(const PeTile &O) const {
    return Row < O.Row + O.Rows && O.Row < Row + Rows && Col < O.Col + O.Cols && O.Col < Col + Cols;
  }
  bool operator==(const PeTile &) const = default;
};
std::string str(const PeTile &T); // "rows 0-63, columns 0-127"

// The TensorE mode of an instruction: its tile and perf=double_row (the
// whole array and perf=none for any instruction without those operands).
// Operand values out of their range give the whole array; the verifier
// reports them.
struct PeMode {
  PeTile Tile;
  bool DoubleRow = false;
};
PeMode peModeOf(const isa::Instr &I);

// TensorE's stationary as an instruction leaves it: [K, M] of one dtype
// (with perf=double_row [K, 2, M]: K is the partitions, M the columns).
struct Stationary {
  isa::DType Type = isa::DType::BF16;
  uint32_t K = 0, M = 0;
  bool DoubleRow = false;
};

// What a PE instruction finds in the array, as far as its stream shows: the
// stationaries loaded, by tile (a load replaces every one whose tile it
// overlaps). Complete: nothing else is loaded (at the start of a stream, or
// after a whole-array load); otherwise other tiles are unknown (after a
// branch target).
struct PeState {
  struct Entry {
    PeTile Tile;
    Stationary S;
    uint32_t LoadedBy = 0; // the instruction that loaded it
    // MX weights (matmul_mx at LoadedBy): the tile holds no stationary.
    bool Empty = false;
  };
  std::vector<Entry> Loaded;
  bool Complete = false;
  void load(const PeTile &T, const Stationary &S, uint32_t By);
  // matmul_mx's weights at tile T: whatever T overlapped is gone, and no
  // stationary is loaded there.
  void empty(const PeTile &T, uint32_t By);
  const Entry *at(const PeTile &T) const;      // a stationary loaded at exactly T
  const Entry *emptied(const PeTile &T) const; // matmul_mx weights overlapping T
};

// One tensor operand alone (AP present). The assembler calls it as it
// reads each operand; verifyInstr calls it for every operand.
std::optional<Diagnostic> checkOperand(const isa::AccessPattern &AP, const isa::OperandDesc &OD,
                                       const isa::InstrDesc &D, isa::Engine Eng, const Context &C);

// Every rule on I, operands first; the rules on operands together only if
// each operand is fine alone. PE: what the stream shows of the stationary
// (multiply_moving is checked against it when it is known).
std::vector<Diagnostic> verifyInstr(const isa::Instr &I, const Context &C, const PeState &PE = {});

// multiply_moving (or matmul) against a stationary: the perf mode, K, the
// dtype pairing, dst's shape and dtype, the transpose mode's identity shape;
// S null: none is loaded at the instruction's tile. The verifier uses it
// where the stream shows the stationary; the emulator at run time with the
// stationary actually loaded there.
std::optional<Diagnostic> checkAgainstStationary(const isa::Instr &I, const Stationary *S);

// A stream in program order: every instruction, with TensorE's stationary
// followed through straight-line code (a branch target forgets it).
struct StreamDiagnostic {
  uint32_t Index;
  Diagnostic D;
};
std::vector<StreamDiagnostic> verifyStream(std::span<const isa::Instr> Code, const Context &C);
// The same for a caller that keeps the stream's N instructions in records of
// its own (the assembler): At(K) is instruction K.
std::vector<StreamDiagnostic>
verifyStream(uint32_t N, const std::function<const isa::Instr &(uint32_t)> &At, const Context &C);

// A whole program on a chip: each stream decoded and verified. Text is the
// complete message: FILE:LINE:COL: error: MESSAGE (the instruction's place
// in the line table), the instruction disassembled with a caret under the
// operand at fault, and any note.
struct ProgramDiagnostic {
  isa::Engine Eng;
  uint32_t Index;
  Diagnostic D;
  std::string Text;
};
std::vector<ProgramDiagnostic> verifyProgram(const object::Program &P, const isa::ChipDesc &Chip);
// The same on streams already decoded (the emulator's): Decoded[E] holds
// stream E's instructions up to the first that cannot be decoded.
std::vector<ProgramDiagnostic>
verifyProgram(const object::Program &P, const isa::ChipDesc &Chip,
              const std::array<std::span<const isa::Instr>, isa::NumEngines> &Decoded);

//===-- Shared with the run time (register offsets) -----------------------===//

// Bytes First..Last of one SBUF or PSUM partition exist on the chip.
bool withinPartition(isa::MemSpace Space, int64_t First, int64_t Last, const isa::ChipDesc &C);
// The PSUM bank boundary that bytes First..Last cross, if any.
std::optional<int64_t> bankBoundaryCrossed(int64_t First, int64_t Last, const isa::ChipDesc &C);
// The tensor holding HBM bytes First..Last whole, if any; when none does,
// overlapNote names the tensors they overlap: " (it overlaps 'a' at
// 0x0..0x7F and 'o' at 0x80..0xFF)", or "".
const object::Tensor *tensorHolding(const std::vector<object::Tensor> &Tensors, int64_t First,
                                    int64_t Last);
std::string overlapNote(const std::vector<object::Tensor> &Tensors, int64_t First, int64_t Last);

} // namespace trn::verify

#endif
