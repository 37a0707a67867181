// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Each comma-separated AsmString item is `$name` or `key=$name`.

include "Trn.td"

// A bare word.
// CHECK:      {{.*}}asm-malformed-item.td:[[@LINE+3]]:5: error: malformed item 'src' in the AsmString of 'test_a': expected '$name' or 'key=$name'
// CHECK-NEXT: {{^}}def TEST_A : Instr<0xF0, "test_a", [DVE], (ops SbufAP:$dst), "$dst, src", CC_TensorCopy, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_A : Instr<0xF0, "test_a", [DVE], (ops SbufAP:$dst), "$dst, src", CC_TensorCopy, "test">;

// A keyword with no key.
// CHECK:      {{.*}}asm-malformed-item.td:[[@LINE+1]]:5: error: malformed item '=$flag' in the AsmString of 'test_b': expected '$name' or 'key=$name'
def TEST_B : Instr<0xF1, "test_b", [DVE], (ops SbufAP:$dst, Opt<BoolOperand, "false">:$flag),
  "$dst, =$flag", CC_TensorCopy, "test">;
// After a malformed item, no operand is reported as having no syntax: the
// item may well have meant it ($flag here).

// Two items with the comma left out.
// CHECK:      {{.*}}asm-malformed-item.td:[[@LINE+1]]:5: error: malformed item '$dst $src' in the AsmString of 'test_c': expected '$name' or 'key=$name'
def TEST_C : Instr<0xF2, "test_c", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst $src", CC_TensorCopy, "test">;

// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
