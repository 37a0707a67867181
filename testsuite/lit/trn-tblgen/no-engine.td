// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An instruction must be in some engine's stream.

include "Trn.td"

// CHECK:      {{.*}}no-engine.td:[[@LINE+3]]:5: error: instruction 'test_nowhere' has no engine: list at least one of PE, DVE, ACT, POOL, SP
// CHECK-NEXT: {{^}}def TEST_NOWHERE : Instr<0xF0, "test_nowhere", [], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_NOWHERE : Instr<0xF0, "test_nowhere", [], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
