// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An optional access pattern can only default to 'none' (left out).

include "Trn.td"

// CHECK:      {{.*}}bad-default-ap.td:[[@LINE+3]]:5: error: default 'sbuf' of operand '$accum' of 'test_accum' is not valid: expected 'none'
// CHECK-NEXT: {{^}}def TEST_ACCUM : Instr<0xF0, "test_accum", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_ACCUM : Instr<0xF0, "test_accum", [DVE],
  (ops SbufAP:$dst, Opt<OnChipAP, "sbuf">:$accum), "$dst, accum=$accum", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
