// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// MinGen is a NeuronCore generation: 2 (trn1), 3 (trn2), 4 (trn3) or 5 (trn4).

include "Trn.td"

// CHECK:      {{.*}}mingen-out-of-range.td:[[@LINE+3]]:5: error: instruction 'test_trn5' has MinGen 6: generations are 2 (trn1) to 5 (trn4)
// CHECK-NEXT: {{^}}def TEST_TRN5 : Instr<0xF0, "test_trn5", [DVE], (ops), "", CC_Matmul, "test"> {
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_TRN5 : Instr<0xF0, "test_trn5", [DVE], (ops), "", CC_Matmul, "test"> {
  let MinGen = 6;
}
// CHECK:      {{.*}}mingen-out-of-range.td:[[@LINE+1]]:5: error: instruction 'test_inf1' has MinGen 1: generations are 2 (trn1) to 5 (trn4)
def TEST_INF1 : Instr<0xF1, "test_inf1", [DVE], (ops), "", CC_Matmul, "test"> {
  let MinGen = 1;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
