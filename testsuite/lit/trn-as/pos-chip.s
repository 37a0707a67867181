# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
# RUN: trn-as --chip trn3 %s -o %t.2.o 2>&1 | count 0
# RUN: trn-objdump -d %t.2.o | FileCheck --strict-whitespace %s
#
# .chip selects the target; --chip may repeat it. trn3 has fp8_e4m3fn and
# 256 KiB of SBUF per partition; range_select and dma_transpose are trn2 and
# later.

.chip trn3
.tensor t : fp32[64, 128] input
.sbuf x : fp8_e4m3fn[128, 64]
.sbuf y : fp32[128, 64]
.sbuf m : fp32[128, 1]
.sbuf rest : uint8[128, 262144 - 1024] at 1024

# CHECK:      {{^}}.chip trn3{{$}}
# CHECK:      {{^}}.sbuf rest : uint8[128, 261120] partition 0 at 0x400{{$}}
# CHECK:      {{^}}# DVE (Vector): 3 instructions{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:128, 0x40, [1, 64]), ap(sbuf fp8_e4m3fn, 0:128, 0x0, [1, 64]){{( +#.*)?$}}
dve.tensor_copy y, x
# CHECK-NEXT: {{^}}    dve.range_select ap(sbuf fp32, 0:128, 0x40, [1, 64]), ap(sbuf fp32, 0:128, 0x40, [1, 64]), greater_equal, 0.0, less, 8.0, start=-4, reduce=ap(sbuf fp32, 0:128, 0x140, [1, 1]){{( +#.*)?$}}
dve.range_select y, y, greater_equal, 0.0, less, 8.0, start=-4, reduce=m
# CHECK-NEXT: {{^}}    dve.memset ap(sbuf uint8, 0:128, 0x400, [1, 65535]), 0.0{{( +#.*)?$}}
dve.memset rest[:, 0:65535], 0.0
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 1 instructions{{$}}
# CHECK-NEXT: {{^}}    sp.dma_transpose ap(sbuf fp32, 0:128, 0x40, [1, 64]), ap(hbm fp32, [128, 64], 0x0, [1, 128]), q0.0{{( +#.*)?$}}
sp.dma_transpose y, t, q0.0
