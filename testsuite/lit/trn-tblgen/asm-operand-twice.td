// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An operand is written once in the AsmString.

include "Trn.td"

// CHECK:      {{.*}}asm-operand-twice.td:[[@LINE+3]]:5: error: operand '$src' appears twice in the AsmString of 'test_copy'
// CHECK-NEXT: {{^}}def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src),
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src),
  "$dst, $src, $src", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
