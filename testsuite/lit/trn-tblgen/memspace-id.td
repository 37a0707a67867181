// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Memory space ids are 1 to 3 (the access pattern's 2-bit space field, 0
// meaning "no operand") and unique.

include "Trn.td"

// CHECK:      {{.*}}memspace-id.td:[[@LINE+3]]:5: error: memory space id 4 is out of range: ids are 1 to 3 (0 means 'no operand')
// CHECK-NEXT: {{^}}def TEST_DRAM : MemSpace<4, "dram", "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_DRAM : MemSpace<4, "dram", "test">;
// CHECK:      {{.*}}memspace-id.td:[[@LINE+1]]:5: error: memory space id 0 is out of range: ids are 1 to 3 (0 means 'no operand')
def TEST_NONE : MemSpace<0, "none", "test">;
// CHECK:      {{.*}}memspace-id.td:[[@LINE+1]]:5: error: memory space id 2 is already used by SBUF
def TEST_SB : MemSpace<2, "sb", "test">;
// CHECK:      {{.*}}isa{{/|\\}}Engines.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def SBUF : MemSpace<2,
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
