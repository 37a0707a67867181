// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Id takes one argument, CeilDiv two, the others two to eight.

include "Trn.td"

// CHECK:      {{.*}}cost-operator-arity.td:[[@LINE+3]]:5: error: cost formula operator 'Id' takes 1 argument, not 2
// CHECK-NEXT: {{^}}def CC_TestId2 : CostClass<"cycles", [CostCase<[], (Id N, P)>], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def CC_TestId2 : CostClass<"cycles", [CostCase<[], (Id N, P)>], "test">;
// CHECK:      {{.*}}cost-operator-arity.td:[[@LINE+1]]:5: error: cost formula operator 'Id' takes 1 argument, not 0
def CC_TestId0 : CostClass<"cycles", [CostCase<[], (Id)>], "test">;
// CHECK:      {{.*}}cost-operator-arity.td:[[@LINE+1]]:5: error: cost formula operator 'Max' takes 2 to 8 arguments, not 1
def CC_TestMax1 : CostClass<"cycles", [CostCase<[], (Add 1, (Max N))>], "test">;
// CHECK:      {{.*}}cost-operator-arity.td:[[@LINE+1]]:5: error: cost formula operator 'CeilDiv' takes 2 arguments, not 3
def CC_TestDiv3 : CostClass<"cycles", [CostCase<[], (CeilDiv N, 2, 3)>], "test">;
// CHECK:      {{.*}}cost-operator-arity.td:[[@LINE+1]]:5: error: cost formula operator 'Add' takes 2 to 8 arguments, not 9
def CC_TestAdd9 : CostClass<"cycles", [CostCase<[], (Add 1, 2, 3, 4, 5, 6, 7, 8, 9)>], "test">;
// Eight is accepted.
def CC_TestAdd8 : CostClass<"cycles", [CostCase<[], (Add 1, 2, 3, 4, 5, 6, 7, N)>], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 5 errors.
