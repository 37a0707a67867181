// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A dtype's MinGen is a NeuronCore generation, 2 to 5, as an instruction's.

include "Trn.td"

// CHECK:      {{.*}}dtype-mingen-out-of-range.td:[[@LINE+3]]:5: error: dtype test_fp4 has MinGen 9: generations are 2 (trn1) to 5 (trn4)
// CHECK-NEXT: {{^}}def TEST_FP4 : DType<18, "test_fp4", "float", 4, 1, 2, 1, "ieee", 9, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_FP4 : DType<18, "test_fp4", "float", 4, 1, 2, 1, "ieee", 9, "test">;
// CHECK:      {{.*}}dtype-mingen-out-of-range.td:[[@LINE+1]]:5: error: dtype test_i4 has MinGen 1: generations are 2 (trn1) to 5 (trn4)
def TEST_I4 : DType<19, "test_i4", "int", 4, 1, 0, 0, "", 1, "test">;
// The edges are accepted.
def TEST_U4 : DType<20, "test_u4", "uint", 4, 1, 0, 0, "", 5, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
