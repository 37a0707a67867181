//===- Rules.h - the verifier's view of one instruction ---------*- C++ -*-===//
//
// The rules on operands together read like the ISA reference: operands by
// name, shapes as [partitions x elements per partition], and a few rules
// that many instructions share (same shape, not both in PSUM, a [P, 1]
// scalar). One function per instruction family, in *Rules.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_VERIFY_RULES_H
#define TRN_VERIFY_RULES_H

#include "trn/verify/Verifier.h"

#include <string>
#include <vector>

namespace trn::verify {

struct Shape {
  uint32_t P = 0; // partitions (HBM: rows)
  uint64_t N = 0; // elements per partition
  bool operator==(const Shape &) const = default;
};
std::string str(Shape S); // "[4 x 8]"

class Rules {
public:
  Rules(const isa::Instr &I, std::vector<Diagnostic> &Out) : I(I), D(I.desc()), Out(Out) {}

  const isa::Instr &I;
  const isa::InstrDesc &D;

  // Operands by name. A name the instruction does not have is a bug in the
  // rules: it is reported as an internal error, never a crash.
  int index(const char *Name);
  const isa::AccessPattern &ap(const char *Name);
  bool present(const char *Name); // a tensor is given (not none, not an immediate)
  Shape shape(const char *Name);
  int64_t imm(const char *Name);
  isa::AluOp alu(const char *Name) { return static_cast<isa::AluOp>(imm(Name)); }
  bool flag(const char *Name) { return imm(Name) != 0; }
  std::string what(const char *Name) const; // "operand 'dst' of 'tensor_copy'"

  // Reports at operand Name (nullptr: the instruction).
  void fail(const char *Name, Rule K, std::string Message);
  void add(Diagnostic D) { Out.push_back(std::move(D)); }
  bool failed() const { return !Out.empty(); }

  // Shared rules; each reports at its first operand and says whether it holds.
  bool sameShape(const char *Name, const char *As);
  bool shapeIs(const char *Name, Shape Want, const std::string &Why);
  bool sameDType(const char *Name, const char *As, const char *Why);
  void notBothPsum(const char *A, const char *B);
  // A scalar operand given as a [P, 1] tensor: one partition for all, or
  // one per partition of an instruction working on P partitions.
  void perPartition(const char *Name, uint32_t P);
  // An ALU op that must be a comparison, or reducible, or arithmetic.
  void comparison(const char *Name);
  void reducible(const char *Name);
  void arithmetic(const char *Name);

private:
  std::vector<Diagnostic> &Out;
  isa::AccessPattern Absent;
};

bool isBitvec(isa::AluOp Op);
const char *aluName(isa::AluOp Op);

// The families (TensorRules.cpp, VectorRules.cpp, TransferRules.cpp).
// A TensorE tile along one axis (tile_row/tile_rows or tile_col/tile_cols):
// its size and start; false after reporting the first rule broken.
enum class TileAxis { Rows, Columns };
bool tileAxisRules(Rules &R, const isa::ChipDesc &Chip, TileAxis Axis);
void matmulRules(Rules &R, const PeState &PE, const isa::ChipDesc &Chip);
void loadStationaryRules(Rules &R, const isa::ChipDesc &Chip);
void peTransposeRules(Rules &R);
void matmulMxRules(Rules &R, const isa::ChipDesc &Chip); // MxRules.cpp
void quantizeMxRules(Rules &R);                          // MxRules.cpp
void vectorRules(Rules &R);
void transferRules(Rules &R);

} // namespace trn::verify

#endif
