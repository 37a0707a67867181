// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An operand's type is an OperandType record (SbufAP, Reg, Opt<...>), not
// an OperandKind nor a literal.

include "Trn.td"

// CHECK:      {{.*}}operand-not-operand-type.td:[[@LINE+3]]:5: error: operand '$imm' of 'test_kind' is 'K_Imm', which is not an OperandType
// CHECK-NEXT: {{^}}def TEST_KIND : Instr<0xF0, "test_kind", [DVE], (ops K_Imm:$imm), "$imm",
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_KIND : Instr<0xF0, "test_kind", [DVE], (ops K_Imm:$imm), "$imm",
  CC_TensorCopy, "test">;
// CHECK:      {{.*}}operand-not-operand-type.td:[[@LINE+1]]:5: error: operand '$imm' of 'test_int' is '5', which is not an OperandType
def TEST_INT : Instr<0xF1, "test_int", [DVE], (ops 5:$imm), "$imm",
  CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
