// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Two instructions may share a mnemonic only if no engine runs both: the
// assembler picks the instruction from the mnemonic and the engine. The
// error names exactly the engines the two have in common.

include "Trn.td"

// transpose exists on PE and on DVE; ACT is new, PE is shared.
// CHECK:      {{.*}}duplicate-mnemonic.td:[[@LINE+3]]:5: error: duplicate instruction: 'transpose' on engine PE is already defined by TRANSPOSE_PE
// CHECK-NEXT: {{^}}def TEST_TRANSPOSE : Instr<0xF0, "transpose", [ACT, PE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_TRANSPOSE : Instr<0xF0, "transpose", [ACT, PE],
  (ops SbufAP:$dst, SbufAP:$src), "$dst, $src", CC_PeTranspose, "test">;
// CHECK:      {{.*}}isa{{/|\\}}InstrTensor.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def TRANSPOSE_PE : Instr<0x04, "transpose", [PE],

// tensor_copy runs on DVE, ACT and POOL; two of them are shared here.
// CHECK:      {{.*}}duplicate-mnemonic.td:[[@LINE+3]]:5: error: duplicate instruction: 'tensor_copy' on engine ACT, POOL is already defined by TENSOR_COPY
// CHECK-NEXT: {{^}}def TEST_COPY : Instr<0xF1, "tensor_copy", [ACT, POOL, SP],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_COPY : Instr<0xF1, "tensor_copy", [ACT, POOL, SP],
  (ops), "", CC_TensorCopy, "test">;
// CHECK:      {{.*}}isa{{/|\\}}InstrVector.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def TENSOR_COPY : Instr<0x22, "tensor_copy", [DVE, ACT, POOL],
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
