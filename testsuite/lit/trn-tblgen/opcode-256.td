// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The opcode is the header's 8-bit field: 256 does not fit. 255 does, and
// is accepted (one error in all).

include "Trn.td"

// CHECK:      {{.*}}opcode-256.td:[[@LINE+3]]:5: error: opcode 256 of 'test_256' is out of range: opcodes are 1 to 255 (0 is never valid)
// CHECK-NEXT: {{^}}def TEST_256 : Instr<256, "test_256", [PE], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_256 : Instr<256, "test_256", [PE], (ops), "", CC_Matmul, "test">;
def TEST_255 : Instr<255, "test_255", [PE], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
