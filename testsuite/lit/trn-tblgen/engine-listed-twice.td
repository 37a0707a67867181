// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An engine may appear once in an instruction's engine list.

include "Trn.td"

// CHECK:      {{.*}}engine-listed-twice.td:[[@LINE+3]]:5: error: instruction 'test_twice' lists engine DVE twice
// CHECK-NEXT: {{^}}def TEST_TWICE : Instr<0xF0, "test_twice", [DVE, ACT, DVE], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_TWICE : Instr<0xF0, "test_twice", [DVE, ACT, DVE], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
