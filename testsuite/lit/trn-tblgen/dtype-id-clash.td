// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// DType ids (the access pattern's dtype field) are unique.

include "Trn.td"

// CHECK:      {{.*}}dtype-id-clash.td:[[@LINE+3]]:5: error: dtype id 12 of int4 is already used by UINT32
// CHECK-NEXT: {{^}}def INT4 : DType<12, "int4", "int", 4, 1, 0, 0, "", 2, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def INT4 : DType<12, "int4", "int", 4, 1, 0, 0, "", 2, "test">;
// CHECK:      {{.*}}isa{{/|\\}}DataTypes.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def UINT32 {{ *}}: DType<12,
// Reported once, as for engines: no "without gaps" error follows.
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
