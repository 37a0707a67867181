// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Operands are byte-aligned, so an operand kind is a whole number of bytes.

include "Trn.td"

// CHECK:      {{.*}}kind-bits-not-bytes.td:[[@LINE+3]]:5: error: operand kind 'test-kind' has 12 bits: operands are whole bytes
// CHECK-NEXT: {{^}}def K_TEST : OperandKind<"test-kind", 12, [EncField<"value", 0, 12>], "test">;
// CHECK-NEXT: {{^}}    ^{{$}}
def K_TEST : OperandKind<"test-kind", 12, [EncField<"value", 0, 12>], "test">;
// CHECK:      {{.*}}kind-bits-not-bytes.td:[[@LINE+1]]:5: error: operand kind 'test-empty' has 0 bits: operands are whole bytes
def K_EMPTY : OperandKind<"test-empty", 0, [], "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
