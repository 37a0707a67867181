# RUN: trn-emu %s --random-inputs --trace %t.json > %t.txt
# RUN: %python %S/Inputs/trace-events.py %t.json >> %t.txt
# RUN: FileCheck %s < %t.txt
#
# DMA slices are named by their source and destination as the assembly
# language names them: the tensor or allocation, and the span the pattern
# covers there (docs/cli.md, "Transfer names"). h[2, 0:128:2, ::2] covers
# rows 0 to 126 of matrix 2: its span is h[2, 0:127]. A register offset is
# shown as in the source.

.tensor h : bf16[4, 256, 64] input
.tensor v : fp32[1000] input
.tensor o : fp32[4, 8] output
.sbuf s : bf16[128, 4, 64]
.sbuf f : fp32[4, 8]
.sem got

    sp.dma_copy s[:, 0, :], h[1, 0:128, :], q0.0
    sp.dma_copy s[0:64, 1, 0:32], h[2, 0:128:2, ::2], q0.1
    sp.dma_copy s[5, 3, 0:10], v[10:20], q0.2
    sp.li r3, 4
    sp.dma_copy f, v[0:32] + r3, q0.3 signal(got)
    sp.dma_copy o, f, q0.4 wait(got >= 1)

# CHECK: {{^}}dma DMA q0.0: h[1, 0:128] -> s[:, 0]{{$}}
# CHECK-DAG: {{^}}dma DMA q0.1: h[2, 0:127] -> s[0:64, 1, 0:32]{{$}}
# CHECK-DAG: {{^}}dma DMA q0.2: v[10:20] -> s[5, 3, 0:10]{{$}}
# CHECK-DAG: {{^}}dma DMA q0.3: v[0:32] + r3 -> f{{$}}
# CHECK: {{^}}dma DMA q0.4: f -> o{{$}}
