// RUN: trn-tblgen --gen-isa-summary -I %isa %s 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: trn-tblgen --gen-isa-doc -I %isa %s 2>&1 | FileCheck %s --check-prefix=DOC
// RUN: trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null
//
// A mnemonic may be reused on engines that do not run the other record
// (transpose on PE and on DVE): a third transpose, on POOL only, is
// accepted and listed with the other POOL instructions.

include "Trn.td"

def TEST_TRANSPOSE_POOL : Instr<0xF0, "transpose", [POOL],
  (ops SbufAP:$dst, SbufAP:$src), "$dst, $src", CC_VectorTranspose,
  "test: a GpSimd transpose">;

// SUMMARY-NOT: error:
// SUMMARY:     trnemu ISA: [[#]] instructions
// SUMMARY:     {{^}}  PE   Tensor {{.*}} transpose{{( |$)}}
// SUMMARY:     {{^}}  DVE  Vector {{.*}} transpose{{( |$)}}
// SUMMARY:     {{^}}  POOL GpSimd {{.*}} transpose{{( |$)}}

// DOC-NOT: error:
// DOC:     ### `transpose` (PE)
// DOC:     ### `transpose` (DVE)
// DOC:     ### `transpose` (POOL)
// DOC-EMPTY:
// DOC-NEXT: ```
// DOC-NEXT: transpose <dst:sbuf>, <src:sbuf>
// DOC-NEXT: ```
// DOC-EMPTY:
// DOC-NEXT: Engines: POOL · opcode `0xF0` (TEST_TRANSPOSE_POOL)
