// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A float's FloatStyle is "ieee" (inf and NaN), "fn" (NaN only), "finite"
// (neither) or "e8m0" (no sign, NaN only); an integer type has none ("").

include "Trn.td"

// CHECK:      {{.*}}dtype-float-style.td:[[@LINE+3]]:5: error: dtype test_fp8: float style 'IEEE' is not 'ieee', 'fn', 'finite' or 'e8m0'
// CHECK-NEXT: {{^}}def TEST_FP8 : DType<18, "test_fp8", "float", 8, 1, 4, 3, "IEEE", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_FP8 : DType<18, "test_fp8", "float", 8, 1, 4, 3, "IEEE", 2, "test">;
// CHECK:      {{.*}}dtype-float-style.td:[[@LINE+1]]:5: error: dtype test_fp8b: float style '' is not 'ieee', 'fn', 'finite' or 'e8m0'
def TEST_FP8B : DType<19, "test_fp8b", "float", 8, 1, 4, 3, "", 2, "test">;
// The same for "int" and "uint".
// CHECK:      {{.*}}dtype-float-style.td:[[@LINE+1]]:5: error: dtype test_u4: an integer type has float style 'fn': it must be ""
def TEST_U4 : DType<20, "test_u4", "uint", 4, 1, 0, 0, "fn", 2, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
