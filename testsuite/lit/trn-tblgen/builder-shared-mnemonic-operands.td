// RUN: not trn-tblgen --gen-builder-methods -I %isa %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not trn-tblgen --gen-builder-python -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The builder has one method per mnemonic: records that share a mnemonic
// (on disjoint engines, which the other backends accept) must share their
// operands too. A POOL transpose with a third operand is refused here.

include "Trn.td"

// CHECK: [[@LINE+1]]:5: error: 'TEST_TRANSPOSE_POOL' shares its mnemonic with TRANSPOSE_PE but not its operands (names, kinds, keywords and defaults): the builder has one method per mnemonic
def TEST_TRANSPOSE_POOL : Instr<0xF0, "transpose", [POOL],
  (ops SbufAP:$dst, SbufAP:$src, Opt<BoolOperand, "false">:$flip),
  "$dst, $src, flip=$flip", CC_VectorTranspose, "test: a GpSimd transpose">;
