// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An instruction needs a mnemonic; the error names the record instead.

include "Trn.td"

// CHECK:      {{.*}}no-mnemonic.td:[[@LINE+3]]:5: error: instruction TEST_ANON has no mnemonic
// CHECK-NEXT: {{^}}def TEST_ANON : Instr<0xF0, "", [DVE], (ops), "", CC_Matmul, "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_ANON : Instr<0xF0, "", [DVE], (ops), "", CC_Matmul, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
