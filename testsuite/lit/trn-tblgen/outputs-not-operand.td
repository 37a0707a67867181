// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Outputs names the tensor operands an instruction writes (the race
// detector's footprints): each must be one of its operands, and a tensor.

include "Trn.td"

// CHECK:      {{.*}}outputs-not-operand.td:[[@LINE+1]]:5: error: Outputs of 'test_copy' names 'result', which is not one of its operands
def TEST_COPY : Instr<0xF0, "test_copy", [DVE], (ops SbufAP:$dst, SbufAP:$src),
  "$dst, $src", CC_TensorCopy, "test"> {
  let Outputs = ["dst", "result"];
}
// CHECK:      {{.*}}outputs-not-operand.td:[[@LINE+1]]:5: error: Outputs of 'test_scale' names 'factor', which is a fimm operand, not a tensor
def TEST_SCALE : Instr<0xF1, "test_scale", [DVE], (ops SbufAP:$dst, FImm32:$factor),
  "$dst, $factor", CC_TensorCopy, "test"> {
  let Outputs = ["dst", "factor"];
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
