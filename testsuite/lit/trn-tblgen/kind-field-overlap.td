// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The fields of an operand kind may not share bits. Fields are anonymous
// EncField<...> records, located at the EncField class, so the error is
// reported at the OperandKind (K_TEST) and names both fields; there is no
// note, the overlapped field being in the same record.

include "Trn.td"

// CHECK:      {{.*}}kind-field-overlap.td:[[@LINE+3]]:5: error: encoding overlap: field 'mid' (bits 4..11) of operand kind 'test-kind' overlaps field 'lo' (bits 0..7)
// CHECK-NEXT: {{^}}def K_TEST : OperandKind<"test-kind", 16, [
// CHECK-NEXT: {{^}}    ^{{$}}
def K_TEST : OperandKind<"test-kind", 16, [
    EncField<"lo", 0, 8>,
    EncField<"mid", 4, 8>],
  "test">;

// CHECK-NOT:  note:
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
