// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Several errors in one record and in several records are all reported.

include "Trn.td"

// CHECK:      {{.*}}two-instruction-errors.td:[[@LINE+2]]:5: error: instruction 'test_a' has no engine: list at least one of PE, DVE, ACT, POOL, SP
// CHECK:      {{.*}}two-instruction-errors.td:[[@LINE+1]]:5: error: encoding overlap: opcode 0x01 of 'test_a' is already used by LOAD_STATIONARY
def TEST_A : Instr<0x01, "test_a", [], (ops), "", CC_Matmul, "test">;
// CHECK:      note: previous definition is here
// CHECK:      {{.*}}two-instruction-errors.td:[[@LINE+1]]:5: error: operand '$src' of 'test_b' has no syntax: it does not appear in the AsmString "$dst"
def TEST_B : Instr<0xF0, "test_b", [DVE], (ops SbufAP:$dst, SbufAP:$src), "$dst", CC_TensorCopy, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
