// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An AsmString item between commas may not be empty: two commas in a row,
// or a comma at either end. As after a malformed item, no operand is then
// reported as having no syntax. An empty AsmString (no operands) is fine.

include "Trn.td"

// CHECK:      {{.*}}asm-empty-item.td:[[@LINE+3]]:5: error: empty item in the AsmString "$dst,,$src" of 'test_a': expected '$name' or 'key=$name' between commas
// CHECK-NEXT: {{^}}def TEST_A : Instr<0xF0, "test_a", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst,,$src",
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_A : Instr<0xF0, "test_a", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst,,$src",
  CC_TensorCopy, "test">;
// CHECK:      {{.*}}asm-empty-item.td:[[@LINE+1]]:5: error: empty item in the AsmString "$dst, $src, " of 'test_b': expected '$name' or 'key=$name' between commas
def TEST_B : Instr<0xF1, "test_b", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst, $src, ",
  CC_TensorCopy, "test">;
// CHECK:      {{.*}}asm-empty-item.td:[[@LINE+1]]:5: error: empty item in the AsmString ",$dst" of 'test_c': expected '$name' or 'key=$name' between commas
def TEST_C : Instr<0xF2, "test_c", [DVE], (ops SbufAP:$dst), ",$dst", CC_TensorCopy, "test">;
def TEST_NONE : Instr<0xF3, "test_none", [DVE], (ops), "", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
