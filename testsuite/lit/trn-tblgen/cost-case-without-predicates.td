// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Cases are tried in order; a case with no predicates always matches, so
// only the last may have none. Cases are numbered from 1.

include "Trn.td"

// CHECK:      {{.*}}cost-case-without-predicates.td:[[@LINE+3]]:5: error: case 2 of cost class CC_Test has no predicates, so the cases after it can never apply
// CHECK-NEXT: {{^}}def CC_Test : CostClass<"cycles", [
// CHECK-NEXT: {{^}}    ^{{$}}
def CC_Test : CostClass<"cycles", [
    CostCase<[AllBf16], (Id N)>,
    CostCase<[], (Mul 2, N)>,
    CostCase<[EvenN], (Mul 3, N)>,
    CostCase<[], (Mul 4, N)>],
  "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
