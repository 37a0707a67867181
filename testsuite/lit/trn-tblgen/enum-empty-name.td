// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An enum value needs a name to be written in assembly.

include "Trn.td"

// CHECK:      {{.*}}enum-empty-name.td:[[@LINE+3]]:5: error: enum value WAIT_test of WaitCond has no name
// CHECK-NEXT: {{^}}def WAIT_test : EnumValue<WaitCond, 7, "", "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def WAIT_test : EnumValue<WaitCond, 7, "", "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
