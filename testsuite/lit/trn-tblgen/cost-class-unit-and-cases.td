// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A cost class counts "cycles" or "dma-bytes", and has at least one case.

include "Trn.td"

// CHECK:      {{.*}}cost-class-unit-and-cases.td:[[@LINE+3]]:5: error: cost class CC_TestUnit has unit 'ns': units are 'cycles' and 'dma-bytes'
// CHECK-NEXT: {{^}}def CC_TestUnit : CostClass<"ns", [CostCase<[], (Id N)>], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def CC_TestUnit : CostClass<"ns", [CostCase<[], (Id N)>], "test">;
// CHECK:      {{.*}}cost-class-unit-and-cases.td:[[@LINE+1]]:5: error: cost class CC_TestEmpty has no cases
def CC_TestEmpty : CostClass<"cycles", [], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
