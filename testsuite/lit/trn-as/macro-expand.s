# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d -l %t.o | FileCheck --strict-whitespace %s
# RUN: trn-objdump -d %t.o > %t.dis.s
# RUN: trn-as %t.dis.s -o %t.back.o 2>&1 | count 0
# RUN: trn-objdump -d %t.back.o | diff %t.dis.s -
#
# Macros, .rept and .irp expand to plain instructions (the disassembly
# assembles back to the same program). Each instruction's line is the body
# line that made it (trn-objdump -l). Covered: positional, default and
# keyword arguments; \@ (the expansion count) making labels unique; \()
# ending a name; a macro calling a macro; .rept with a .const count and \+;
# .irp; .exitm.

.const N = 3
.sbuf a : fp32[128, 64]
.sbuf b : fp32[128, 64]
.sbuf ax : fp32[128, 8]
.sbuf bx : fp32[128, 8]

.macro copy dst, src, cols=64
    dve.tensor_copy \dst[:, 0:\cols], \src[:, 0:\cols]   # \cols: not replaced here
.endm

.macro pair x, y
    copy \x, \y
    copy src=\x, dst=\y, cols=8
.endm

    pair a, b
    .rept N
    sp.li r\+, \+ * 10
    .endr
    .irp s, a, b
    act.tensor_copy \s\()x, \s[:, 0:8]
    .endr

.macro spin n
    sp.li r9, \n
loop\@:
    sp.addi r9, r9, -1
    sp.bne r9, r8, loop\@
.endm
    sp.li r8, 0
    spin 2
    spin 3

.macro count
    pool.li r1, \@
    .exitm
    pool.li r2, 0
.endm
    count
    count

# A macro whose body holds a .rept, a .rept inside a .irp, an empty .rept.
.macro fill reg, times
    .rept \times
    .irp k, 1, 2
    pool.addi \reg, \reg, \k + \+
    .endr
    .endr
.endm
    fill r3, 2
    .rept 0
    pool.nop
    .endr

# CHECK:      {{^}}.chip trn2{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}.sbuf a : fp32[128, 64] partition 0 at 0x0{{$}}
# CHECK-NEXT: {{^}}.sbuf b : fp32[128, 64] partition 0 at 0x100{{$}}
# CHECK-NEXT: {{^}}.sbuf ax : fp32[128, 8] partition 0 at 0x200{{$}}
# CHECK-NEXT: {{^}}.sbuf bx : fp32[128, 8] partition 0 at 0x240{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# DVE (Vector): 2 instructions{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:21:5{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:128, 0x0, [1, 64]), ap(sbuf fp32, 0:128, 0x100, [1, 64])  # 0 @0x0{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:21:5{{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:128, 0x100, [1, 8]), ap(sbuf fp32, 0:128, 0x0, [1, 8])  # 1 @0x60{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# ACT (Scalar): 2 instructions{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:34:5{{$}}
# CHECK-NEXT: {{^}}    act.tensor_copy ap(sbuf fp32, 0:128, 0x200, [1, 8]), ap(sbuf fp32, 0:128, 0x0, [1, 8])  # 0 @0x0{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:34:5{{$}}
# CHECK-NEXT: {{^}}    act.tensor_copy ap(sbuf fp32, 0:128, 0x240, [1, 8]), ap(sbuf fp32, 0:128, 0x100, [1, 8])  # 1 @0x60{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# POOL (GpSimd): 6 instructions{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:48:5{{$}}
# CHECK-NEXT: {{^}}    pool.li r1, 5  # 0 @0x0{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:48:5{{$}}
# CHECK-NEXT: {{^}}    pool.li r1, 6  # 1 @0x18{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:59:5{{$}}
# CHECK-NEXT: {{^}}    pool.addi r3, r3, 1  # 2 @0x30{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:59:5{{$}}
# CHECK-NEXT: {{^}}    pool.addi r3, r3, 3  # 3 @0x48{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:59:5{{$}}
# CHECK-NEXT: {{^}}    pool.addi r3, r3, 1  # 4 @0x60{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:59:5{{$}}
# CHECK-NEXT: {{^}}    pool.addi r3, r3, 3  # 5 @0x78{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}}# SP (Sync): 10 instructions{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:31:5{{$}}
# CHECK-NEXT: {{^}}    sp.li r0, 0  # 0 @0x0{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:31:5{{$}}
# CHECK-NEXT: {{^}}    sp.li r1, 10  # 1 @0x18{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:31:5{{$}}
# CHECK-NEXT: {{^}}    sp.li r2, 20  # 2 @0x30{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:43:5{{$}}
# CHECK-NEXT: {{^}}    sp.li r8, 0  # 3 @0x48{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:38:5{{$}}
# CHECK-NEXT: {{^}}    sp.li r9, 2  # 4 @0x60{{$}}
# CHECK-NEXT: {{^}}loop3:{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:40:5{{$}}
# CHECK-NEXT: {{^}}    sp.addi r9, r9, -1  # 5 @0x78{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:41:5{{$}}
# CHECK-NEXT: {{^}}    sp.bne r9, r8, loop3  # 6 @0x90{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:38:5{{$}}
# CHECK-NEXT: {{^}}    sp.li r9, 3  # 7 @0xa8{{$}}
# CHECK-NEXT: {{^}}loop4:{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:40:5{{$}}
# CHECK-NEXT: {{^}}    sp.addi r9, r9, -1  # 8 @0xc0{{$}}
# CHECK-NEXT: {{^}}    # {{.*}}macro-expand.s:41:5{{$}}
# CHECK-NEXT: {{^}}    sp.bne r9, r8, loop4  # 9 @0xd8{{$}}
