// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// DType ids are dense: 0 to the number of dtypes less one. With ids 0 to
// 17, 19 and 20 (18 unused), only the dtype beyond 0..19 is reported, not
// every dtype after the gap.

include "Trn.td"

def TEST_19 : DType<19, "test_19", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK:      {{.*}}dtype-id-gap.td:[[@LINE+3]]:5: error: dtype ids must be 0 to 19 without gaps; test_20 has id 20
// CHECK-NEXT: {{^}}def TEST_20 : DType<20, "test_20", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_20 : DType<20, "test_20", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
