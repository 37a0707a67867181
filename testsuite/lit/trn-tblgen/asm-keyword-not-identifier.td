// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A keyword is an identifier, [A-Za-z_][A-Za-z0-9_]*, so that the assembler
// can read `key=value`. As after a malformed item, no operand is then
// reported as having no syntax.

include "Trn.td"

// CHECK:      {{.*}}asm-keyword-not-identifier.td:[[@LINE+3]]:5: error: keyword '2x' in the AsmString of 'test_digit' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)
// CHECK-NEXT: {{^}}def TEST_DIGIT : Instr<0xF0, "test_digit", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_DIGIT : Instr<0xF0, "test_digit", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$flag), "$dst, 2x=$flag", CC_TensorCopy, "test">;
// CHECK:      {{.*}}asm-keyword-not-identifier.td:[[@LINE+1]]:5: error: keyword 'no-flag' in the AsmString of 'test_dash' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)
def TEST_DASH : Instr<0xF1, "test_dash", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$flag), "$dst, no-flag=$flag", CC_TensorCopy, "test">;
// CHECK:      {{.*}}asm-keyword-not-identifier.td:[[@LINE+1]]:5: error: keyword 'a b' in the AsmString of 'test_space' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)
def TEST_SPACE : Instr<0xF2, "test_space", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$flag), "$dst, a b=$flag", CC_TensorCopy, "test">;
// A leading underscore, and digits after the first character, are fine.
def TEST_OK : Instr<0xF3, "test_ok", [DVE],
  (ops SbufAP:$dst, Opt<BoolOperand, "false">:$flag), "$dst, _flag_2=$flag", CC_TensorCopy,
  "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
