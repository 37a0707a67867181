//===- ExecContext.h - what an instruction's semantics see ------*- C++ -*-===//
//
// Semantics read like the ISA reference: operands by name, tensors as tiles
// of fp32 lanes (Vector/Scalar/GpSimd compute in fp32 and cast on input and
// output, A1), raw bytes where a copy must be bit-exact. What an instruction
// shows on its own (shapes, dtypes, partitions, bounds without a register
// offset) was checked by the verifier when the program was loaded; what
// depends on the machine's state is checked here, once per operand, so that
// the semantics need not be: bounds and PSUM banks under a register offset,
// uninitialised reads.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_EMU_EXECCONTEXT_H
#define TRN_EMU_EXECCONTEXT_H

#include "Machine.h"
#include "trn/verify/Verifier.h"

#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <new>

namespace trn::emu {

// An operand's elements, partition by partition: P rows of N values.
struct Tile {
  uint32_t P = 0;
  uint64_t N = 0;
  std::vector<float> V;

  Tile() = default;
  Tile(uint32_t P, uint64_t N, float Fill = 0) : P(P), N(N), V(size_t(P) * N, Fill) {}
  float *row(uint32_t Part) { return V.data() + size_t(Part) * N; }
  const float *row(uint32_t Part) const { return V.data() + size_t(Part) * N; }
  float &at(uint32_t Part, uint64_t I) { return V[size_t(Part) * N + I]; }
  float at(uint32_t Part, uint64_t I) const { return V[size_t(Part) * N + I]; }
};

// The same as stored bytes (for bit-exact copies and integer work).
struct RawTile {
  uint32_t P = 0;
  uint64_t N = 0;
  isa::DType Type = isa::DType::FP32;
  std::vector<uint8_t> Bytes; // P * N * element size
};

class ExecContext {
public:
  ExecContext(Machine &M, EngineState &E, const isa::Instr &I, uint32_t Index);

  Machine &M;
  EngineState &E;
  const isa::Instr &I;
  const isa::InstrDesc &D;
  uint32_t Index;

  //===-- scalar operands ---------------------------------------------------===//
  unsigned operand(const char *Name) const; // index; a missing name is a bug here
  const isa::Operand &op(const char *Name) const { return I.Operands[operand(Name)]; }
  bool present(const char *Name) const { return op(Name).AP.present(); }
  const isa::AccessPattern &ap(const char *Name) const { return op(Name).AP; }
  int64_t imm(const char *Name) const { return op(Name).Int; }
  float fimm(const char *Name) const;
  uint32_t &reg(const char *Name) { return E.Regs[op(Name).Int & 63]; }
  template <typename EnumT> EnumT enumOf(const char *Name) const {
    return static_cast<EnumT>(op(Name).Int);
  }
  bool flag(const char *Name) const { return op(Name).Int != 0; }
  // A scalar operand's value for the Part-th partition of the instruction:
  // the immediate, or element [Part, 0] of its [P, 1] tensor.
  float scalar(const char *Name, uint32_t Part);

  //===-- tensors -------------------------------------------------------------===//
  const View &view(const char *Name); // checked; valid while this context lives
  Tile load(const char *Name);
  void store(const char *Name, const Tile &T);
  RawTile loadRaw(const char *Name);
  void storeRaw(const char *Name, const RawTile &T);

  // Lower level, on a view (DMA, registers).
  // P*N elements, in order; CheckInit = false skips the uninitialised-read
  // check (for bytes read only to be merged and written back).
  void readElements(const View &V, std::vector<uint8_t> &Out, bool CheckInit = true);
  void writeElements(const View &V, const std::vector<uint8_t> &In, bool FromMatmul = false);
  // The same, handing In over when the write is deferred (a DMA's).
  void writeElements(const View &V, std::vector<uint8_t> &&In, bool FromMatmul = false);
  // When set, writeElements appends here instead of writing memory.
  std::vector<DeferredWrite> *Defer = nullptr;
  void commit(const DeferredWrite &W) { writeElements(W.V, W.Bytes, W.FromMatmul); }

