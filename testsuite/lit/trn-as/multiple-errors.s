# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Every error is reported in one run (up to --max-errors, see max-errors.s):
# after an error the assembler skips to the next line and goes on. Declarations after an error still take effect;
# a declaration that failed defines nothing, so its later uses are errors too.
# Label errors come after the last line, when labels are resolved.

.tensor a : fp32[128, 64] input
# CHECK:      {{^.*/}}multiple-errors.s:[[@LINE+3]]:15: error: unknown dtype 'fp33': expected one of fp32, bf16, fp16, tf32, fp8_e4m3, fp8_e5m2, fp8_e4m3fn, int8, int16, int32, uint8, uint16, uint32, fp4_e2m1, fp8_e8m0, fp8_e4m3fn_x4, fp8_e5m2_x4, fp4_e2m1_x4{{$}}
# CHECK-NEXT: {{^}}.tensor bad : fp33[128, 64] input{{$}}
# CHECK-NEXT: {{^}}              ^~~~{{$}}
.tensor bad : fp33[128, 64] input
.sbuf x : fp32[128, 64]
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE+3]]:14: error: division by zero{{$}}
# CHECK-NEXT: {{^}}.const N = 4 / 0{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
.const N = 4 / 0
sp.dma_copy x, a, q0.0
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE+3]]:16: error: undefined tensor 'bad'{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, bad, q0.1{{$}}
# CHECK-NEXT: {{^}}               ^~~{{$}}
sp.dma_copy x, bad, q0.1
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE+3]]:11: error: undefined constant 'N'{{$}}
# CHECK-NEXT: {{^}}sp.li r1, N{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
sp.li r1, N
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE+3]]:22: error: unexpected character '$'{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy x, x ${{$}}
# CHECK-NEXT: {{^}}                     ^{{$}}
dve.tensor_copy x, x $
.sbuf y : fp32[128, 64]
dve.tensor_copy y, x
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE+3]]:5: error: unknown instruction 'tensor_cpy'; did you mean 'tensor_copy'?{{$}}
# CHECK-NEXT: {{^}}dve.tensor_cpy y, x{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~{{$}}
dve.tensor_cpy y, x
sp.jmp nowhere
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE+3]]:22: error: slice 0:129 of dimension 0 of 'x' is out of range; the dimension has size 128{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy y, x[0:129]{{$}}
# CHECK-NEXT: {{^}}                     ^~~~~{{$}}
dve.tensor_copy y, x[0:129]
sp.halt
# CHECK-NEXT: {{^.*/}}multiple-errors.s:[[@LINE-6]]:8: error: branch to unknown label 'nowhere'{{$}}
# CHECK-NEXT: {{^}}sp.jmp nowhere{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}8 errors generated.{{$}}
