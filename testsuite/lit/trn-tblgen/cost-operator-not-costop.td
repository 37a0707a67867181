// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The operator of a formula dag is a CostOp (Max, Min, Add, Mul, CeilDiv,
// Id). The error is reported at the cost class.

include "Trn.td"

// A CostVar in operator position.
// CHECK:      {{.*}}cost-operator-not-costop.td:[[@LINE+3]]:5: error: cost formula operator 'N' is not a CostOp
// CHECK-NEXT: {{^}}def CC_TestVar : CostClass<"cycles", [CostCase<[], (N 1, 2)>], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def CC_TestVar : CostClass<"cycles", [CostCase<[], (N 1, 2)>], "test">;
// Nested, and a def that is no CostOp at all.
// CHECK:      {{.*}}cost-operator-not-costop.td:[[@LINE+1]]:5: error: cost formula operator 'ops' is not a CostOp
def CC_TestOps : CostClass<"cycles", [CostCase<[], (Max MIN_II, (ops N, 2))>], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
