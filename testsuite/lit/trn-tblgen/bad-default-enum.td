// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An optional enum operand's default must be one of the enum's names.

include "Trn.td"

// CHECK:      {{.*}}bad-default-enum.td:[[@LINE+3]]:5: error: default 'sum' of operand '$op' of 'test_op' is not valid: expected a value of AluOp
// CHECK-NEXT: {{^}}def TEST_OP : Instr<0xF0, "test_op", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_OP : Instr<0xF0, "test_op", [DVE],
  (ops SbufAP:$dst, Opt<AluOpOperand, "sum">:$op), "$dst, op=$op", CC_TensorCopy, "test">;
// The value, not the name, is not accepted either.
// CHECK:      {{.*}}bad-default-enum.td:[[@LINE+1]]:5: error: default '1' of operand '$acc' of 'test_acc' is not valid: expected a value of PsumMode
def TEST_ACC : Instr<0xF1, "test_acc", [PE],
  (ops PsumAP:$dst, Opt<PsumModeOperand, "1">:$acc), "$dst, acc=$acc", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
