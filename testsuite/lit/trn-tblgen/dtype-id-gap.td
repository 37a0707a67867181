// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// DType ids are dense: 0 to the number of dtypes less one. With ids 0 to
// 12, 14 and 15 (13 unused), only the dtype beyond 0..14 is reported, not
// every dtype after the gap.

include "Trn.td"

def TEST_14 : DType<14, "test_14", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK:      {{.*}}dtype-id-gap.td:[[@LINE+3]]:5: error: dtype ids must be 0 to 14 without gaps; test_15 has id 15
// CHECK-NEXT: {{^}}def TEST_15 : DType<15, "test_15", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_15 : DType<15, "test_15", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
