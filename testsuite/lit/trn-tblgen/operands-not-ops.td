// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The operand list is a dag whose operator is `ops`.

include "Trn.td"

def outs;

// CHECK:      {{.*}}operands-not-ops.td:[[@LINE+3]]:5: error: the operands of 'test_outs' must be written (ops Type:$name, ...)
// CHECK-NEXT: {{^}}def TEST_OUTS : Instr<0xF0, "test_outs", [DVE], (outs SbufAP:$dst), "$dst",
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_OUTS : Instr<0xF0, "test_outs", [DVE], (outs SbufAP:$dst), "$dst",
  CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
