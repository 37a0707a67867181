// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A formula's terms are integers, CostVars, CostConsts or nested formulas.

include "Trn.td"

// CHECK:      {{.*}}cost-term-not-allowed.td:[[@LINE+3]]:5: error: cost formula term '"N"' is not an integer, CostVar, CostConst or (operator ...) formula
// CHECK-NEXT: {{^}}def CC_TestString : CostClass<"cycles", [CostCase<[], (Add MIN_II, "N")>], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def CC_TestString : CostClass<"cycles", [CostCase<[], (Add MIN_II, "N")>], "test">;
// CHECK:      {{.*}}cost-term-not-allowed.td:[[@LINE+1]]:5: error: cost formula term 'SBUF' is not an integer, CostVar, CostConst or (operator ...) formula
def CC_TestDef : CostClass<"cycles", [CostCase<[], (Mul 2, SBUF)>], "test">;
// CHECK:      {{.*}}cost-term-not-allowed.td:[[@LINE+1]]:5: error: cost formula term 'EvenN' is not an integer, CostVar, CostConst or (operator ...) formula
def CC_TestPred : CostClass<"cycles", [CostCase<[], (Id EvenN)>], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
