# RUN: trn-as -I %S/Inputs %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# Integer expressions: C's operators and precedence over 64-bit integers,
# decimal, hex and binary literals, constants (also from an .include found
# through -I), sizeof(name) (bytes; per partition for an allocation) and
# addr(name) (HBM address, or byte offset in the partition).

.include "consts.inc"
.const HALF = COLS / 2
.const MASK = (1 << 4) - 1 | 0x100
.const REM = -7 % 4
.const MIX = ~0 ^ 0b1010 & 0xff
.tensor a : fp32[ROWS, COLS] input
.tensor b : fp32[ROWS, COLS] output at addr(a) + sizeof(a) * 2
.sbuf x : fp32[ROWS, COLS]
.sbuf y : fp32[ROWS, COLS] at sizeof(x) * 2

# CHECK:      {{^}}.tensor a : fp32[128, 64] input at 0x0{{$}}
# CHECK-NEXT: {{^}}.tensor b : fp32[128, 64] output at 0x10000{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}.sbuf x : fp32[128, 64] partition 0 at 0x0{{$}}
# CHECK-NEXT: {{^}}.sbuf y : fp32[128, 64] partition 0 at 0x200{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 14 instructions{{$}}
# CHECK-NEXT: {{^}}    sp.li r1, 32768{{( +#.*)?$}}
sp.li r1, sizeof(a)
# CHECK-NEXT: {{^}}    sp.li r2, 65536{{( +#.*)?$}}
sp.li r2, addr(b)
# CHECK-NEXT: {{^}}    sp.li r3, 544{{( +#.*)?$}}
sp.li r3, addr(y) + HALF
# CHECK-NEXT: {{^}}    sp.li r4, 271{{( +#.*)?$}}
sp.li r4, MASK
# CHECK-NEXT: {{^}}    sp.li r5, -3{{( +#.*)?$}}
sp.li r5, REM
# CHECK-NEXT: {{^}}    sp.li r6, -11{{( +#.*)?$}}
sp.li r6, MIX
# Shifts bind looser than + and -: (10 - 6) >> 1.
# CHECK-NEXT: {{^}}    sp.li r7, 2{{( +#.*)?$}}
sp.li r7, 10 - 2 * 3 >> 1
# CHECK-NEXT: {{^}}    sp.li r8, -2147483648{{( +#.*)?$}}
sp.li r8, -(1 << 31)
# CHECK-NEXT: {{^}}    sp.li r9, 2147483647{{( +#.*)?$}}
sp.li r9, 0x7fffffff
# CHECK-NEXT: {{^}}    sp.li r10, 3{{( +#.*)?$}}
sp.li r10, -7 / -2
# CHECK-NEXT: {{^}}    sp.li r11, 7{{( +#.*)?$}}
sp.li r11, +(+7)
# CHECK-NEXT: {{^}}    sp.li r12, 256{{( +#.*)?$}}
sp.li r12, sizeof(x)
# CHECK-NEXT: {{^}}    sp.dma_copy ap(sbuf fp32, 0:128, 0x200, [1, 64]), ap(hbm fp32, [64, 128], 0x0, [1, 64]), q1.3{{( +#.*)?$}}
sp.dma_copy y, a, q1.3
# CHECK-NEXT: {{^}}    sp.dma_copy ap(hbm fp32, [64, 128], 0x10000, [1, 64]), ap(sbuf fp32, 0:128, 0x0, [1, 64]), q1.4{{( +#.*)?$}}
sp.dma_copy b, x, q1.4
# CHECK-NOT:  {{.}}
