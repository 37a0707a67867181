// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The last case of a cost class is the general rule: it has no predicates,
// so that some case always applies.

include "Trn.td"

// CHECK:      {{.*}}cost-last-case-predicates.td:[[@LINE+3]]:5: error: the last case of cost class CC_Test has predicates: the last case is the general rule and must have none
// CHECK-NEXT: {{^}}def CC_Test : CostClass<"cycles", [
// CHECK-NEXT: {{^}}    ^{{$}}
def CC_Test : CostClass<"cycles", [
    CostCase<[AllBf16], (Id N)>,
    CostCase<[EvenN], (Mul 2, N)>],
  "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
