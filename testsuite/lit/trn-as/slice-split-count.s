# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# A count field holds at most 65535, but DMA moves up to 65536 elements per
# partition: a named slice's free dimension with a longer count is split in
# two dimensions, [inner * stride, count / inner] then [stride, inner]. The
# elements and their order are the same. 65535 stays one dimension.

.tensor a : uint8[65536] input
.tensor w : uint8[131072] input
.tensor o : uint8[65536] output
.sbuf x : uint8[128, 65536]

# CHECK:      {{^}}# SP (Sync): 4 instructions{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf uint8, 0:1, 0x0, [2, 32768], [1, 2]), ap(hbm uint8, [0, 1], 0x0, [2, 32768], [1, 2]), q0.0{{( +#.*)?$}}
sp.dma_copy x[0:1, :], a, q0.0
# CHECK-NEXT: {{^}}    sp.dma_copy ap(hbm uint8, [0, 1], 0x30000, [2, 32768], [1, 2]), ap(sbuf uint8, 0:1, 0x0, [2, 32768], [1, 2]), q0.1{{( +#.*)?$}}
sp.dma_copy o, x[0:1, 0:65536], q0.1
# A step: the strides are multiples of it.
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf uint8, 0:1, 0x0, [2, 32768], [1, 2]), ap(hbm uint8, [0, 1], 0x10000, [4, 32768], [2, 2]), q0.2{{( +#.*)?$}}
sp.dma_copy x[0:1, :], w[0:131072:2], q0.2
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf uint8, 0:1, 0x0, [1, 65535]), ap(hbm uint8, [0, 1], 0x0, [1, 65535]), q0.3{{( +#.*)?$}}
sp.dma_copy x[0:1, 0:65535], a[0:65535], q0.3
# CHECK-NOT:  {{.}}
