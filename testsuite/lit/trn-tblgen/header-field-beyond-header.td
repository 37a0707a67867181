// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Header fields lie within InstrHeader's 128 bits.

include "Trn.td"

// CHECK:      {{.*}}header-field-beyond-header.td:[[@LINE+3]]:5: error: header field 'test_extra' (bits 128..135) does not fit the 128-bit header
// CHECK-NEXT: {{^}}def HF_test_extra : HeaderField<"test_extra", 128, 8, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def HF_test_extra : HeaderField<"test_extra", 128, 8, "test">;
// CHECK:      {{.*}}header-field-beyond-header.td:[[@LINE+1]]:5: error: header field 'test_neg' (bits -2..-1) does not fit the 128-bit header
def HF_test_neg : HeaderField<"test_neg", -2, 2, "test">;
// CHECK:      {{.*}}header-field-beyond-header.td:[[@LINE+1]]:5: error: header field 'test_wide' is 65 bits wide: fields hold 1 to 64 bits
def HF_test_wide : HeaderField<"test_wide", 200, 65, "test">;
// CHECK:      {{.*}}header-field-beyond-header.td:[[@LINE-1]]:5: error: header field 'test_wide' (bits 200..264) does not fit the 128-bit header
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 4 errors.
