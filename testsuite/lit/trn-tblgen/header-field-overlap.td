// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Header fields may not share bits. Bits 20..23 are free; 22..25 runs into
// wait0_sem (24..31).

include "Trn.td"

// CHECK:      {{.*}}header-field-overlap.td:[[@LINE+3]]:5: error: encoding overlap: header field 'test_flags' (bits 22..25) overlaps header field 'wait0_sem' (bits 24..31)
// CHECK-NEXT: {{^}}def HF_test_flags : HeaderField<"test_flags", 22, 4, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def HF_test_flags : HeaderField<"test_flags", 22, 4, "test">;
// CHECK:      {{.*}}isa{{/|\\}}Encoding.td:[[#]]:5: note: overlapped field is here
// CHECK-NEXT: {{^}}def HF_wait0_sem {{ *}}: HeaderField<"wait0_sem",
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
