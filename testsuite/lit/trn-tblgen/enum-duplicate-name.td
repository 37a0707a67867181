// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A name is the one assembly spelling of a value: unique within its type.

include "Trn.td"

// CHECK:      {{.*}}enum-duplicate-name.td:[[@LINE+3]]:5: error: enum value name 'add' is already used in AluOp
// CHECK-NEXT: {{^}}def ALU_test_add : AluOpValue<32, "add", 2, 1, 0, "a + b, again">;
// CHECK-NEXT: {{^}}    ^{{$}}
def ALU_test_add : AluOpValue<32, "add", 2, 1, 0, "a + b, again">;
// CHECK:      {{.*}}isa{{/|\\}}Enums.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def ALU_add {{ *}}: AluOpValue<1,
// The same name in another enum type is fine (relu is an AluOp and an ActFunc).
def PSUM_test_add : EnumValue<PsumMode, 2, "add", "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
