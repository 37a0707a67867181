// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An optional integer's default is a decimal integer within the operand
// type's range (ReduceAxes is 1 to 4).

include "Trn.td"

// CHECK:      {{.*}}bad-default-imm.td:[[@LINE+3]]:5: error: default '5' of operand '$axes' of 'test_axes' is not valid: expected a decimal integer from 1 to 4
// CHECK-NEXT: {{^}}def TEST_AXES : Instr<0xF0, "test_axes", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_AXES : Instr<0xF0, "test_axes", [DVE],
  (ops SbufAP:$dst, Opt<ReduceAxes, "5">:$axes), "$dst, axes=$axes", CC_TensorReduce, "test">;
// CHECK:      {{.*}}bad-default-imm.td:[[@LINE+1]]:5: error: default '0' of operand '$axes' of 'test_axes0' is not valid: expected a decimal integer from 1 to 4
def TEST_AXES0 : Instr<0xF1, "test_axes0", [DVE],
  (ops SbufAP:$dst, Opt<ReduceAxes, "0">:$axes), "$dst, axes=$axes", CC_TensorReduce, "test">;
// Not a decimal integer.
// CHECK:      {{.*}}bad-default-imm.td:[[@LINE+1]]:5: error: default '0x10' of operand '$start' of 'test_hex' is not valid: expected a decimal integer from -2147483648 to 2147483647
def TEST_HEX : Instr<0xF2, "test_hex", [DVE],
  (ops SbufAP:$dst, Opt<SImm32, "0x10">:$start), "$dst, start=$start", CC_TensorCopy, "test">;
// An imm type without a range of its own holds what its 32-bit signed field
// holds.
def Imm32 : OperandType<K_Imm, "test: 32-bit integer">;
// CHECK:      {{.*}}bad-default-imm.td:[[@LINE+1]]:5: error: default '2147483648' of operand '$big' of 'test_big' is not valid: expected a decimal integer from -2147483648 to 2147483647
def TEST_BIG : Instr<0xF4, "test_big", [DVE],
  (ops SbufAP:$dst, Opt<Imm32, "2147483648">:$big), "$dst, big=$big", CC_TensorCopy, "test">;
// Nor is white space part of an integer.
// CHECK:      {{.*}}bad-default-imm.td:[[@LINE+1]]:5: error: default ' 2' of operand '$axes' of 'test_space' is not valid: expected a decimal integer from 1 to 4
def TEST_SPACE : Instr<0xF5, "test_space", [DVE],
  (ops SbufAP:$dst, Opt<ReduceAxes, " 2">:$axes), "$dst, axes=$axes", CC_TensorReduce, "test">;
// The edges of the ranges are accepted.
def TEST_EDGES : Instr<0xF3, "test_edges", [DVE],
  (ops SbufAP:$dst, Opt<ReduceAxes, "1">:$lo, Opt<ReduceAxes, "4">:$hi,
       Opt<SImm32, "-2147483648">:$min, Opt<Imm32, "2147483647">:$max),
  "$dst, lo=$lo, hi=$hi, min=$min, max=$max", CC_TensorReduce, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 5 errors.
