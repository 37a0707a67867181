// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Two optional operands written with the same keyword cannot be told apart
// in assembly: `test_kw $dst, k=true` could set either. The error names
// both operands; both are written, so neither lacks syntax.

include "Trn.td"

// CHECK:      {{.*}}asm-duplicate-keyword.td:[[@LINE+3]]:5: error: keyword 'k' of '$b' in the AsmString of 'test_kw' is already used by '$a'
// CHECK-NEXT: {{^}}def TEST_KW : Instr<0xF0, "test_kw", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_KW : Instr<0xF0, "test_kw", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$a, Opt<BoolOperand, "false">:$b),
  "$dst, k=$a, k=$b", CC_TensorCopy, "test">;
// A keyword may differ from its operand's name, as long as it is unique.
def TEST_KW_OK : Instr<0xF1, "test_kw_ok", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$a, Opt<BoolOperand, "false">:$b),
  "$dst, k=$a, kk=$b", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
