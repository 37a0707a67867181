// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Two values of one enum type may not share an encoding.

include "Trn.td"

// CHECK:      {{.*}}enum-duplicate-value.td:[[@LINE+3]]:5: error: enum value 'test_eq' of WaitCond has the value 1 of 'eq'
// CHECK-NEXT: {{^}}def WAIT_test_eq : EnumValue<WaitCond, 1, "test_eq", "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def WAIT_test_eq : EnumValue<WaitCond, 1, "test_eq", "test">;
// CHECK:      {{.*}}isa{{/|\\}}Enums.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def WAIT_eq : EnumValue<WaitCond, 1, "eq",
// Values of different enum types are independent.
def PSUM_test : EnumValue<PsumMode, 2, "test", "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
