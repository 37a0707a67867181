// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An optional fp32 immediate or scalar defaults to a number; other kinds
// (registers, semaphores, labels, ...) cannot be optional at all.

include "Trn.td"

// CHECK:      {{.*}}bad-default-fimm.td:[[@LINE+3]]:5: error: default 'one' of operand '$scale' of 'test_scale' is not valid: expected a number
// CHECK-NEXT: {{^}}def TEST_SCALE : Instr<0xF0, "test_scale", [ACT],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_SCALE : Instr<0xF0, "test_scale", [ACT],
  (ops SbufAP:$dst, Opt<OnChipScalar, "one">:$scale), "$dst, scale=$scale", CC_Activation, "test">;
// A C suffix is not part of the assembly syntax.
// CHECK:      {{.*}}bad-default-fimm.td:[[@LINE+1]]:5: error: default '1.0f' of operand '$fill' of 'test_fill' is not valid: expected a number
def TEST_FILL : Instr<0xF1, "test_fill", [DVE],
  (ops SbufAP:$dst, Opt<FImm32, "1.0f">:$fill), "$dst, fill=$fill", CC_Memset, "test">;
// CHECK:      {{.*}}bad-default-fimm.td:[[@LINE+1]]:5: error: default 's0' of operand '$sem' of 'test_sem' is not valid: operands of kind 'semaphore' cannot be optional
def TEST_SEM : SeqInstr<0xF2, "test_sem", (ops Opt<Sem, "s0">:$sem), "sem=$sem", "test">;
// White space before or after the number is not part of it.
// CHECK:      {{.*}}bad-default-fimm.td:[[@LINE+1]]:5: error: default ' 1.0' of operand '$fill' of 'test_lead' is not valid: expected a number
def TEST_LEAD : Instr<0xF3, "test_lead", [DVE],
  (ops SbufAP:$dst, Opt<FImm32, " 1.0">:$fill), "$dst, fill=$fill", CC_Memset, "test">;
// CHECK:      {{.*}}bad-default-fimm.td:[[@LINE+1]]:5: error: default '0.0 ' of operand '$bias' of 'test_trail' is not valid: expected a number
def TEST_TRAIL : Instr<0xF4, "test_trail", [ACT],
  (ops SbufAP:$dst, Opt<OnChipScalar, "0.0 ">:$bias), "$dst, bias=$bias", CC_Activation, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 5 errors.
