// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The header is whole 32-bit words and has opcode and engine fields. This
// file replaces Encoding.td with a header of its own (and, having no
// instructions, leaves out the Instr*.td files).

include "Engines.td"
include "DataTypes.td"
include "Enums.td"
include "Operands.td"
include "Costs.td"
include "Chips.td"

class HeaderField<string name, int lsb, int width, string desc> {
  string Name = name;
  int Lsb = lsb;
  int Width = width;
  string Description = desc;
}

// CHECK:      {{.*}}header-shape.td:[[@LINE+3]]:5: error: the instruction header has 100 bits: it must be whole 32-bit words
// CHECK-NEXT: {{^}}def InstrHeader {
// CHECK-NEXT: {{^}}    ^{{$}}
def InstrHeader {
  int Bits = 100;
}
// CHECK:      {{.*}}header-shape.td:[[@LINE+1]]:5: error: header field 'test_wide' is 65 bits wide: fields hold 1 to 64 bits
def HF_test_wide : HeaderField<"test_wide", 16, 65, "test">;
// CHECK:      {{.*}}header-shape.td:[[@LINE-5]]:5: error: the header has no 'opcode' field
// CHECK-NEXT: {{^}}def InstrHeader {
def HF_engine : HeaderField<"engine", 8, 3, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
