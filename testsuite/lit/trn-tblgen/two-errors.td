// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// One run reports every independent error, not only the first. They come
// out in the checker's order (enums are read before the header), not in
// file order.

include "Trn.td"

def HF_test_overlap : HeaderField<"test_overlap", 0, 4, "test">;
def WAIT_test : EnumValue<WaitCond, 2, "test", "test">;

// CHECK:      {{.*}}two-errors.td:[[@LINE-2]]:5: error: enum value 'test' of WaitCond has the value 2 of 'ne'
// CHECK:      note: previous definition is here
// CHECK:      {{.*}}two-errors.td:[[@LINE-5]]:5: error: encoding overlap: header field 'test_overlap' (bits 0..3) overlaps header field 'opcode' (bits 0..7)
// CHECK:      note: overlapped field is here
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
