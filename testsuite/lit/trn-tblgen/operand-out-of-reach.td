// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A datapath instruction's tensors must be reachable by every engine that
// may run it: GpSimd (POOL) has no PSUM access and Sync (SP) no datapath.
// DMA and sequencer instructions are exempt.

include "Trn.td"

// CHECK:      {{.*}}operand-out-of-reach.td:[[@LINE+3]]:5: error: operand '$dst' of 'test_pool' lives in psum, out of reach of engine POOL (which reaches sbuf)
// CHECK-NEXT: {{^}}def TEST_POOL : Instr<0xF0, "test_pool", [DVE, POOL],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_POOL : Instr<0xF0, "test_pool", [DVE, POOL],
  (ops PsumAP:$dst, OnChipAP:$src), "$dst, $src", CC_TensorCopy, "test">;
// CHECK:      {{.*}}operand-out-of-reach.td:[[@LINE+1]]:5: error: operand '$src' of 'test_sp' lives in sbuf, out of reach of engine SP (which reaches no memory)
def TEST_SP : Instr<0xF1, "test_sp", [SP], (ops SbufAP:$src), "$src", CC_TensorCopy, "test">;
// A scalar operand too.
// CHECK:      {{.*}}operand-out-of-reach.td:[[@LINE+1]]:5: error: operand '$bias' of 'test_bias' lives in psum, out of reach of engine POOL (which reaches sbuf)
def TEST_BIAS : Instr<0xF2, "test_bias", [POOL],
  (ops SbufAP:$dst, ScalarType<[PSUM], "test">:$bias), "$dst, $bias", CC_TensorScalar, "test">;
// The same operands are fine on a DMA or sequencer instruction.
def TEST_DMA : Instr<0xF3, "test_dma", [SP], (ops SbufAP:$src), "$src", CC_Dma, "test"> {
  let IsDma = 1;
}
def TEST_SEQ : Instr<0xF4, "test_seq", [SP], (ops SbufAP:$src), "$src", CC_RegMemory, "test"> {
  let IsSequencer = 1;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 3 errors.
