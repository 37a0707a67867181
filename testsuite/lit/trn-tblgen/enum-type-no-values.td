// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An enum type with no values could never be written.

include "Trn.td"

// CHECK:      {{.*}}enum-type-no-values.td:[[@LINE+3]]:5: error: enum type TestEmpty has no values
// CHECK-NEXT: {{^}}def TestEmpty : EnumType<"TestEmpty", "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TestEmpty : EnumType<"TestEmpty", "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
