// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A field lies within its operand kind's Bits and is 1 to 64 bits wide
// (a nested kind may be wider). The errors are reported at the OperandKind
// and name the field (see kind-field-overlap.td).

include "Trn.td"

// CHECK:      {{.*}}kind-field-beyond-bits.td:[[@LINE+5]]:5: error: field 'hi' (bits 8..16) does not fit the 16 bits of operand kind 'test-kind'
// CHECK-NEXT: {{^}}def K_TEST : OperandKind<"test-kind", 16, [
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK:      {{.*}}kind-field-beyond-bits.td:[[@LINE+2]]:5: error: field 'none' of operand kind 'test-kind' is 0 bits wide: fields hold 1 to 64 bits
// CHECK-NOT:  error:
def K_TEST : OperandKind<"test-kind", 16, [
    EncField<"lo", 0, 8>,
    EncField<"hi", 8, 9>,
    EncField<"none", 8, 0>],
  "test">;

// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
