# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The MX types (docs/numerics.md): fp4_e2m1 and fp8_e8m0 are ordinary
# one-byte types; the packed x4 types are moved whole by DMA and read only by
# the instructions that name them; DMA casts no MX type (mx-init-data.s has
# their initial data).

.chip trn3
.tensor q : fp8_e4m3fn_x4[128, 8] input
.tensor w : fp4_e2m1_x4[128, 8] input
.sbuf qs : fp8_e4m3fn_x4[128, 8]
.sbuf ws : fp4_e2m1_x4[128, 8]
.sbuf b : bf16[128, 8]
.sbuf x : fp32[128, 8]
.sbuf e : fp4_e2m1[128, 8]
.sbuf s : fp8_e8m0[128, 8]
sp.dma_copy qs, q, q0.0
sp.dma_copy ws, w, q0.1
act.tensor_copy e, x
act.tensor_copy s, x
act.tensor_copy x, e
# CHECK:      {{^.*/}}mx-types.s:[[@LINE+3]]:20: error: operand 'src' of 'tensor_copy' cannot be fp8_e4m3fn_x4: a packed x4 type is read only by the instructions that name it (matmul_mx, quantize_mx) and moved whole by dma_copy and dma_transpose{{$}}
# CHECK-NEXT: {{^}}act.tensor_copy b, qs{{$}}
# CHECK-NEXT: {{^}}                   ^~{{$}}
act.tensor_copy b, qs
# CHECK-NEXT: {{^.*/}}mx-types.s:[[@LINE+3]]:13: error: operand 'dst' of 'dma_copy' is bf16 but 'src' is fp8_e4m3fn_x4: DMA cannot cast MX types (DMA: casts go through fp32); copy between tensors of one type{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy b, q, q0.2{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.dma_copy b, q, q0.2
# CHECK-NEXT: {{^.*/}}mx-types.s:[[@LINE+3]]:13: error: operand 'dst' of 'dma_copy' is fp4_e2m1 but 'src' is fp32: DMA cannot cast MX types (DMA: casts go through fp32); copy between tensors of one type{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy e, x, q0.3{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.dma_copy e, x, q0.3
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
