// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Opcode 0 is never valid, so that zero-filled memory does not decode.

include "Trn.td"

// CHECK:      {{.*}}opcode-zero.td:[[@LINE+3]]:5: error: opcode 0 of 'test_zero' is out of range: opcodes are 1 to 255 (0 is never valid)
// CHECK-NEXT: {{^}}def TEST_ZERO : Instr<0, "test_zero", [PE], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_ZERO : Instr<0, "test_zero", [PE], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
