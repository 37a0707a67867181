// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Opt<T, ""> reads as an optional operand, but an empty Default means
// "required": the operand would silently become required. The operand's
// AsmString item is then not checked (k=$start is not reported as a
// required operand written as a keyword).

include "Trn.td"

// CHECK:      {{.*}}opt-empty-default.td:[[@LINE+3]]:5: error: optional operand '$start' of 'test_start' has an empty default, which would make it required: give Opt<...> the default's spelling, or drop Opt<...>
// CHECK-NEXT: {{^}}def TEST_START : Instr<0xF0, "test_start", [DVE],
// CHECK-NEXT: {{^}}    ^{{$}}
def TEST_START : Instr<0xF0, "test_start", [DVE],
  (ops SbufAP:$dst, Opt<SImm32, "">:$start), "$dst, start=$start", CC_TensorCopy, "test">;
// A named record derived from Opt is caught too.
def NoScale : Opt<OnChipScalar, "">;
// CHECK:      {{.*}}opt-empty-default.td:[[@LINE+1]]:5: error: optional operand '$scale' of 'test_scale' has an empty default, which would make it required: give Opt<...> the default's spelling, or drop Opt<...>
def TEST_SCALE : Instr<0xF1, "test_scale", [ACT],
  (ops SbufAP:$dst, NoScale:$scale), "$dst, scale=$scale", CC_Activation, "test">;
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
