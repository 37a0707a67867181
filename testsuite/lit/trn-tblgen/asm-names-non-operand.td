// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The AsmString may only name the instruction's own operands.

include "Trn.td"

// CHECK:      {{.*}}asm-names-non-operand.td:[[@LINE+3]]:5: error: the AsmString of 'test_copy' names '$source', which is not an operand
// CHECK-NEXT: {{^}}def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src),
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src),
  "$dst, $src, $source", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
