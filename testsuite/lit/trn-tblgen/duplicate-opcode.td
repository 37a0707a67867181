// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An opcode byte names one instruction: a second record with matmul's 0x03
// is an encoding overlap, reported at the new record with a note at the old.

include "Trn.td"

// CHECK:      {{.*}}duplicate-opcode.td:[[@LINE+3]]:5: error: encoding overlap: opcode 0x03 of 'test_dup' is already used by MATMUL
// CHECK-NEXT: {{^}}def TEST_DUP : Instr<0x03, "test_dup", [PE], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_DUP : Instr<0x03, "test_dup", [PE], (ops), "", CC_Matmul, "test">;
// CHECK:      {{.*}}isa{{/|\\}}InstrTensor.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def MATMUL : Instr<0x03, "matmul", [PE],
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
