//===- Rules.cpp - operands by name and the rules many instructions share -===//

#include "Rules.h"

#include <fmt/format.h>

namespace trn::verify {

std::string str(Shape S) { return fmt::format("[{} x {}]", S.P, S.N); }

bool isBitvec(isa::AluOp Op) {
  const isa::EnumValueDesc *V = isa::enumValue(isa::EnumTypeId::AluOp, static_cast<uint8_t>(Op));
  return V && V->Bitvec;
}

const char *aluName(isa::AluOp Op) {
  const isa::EnumValueDesc *V = isa::enumValue(isa::EnumTypeId::AluOp, static_cast<uint8_t>(Op));
  return V ? V->Name : "?";
}

int Rules::index(const char *Name) {
  int K = D.operandIndex(Name);
  if (K < 0)
    fail(nullptr, Rule::Op,
         fmt::format("internal error: the verifier asked '{}' for an operand '{}' it does not have",
                     D.Mnemonic, Name));
  return K;
}

const isa::AccessPattern &Rules::ap(const char *Name) {
  int K = index(Name);
  return K < 0 ? Absent : I.Operands[K].AP;
}

bool Rules::present(const char *Name) {
  int K = index(Name);
  if (K < 0)
    return false;
  const isa::Operand &O = I.Operands[K];
  bool Immediate = D.Operands[K].Kind == isa::OperandKind::Scalar && O.IsImm;
  return !Immediate && O.AP.present();
}

Shape Rules::shape(const char *Name) {
  const isa::AccessPattern &AP = ap(Name);
  return {AP.NumPartitions, AP.elementsPerPartition()};
}

int64_t Rules::imm(const char *Name) {
  int K = index(Name);
  return K < 0 ? 0 : I.Operands[K].Int;
}

std::string Rules::what(const char *Name) const {
  return fmt::format("operand '{}' of '{}'", Name, D.Mnemonic);
}

void Rules::fail(const char *Name, Rule K, std::string Message) {
  Out.push_back({Name ? D.operandIndex(Name) : -1, K, std::move(Message), std::nullopt, {}});
}

bool Rules::sameShape(const char *Name, const char *As) {
  Shape A = shape(Name), B = shape(As);
  if (A == B)
    return true;
  fail(Name, Rule::Shape,
       fmt::format("{} is {} but '{}' is {}: they must have the same shape (partitions x elements "
                   "per partition)",
                   what(Name), str(A), As, str(B)));
  return false;
}

bool Rules::shapeIs(const char *Name, Shape Want, const std::string &Why) {
  Shape S = shape(Name);
  if (S == Want)
    return true;
  fail(Name, Rule::Shape,
       fmt::format("{} is {} but must be {}: {}", what(Name), str(S), str(Want), Why));
  return false;
}

bool Rules::sameDType(const char *Name, const char *As, const char *Why) {
  isa::DType A = ap(Name).Type, B = ap(As).Type;
  if (A == B)
    return true;
  fail(Name, Rule::DType,
       fmt::format("{} is {} but '{}' is {}: {}", what(Name), isa::dtype(A).Name, As,
                   isa::dtype(B).Name, Why));
  return false;
}

void Rules::notBothPsum(const char *A, const char *B) {
  if (ap(A).Space == isa::MemSpace::PSUM && ap(B).Space == isa::MemSpace::PSUM)
    fail(B, Rule::Space,
         fmt::format("'{}' and '{}' of '{}' may not both be in PSUM", A, B, D.Mnemonic));
}

void Rules::perPartition(const char *Name, uint32_t P) {
  if (!present(Name))
    return;
  uint32_t Parts = ap(Name).NumPartitions;
  if (Parts != 1 && Parts < P)
    fail(Name, Rule::Shape,
         fmt::format("{} has {} partitions, but the instruction works on {}: a [P, 1] operand "
                     "has one partition for all, or one per partition",
                     what(Name), Parts, P));
}

void Rules::comparison(const char *Name) {
  using isa::AluOp;
  AluOp Op = alu(Name);
  if (Op == AluOp::Equal || Op == AluOp::NotEqual || Op == AluOp::Greater ||
      Op == AluOp::GreaterEqual || Op == AluOp::Less || Op == AluOp::LessEqual)
    return;
  fail(Name, Rule::Op,
       fmt::format("{} must be a comparison (equal, not_equal, greater, greater_equal, less or "
                   "less_equal), not '{}'",
                   what(Name), aluName(Op)));
}

void Rules::reducible(const char *Name) {
  isa::AluOp Op = alu(Name);
  const isa::EnumValueDesc *V = isa::enumValue(isa::EnumTypeId::AluOp, static_cast<uint8_t>(Op));
  if (V && V->Reducible)
    return;
  std::vector<std::string> Ok;
  for (const isa::EnumValueDesc &E : isa::enumType(isa::EnumTypeId::AluOp).Values)
    if (E.Reducible)
      Ok.push_back(E.Name);
  fail(Name, Rule::Op,
       fmt::format("'{}' cannot reduce with '{}': the reducible ops are {}", D.Mnemonic,
                   aluName(Op), fmt::join(Ok, ", ")));
}

void Rules::arithmetic(const char *Name) {
  isa::AluOp Op = alu(Name);
  if (isBitvec(Op))
    fail(Name, Rule::Op,
         fmt::format("'{}' takes arithmetic ops only; '{}' is a bitvec op", D.Mnemonic,
                     aluName(Op)));
}

} // namespace trn::verify
