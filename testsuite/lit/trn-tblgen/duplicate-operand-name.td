// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Operand names are unique within an instruction.

include "Trn.td"

// CHECK:      {{.*}}duplicate-operand-name.td:[[@LINE+3]]:5: error: operand name '$src' is used twice in 'test_add'
// CHECK-NEXT: {{^}}def TEST_ADD : Instr<0xF0, "test_add", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_ADD : Instr<0xF0, "test_add", [DVE],
  (ops SbufAP:$dst, SbufAP:$src, SbufAP:$src), "$dst, $src", CC_TensorTensor, "test">;
// The second $src is not also reported as having no syntax: "$src" in the
// AsmString could mean either.
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
