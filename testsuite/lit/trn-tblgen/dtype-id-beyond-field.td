// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A dtype id is stored in the access pattern's 4-bit dtype field (its
// width is read from K_AccessPattern), so ids stop at 15: a 17th dtype
// (id 16) cannot be encoded. Ids 13 to 15 are accepted.

include "Trn.td"

def TEST_13 : DType<13, "test_13", "int", 8, 1, 0, 0, "", 2, "test">;
def TEST_14 : DType<14, "test_14", "int", 8, 1, 0, 0, "", 2, "test">;
def TEST_15 : DType<15, "test_15", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK:      {{.*}}dtype-id-beyond-field.td:[[@LINE+3]]:5: error: dtype test_16 has id 16, which the 4-bit 'dtype' field of 'access-pattern' cannot hold (ids 0 to 15)
// CHECK-NEXT: {{^}}def TEST_16 : DType<16, "test_16", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_16 : DType<16, "test_16", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
