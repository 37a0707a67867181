// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Keyword operands come after every positional one.

include "Trn.td"

// CHECK:      {{.*}}asm-required-after-keyword.td:[[@LINE+3]]:5: error: required operand '$src' of 'test_copy' comes after a keyword operand in its AsmString
// CHECK-NEXT: {{^}}def TEST_COPY : Instr<0xF0, "test_copy", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_COPY : Instr<0xF0, "test_copy", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$negate, SbufAP:$src),
  "$dst, negate=$negate, $src", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
