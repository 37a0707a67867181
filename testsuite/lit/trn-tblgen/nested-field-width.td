// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A NestedField holds a whole operand kind: its width is that kind's Bits
// (K_Register is 8 bits). The error is reported at the OperandKind and
// names the field (see kind-field-overlap.td).

include "Trn.td"

// CHECK:      {{.*}}nested-field-width.td:[[@LINE+3]]:5: error: field 'reg' of operand kind 'test-kind' is 16 bits wide but nests 'register' of 8 bits
// CHECK-NEXT: {{^}}def K_TEST : OperandKind<"test-kind", 24, [
// CHECK-NEXT: {{^}}    ^{{$}}
def K_TEST : OperandKind<"test-kind", 24, [
    EncField<"tag", 0, 8>,
    NestedField<"reg", 8, 16, K_Register>],
  "test">;

// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