  //===-- rows in place (the Vector/Scalar/GpSimd fast path) -----------------===//
  // Whether the instruction may read its inputs and write its outputs one
  // partition row at a time, converting each row to fp32 lanes in place,
  // with the results of load() everything then store() everything: every
  // operand on chip (HBM and deferred writes take load/store), and an output
  // overlapping another operand only on the same partitions (row p of both
  // is then the same partition, which no other row touches). Scalar operands
  // are the caller's to read before the first row is written (scalars()).
  bool rowwise(std::initializer_list<const View *> Outs,
               std::initializer_list<const View *> Ins) const;
  // The uninitialised-read check load() makes, once per operand, in the order
  // load() would have made them.
  void checkRead(const View &V) { markRead(V); }
  // Row P of V as fp32 lanes: a pointer into memory for a contiguous fp32
  // row, else the lanes converted into Scratch (V.N floats).
  const float *rowIn(const View &V, uint32_t P, float *Scratch);
  // Rounds V.N lanes to V's dtype into row P, marking them written.
  void storeRow(const View &V, uint32_t P, const float *In);
  // scalar(Name, p) for every row p of P, into Out (read before any write).
  void scalars(const char *Name, uint32_t P, float *Out);
  // All of V as a tile, without the uninitialised-read check (checkRead made
  // it): the fallback of a semantics that checked its operands for rows.
  Tile tileOf(const View &V);
  // Reusable lanes for rows: slot Which < NumScratch, at least N floats.
  static constexpr unsigned NumScratch = 6;
  static float *scratch(unsigned Which, size_t N);

  //===-- faults ----------------------------------------------------------------===//
  [[noreturn]] void fault(FaultKind K, const std::string &What);
  [[noreturn]] void faultOperand(FaultKind K, const std::string &Operand, const std::string &What);

  bool onPool() const { return E.Id == isa::Engine::POOL; }

private:
  // Views checked so far, by operand index. Built on first use: a register
  // instruction takes none and so builds (and allocates) none.
  class ViewSlots {
  public:
    ViewSlots() = default;
    ViewSlots(const ViewSlots &) = delete;
    ViewSlots &operator=(const ViewSlots &) = delete;
    ~ViewSlots() {
      for (uint32_t B = Built; B; B &= B - 1)
        slot(static_cast<unsigned>(std::countr_zero(B)))->~View();
    }
    View &operator[](unsigned K) {
      if (!(Built >> K & 1)) {
        new (slot(K)) View();
        Built |= 1u << K;
      }
      return *slot(K);
    }

  private:
    View *slot(unsigned K) {
      return std::launder(reinterpret_cast<View *>(Storage + K * sizeof(View)));
    }
    alignas(View) unsigned char Storage[isa::MaxOperands * sizeof(View)];
    uint32_t Built = 0;
  };
  ViewSlots Cache;
  std::array<bool, isa::MaxOperands> Cached{};
  void markRead(const View &V);
  void warnUnwritten(const View &V, uint32_t Partition, int64_t Byte);
};

// The fault kind a verifier rule is reported under at run time.
FaultKind faultKindOf(verify::Rule R);

// fp32 addition, subtraction, multiplication and division with x86's NaN rule
// spelled out: a NaN operand gives itself, quieted (sign and payload kept),
// the first operand's when both are NaN. Left to the compiler, neither holds:
// it may swap a commutative operation's operands, and LLVM treats NaN signs
// and payloads as unspecified (Clang compiles a - NaN to -NaN on AVX-512), so
// the rule is computed on the bits.
inline float quietNaN(float X) {
  return std::bit_cast<float>(std::bit_cast<uint32_t>(X) | 0x00400000u);
}
inline bool anyNaN(float A, float B) { return std::isnan(A) || std::isnan(B); }
inline float nanOperand(float A, float B) { return quietNaN(std::isnan(A) ? A : B); }
inline float addLanes(float A, float B) { return anyNaN(A, B) ? nanOperand(A, B) : A + B; }
inline float subLanes(float A, float B) { return anyNaN(A, B) ? nanOperand(A, B) : A - B; }
inline float mulLanes(float A, float B) { return anyNaN(A, B) ? nanOperand(A, B) : A * B; }
inline float divLanes(float A, float B) { return anyNaN(A, B) ? nanOperand(A, B) : A / B; }

// A binary ALU op in fp32 (bitvec ops on the values' integer parts).
float aluOp(isa::AluOp Op, float A, float B);
// The same on raw integers (bitvec and integer arithmetic).
int64_t aluOpInt(isa::AluOp Op, int64_t A, int64_t B);
bool isBitvec(isa::AluOp Op);
// The integers bitvec ops work on (see the AluOp enum): an fp32 lane gives
// its integer part, saturated to int32, NaN giving 0.
int32_t laneInt(float F);
// A 32-bit bitvec result, read as unsigned when the source dtype is
// unsigned and as signed otherwise.
int64_t bitvecResult(isa::DType Src, int64_t V);
bool isIntegerType(isa::DType T);
// An integer stored as dtype T: wrapped to an integer dtype's width, rounded
// to nearest even for a float dtype.
void storeInteger(isa::DType T, uint8_t *P, int64_t V);
// An activation function in fp32.
float activate(isa::ActFunc F, float X);

} // namespace trn::emu

#endif
