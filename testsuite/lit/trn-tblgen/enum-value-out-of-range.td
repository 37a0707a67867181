// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Enum operands are one byte: values are 0 to 255.

include "Trn.td"

// CHECK:      {{.*}}enum-value-out-of-range.td:[[@LINE+3]]:5: error: enum value 'test_256' of WaitCond is 256: enum operands hold 0 to 255
// CHECK-NEXT: {{^}}def WAIT_test_256 : EnumValue<WaitCond, 256, "test_256", "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def WAIT_test_256 : EnumValue<WaitCond, 256, "test_256", "test">;
// CHECK:      {{.*}}enum-value-out-of-range.td:[[@LINE+1]]:5: error: enum value 'test_neg' of WaitCond is -1: enum operands hold 0 to 255
def WAIT_test_neg : EnumValue<WaitCond, -1, "test_neg", "test">;
// 255 fits.
def WAIT_test_255 : EnumValue<WaitCond, 255, "test_255", "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
