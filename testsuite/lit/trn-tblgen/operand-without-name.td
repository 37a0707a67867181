// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Operands are written Type:$name; the error counts operands from 1.

include "Trn.td"

// CHECK:      {{.*}}operand-without-name.td:[[@LINE+3]]:5: error: operand 2 of 'test_copy' has no name: write it as Type:$name
// CHECK-NEXT: {{^}}def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP), "$dst",
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP), "$dst",
  CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
