// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Sets of cost predicates are 32-bit masks and sets of cost classes 64-bit
// masks. The error points at the first record past the limit; the 33 and
// 65 records here pass the limits whatever the ISA itself holds.

include "Trn.td"

// CHECK:      {{.*}}cost-limits.td:[[@LINE+2]]:7: error: more than 32 cost predicates: masks are 32-bit
foreach i = !range(33) in
  def TestPred#i : CostPred<"TestPred"#i, "test">;

// CHECK:      {{.*}}cost-limits.td:[[@LINE+2]]:7: error: more than 64 cost classes: masks are 64-bit
foreach i = !range(65) in
  def CC_Test#i : CostClass<"cycles", [CostCase<[], (Id N)>], "test">;

// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
