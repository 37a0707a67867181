// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An engine id is stored in the header's 3-bit engine field (its width is
// read from HF_engine), so ids stop at 7: a ninth engine (id 8) cannot be
// encoded. The chips, which have no clocks for the new engines, are not
// checked once the engines are wrong.

include "Trn.td"

def TEST_E5 : Engine<5, "e5", "Test5", [SBUF], "test">;
def TEST_E6 : Engine<6, "e6", "Test6", [SBUF], "test">;
def TEST_E7 : Engine<7, "e7", "Test7", [SBUF], "test">;
// CHECK:      {{.*}}engine-id-beyond-field.td:[[@LINE+3]]:5: error: engine TEST_E8 has id 8, which the header's 3-bit 'engine' field cannot hold (ids 0 to 7)
// CHECK-NEXT: {{^}}def TEST_E8 : Engine<8, "e8", "Test8", [SBUF], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_E8 : Engine<8, "e8", "Test8", [SBUF], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
