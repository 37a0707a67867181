// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An operand type must be usable: an enum operand names its EnumType, a
// tensor operand allows some memory space, and a range fits its field.

include "Trn.td"

// CHECK:      {{.*}}operand-type-constraints.td:[[@LINE+3]]:5: error: enum operand '$op' of 'test_enum' names no EnumType
// CHECK-NEXT: {{^}}def TEST_ENUM : Instr<0xF0, "test_enum", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_ENUM : Instr<0xF0, "test_enum", [DVE],
  (ops OperandType<K_Enum, "no enum">:$op), "$op", CC_TensorCopy, "test">;
// CHECK:      {{.*}}operand-type-constraints.td:[[@LINE+1]]:5: error: tensor operand '$dst' of 'test_nowhere' allows no memory space
def TEST_NOWHERE : Instr<0xF1, "test_nowhere", [DVE],
  (ops APType<[], "nowhere">:$dst), "$dst", CC_TensorCopy, "test">;
// CHECK:      {{.*}}operand-type-constraints.td:[[@LINE+1]]:5: error: operand '$rd' of 'test_r64' allows 0 to 64, which the 6-bit field of 'register' cannot hold
def TEST_R64 : SeqInstr<0xF2, "test_r64", (ops RangedType<K_Register, 0, 64, "r0..r64">:$rd), "$rd", "test">;
// CHECK:      {{.*}}operand-type-constraints.td:[[@LINE+1]]:5: error: operand '$imm' of 'test_empty' allows 2 to 1, which the 32-bit field of 'imm' cannot hold
def TEST_EMPTY : SeqInstr<0xF3, "test_empty", (ops RangedType<K_Imm, 2, 1, "empty">:$imm), "$imm", "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 4 errors.
