// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Engine prefixes (pe.matmul, act.tensor_copy) are unique.

include "Trn.td"

// CHECK:      {{.*}}engine-prefix-clash.td:[[@LINE+3]]:5: error: engine prefix 'act' is already used by ACT
// CHECK-NEXT: {{^}}def XPU : Engine<5, "act", "Extra", [SBUF], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def XPU : Engine<5, "act", "Extra", [SBUF], "test">;
// CHECK:      {{.*}}isa{{/|\\}}Engines.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def ACT {{ *}}: Engine<2, "act",
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
