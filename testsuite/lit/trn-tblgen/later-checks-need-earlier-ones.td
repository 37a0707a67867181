// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Instructions, perf modes and chips are checked only when the records they
// refer to (engines, dtypes, enums, operand kinds, header, cost classes)
// passed: an enum error hides the instruction error below until it is fixed.

include "Trn.td"

// CHECK:      {{.*}}later-checks-need-earlier-ones.td:[[@LINE+1]]:5: error: enum type TestEmpty has no values
def TestEmpty : EnumType<"TestEmpty", "test">;
def TEST_ZERO : Instr<0, "test_zero", [PE], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
