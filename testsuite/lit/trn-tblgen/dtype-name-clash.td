// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// DType names (the assembly spelling) are unique too, and a name clash is
// worded as one (id 18 is free).

include "Trn.td"

// CHECK:      {{.*}}dtype-name-clash.td:[[@LINE+3]]:5: error: dtype name 'bf16' is already used by BF16
// CHECK-NEXT: {{^}}def BF16_AGAIN : DType<18, "bf16", "float", 16, 2, 8, 7, "ieee", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def BF16_AGAIN : DType<18, "bf16", "float", 16, 2, 8, 7, "ieee", 2, "test">;
// CHECK:      {{.*}}isa{{/|\\}}DataTypes.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def BF16 {{ *}}: DType<1,
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
