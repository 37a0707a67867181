// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A required operand is written by position, not as `key=$name`.

include "Trn.td"

// CHECK:      {{.*}}asm-required-operand-keyword.td:[[@LINE+3]]:5: error: required operand '$op' of 'test_op' must be written positionally, '$op', not as 'op=$op'
// CHECK-NEXT: {{^}}def TEST_OP : Instr<0xF0, "test_op", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_OP : Instr<0xF0, "test_op", [DVE],
  (ops SbufAP:$dst, AluOpOperand:$op), "$dst, op=$op", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
