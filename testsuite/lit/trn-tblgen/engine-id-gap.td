// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Engine ids are dense: 0 to the number of engines less one.

include "Trn.td"

// CHECK:      {{.*}}engine-id-gap.td:[[@LINE+3]]:5: error: engine ids must be 0 to 5 without gaps; XPU has id 6
// CHECK-NEXT: {{^}}def XPU : Engine<6, "xpu", "Extra", [SBUF], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def XPU : Engine<6, "xpu", "Extra", [SBUF], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.

// Each misplaced engine is reported once: with ids 0 to 4, 6 and 7, only
// the engine beyond 0..6 is, not every engine after the gap at 5.
// RUN: not trn-tblgen --gen-isa-tables -I %isa -DTWO %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// TWO:      {{.*}}engine-id-gap.td:[[@LINE+4]]:5: error: engine ids must be 0 to 6 without gaps; ZPU has id 7
// TWO-NOT:  error:
// TWO:      trn-tblgen{{(\.exe)?}}: 1 errors.
#ifdef TWO
def ZPU : Engine<7, "zpu", "Extra", [SBUF], "test">;
#endif
