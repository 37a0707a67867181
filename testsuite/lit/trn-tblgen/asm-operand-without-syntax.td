// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Every operand must be written somewhere in the AsmString, or the assembler
// could never fill it in.

include "Trn.td"

// CHECK:      {{.*}}asm-operand-without-syntax.td:[[@LINE+3]]:5: error: operand '$src' of 'test_copy' has no syntax: it does not appear in the AsmString "$dst"
// CHECK-NEXT: {{^}}def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst",
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst",
  CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
