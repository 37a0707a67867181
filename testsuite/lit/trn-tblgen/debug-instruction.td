// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// IsDebug (the emulator's own instructions, as print) takes no time, no
// port and no overhead, which is sound only for sequencer work: a datapath,
// DMA, branch or terminating instruction cannot be IsDebug.

include "Trn.td"

// CHECK:      {{.*}}debug-instruction.td:[[@LINE+1]]:5: error: 'test_datapath' is IsDebug: it must be a sequencer instruction that is no DMA, branch or terminator
def TEST_DATAPATH : Instr<0xF0, "test_datapath", [DVE], (ops SbufAP:$src), "$src", CC_Free, "test"> {
  let IsDebug = 1;
}
// CHECK:      {{.*}}debug-instruction.td:[[@LINE+1]]:5: error: 'test_branch' is IsDebug: it must be a sequencer instruction that is no DMA, branch or terminator
def TEST_BRANCH : Instr<0xF1, "test_branch", [SP], (ops Target:$target), "$target", CC_Free, "test"> {
  let IsSequencer = 1;
  let IsBranch = 1;
  let IsDebug = 1;
}
// A sequencer instruction may be.
def TEST_SEQ : Instr<0xF2, "test_seq", [SP], (ops SbufAP:$src), "$src", CC_Free, "test"> {
  let IsSequencer = 1;
  let IsDebug = 1;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
