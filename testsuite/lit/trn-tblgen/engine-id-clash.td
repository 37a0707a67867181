// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Engine ids (the header's engine field) are unique.

include "Trn.td"

// CHECK:      {{.*}}engine-id-clash.td:[[@LINE+3]]:5: error: engine id 4 is already used by SP
// CHECK-NEXT: {{^}}def XPU : Engine<4, "xpu", "Extra", [SBUF], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def XPU : Engine<4, "xpu", "Extra", [SBUF], "test">;
// CHECK:      {{.*}}isa{{/|\\}}Engines.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def SP {{ *}}: Engine<4, "sp",
// A clash with a low id is reported once too: the "without gaps" check,
// which would report it again for every engine after it, is skipped once
// ids clash.
// CHECK:      {{.*}}engine-id-clash.td:[[@LINE+3]]:5: error: engine id 1 is already used by DVE
// CHECK:      {{.*}}isa{{/|\\}}Engines.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def DVE {{ *}}: Engine<1, "dve",
def YPU : Engine<1, "ypu", "Extra", [SBUF], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
