// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A dtype id is stored in the access pattern's 5-bit dtype field (its
// width is read from K_AccessPattern), so ids stop at 31: a 33rd dtype
// (id 32) cannot be encoded. Ids 18 to 31 are accepted.
include "Trn.td"
foreach I = 18...31 in
  def TEST_#I : DType<I, "test_"#I, "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK:      {{.*}}dtype-id-beyond-field.td:[[@LINE+3]]:5: error: dtype test_32 has id 32, which the 5-bit 'dtype' field of 'access-pattern' cannot hold (ids 0 to 31)
// CHECK-NEXT: {{^}}def TEST_32 : DType<32, "test_32", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_32 : DType<32, "test_32", "int", 8, 1, 0, 0, "", 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
