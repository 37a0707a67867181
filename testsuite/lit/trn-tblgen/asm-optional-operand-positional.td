// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An optional operand (one with a default) may be left out, so it must be
// written as `key=$name`, never by position.

include "Trn.td"

// CHECK:      {{.*}}asm-optional-operand-positional.td:[[@LINE+3]]:5: error: optional operand '$negate' of 'test_neg' must be written as a keyword, 'negate=$negate'
// CHECK-NEXT: {{^}}def TEST_NEG : Instr<0xF0, "test_neg", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_NEG : Instr<0xF0, "test_neg", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$negate), "$dst, $negate",
  CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
