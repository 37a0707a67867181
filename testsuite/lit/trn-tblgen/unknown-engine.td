// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An engine that is not defined is TableGen's own error, at the name, and
// parsing stops there: the checker never runs.

include "Trn.td"

// CHECK:      {{.*}}unknown-engine.td:[[@LINE+3]]:45: error: Variable not defined: 'XPU'
// CHECK-NEXT: {{^}}def TEST_XPU : Instr<0xF0, "test_xpu", [PE, XPU], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}                                            ^{{$}}
def TEST_XPU : Instr<0xF0, "test_xpu", [PE, XPU], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
