// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A dtype's kind is float, int or uint; a float's sign, exponent and
// mantissa add up to its bits; the bits fit its storage.

include "Trn.td"

// CHECK:      {{.*}}dtype-shape.td:[[@LINE+3]]:5: error: dtype kind 'fixed' is not float, int or uint
// CHECK-NEXT: {{^}}def TEST_FIXED : DType<18, "test_fixed", "fixed", 16, 2, 0, 0, "", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_FIXED : DType<18, "test_fixed", "fixed", 16, 2, 0, 0, "", 2, "test">;
// CHECK:      {{.*}}dtype-shape.td:[[@LINE+1]]:5: error: dtype test_fp12: 1 + 5 exponent + 5 mantissa bits is not 12 bits
def TEST_FP12 : DType<19, "test_fp12", "float", 12, 2, 5, 5, "ieee", 2, "test">;
// CHECK:      {{.*}}dtype-shape.td:[[@LINE+1]]:5: error: dtype test_i16: 1 x 16 bits do not fit 1 storage bytes
def TEST_I16 : DType<20, "test_i16", "int", 16, 1, 0, 0, "", 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
