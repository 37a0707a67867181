// RUN: trn-tblgen --gen-isa-doc -I %isa %s 2>&1 | FileCheck %s
//
// An operand that must lie within one PSUM bank says so in the reference:
// after its description, unless the description mentions the bank itself.

include "Trn.td"

def TestOneBankAP : APType<[PSUM], "test result"> {
  let OneBank = 1;
}
def TestBankAP : APType<[PSUM], "test result in a single Bank"> {
  let OneBank = 1;
}
def TEST_ONE_BANK : Instr<0xF0, "test_one_bank", [PE],
  (ops TestOneBankAP:$dst, TestBankAP:$acc), "$dst, $acc", CC_Matmul, "test">;

// CHECK-NOT: error:
// CHECK:     ### `test_one_bank`
// CHECK:     {{^}}| `dst` | test result; at most 65536 elements per partition (4096 in PSUM); within one PSUM bank; written | required, position 1 |
// CHECK-NEXT: {{^}}| `acc` | test result in a single Bank; at most 65536 elements per partition (4096 in PSUM); read | required, position 2 |
