# RUN: trn-as %s -o %t.o 2>&1 | count 0
# RUN: trn-objdump -d %t.o | FileCheck --strict-whitespace %s
#
# Compute engines reach 65536 elements per partition too (memset's limit),
# but their SBUF/PSUM strides are 16-bit (-32768 to 32767 elements), so a
# 65536-element dimension must be split with an outer stride that fits, e.g.
# [16384, 4], [1, 16384].
#
# KNOWN BUG (left failing on purpose): the split picks the largest inner count
# (32768), whose outer stride 32768 does not fit 16 bits, and the operand is
# then rejected with "free dimension 0 has stride 32768: SBUF and PSUM strides
# are 16-bit", a stride the source never wrote. Every contiguous
# 65536-element named slice on a compute engine (DVE, Pool, ...) fails this
# way; DMA, with 32-bit strides, is fine (slice-split-count.s).

.sbuf x : uint8[128, 65536]

# CHECK:      {{^}}# DVE (Vector): 2 instructions{{$}}
# CHECK-NEXT: {{^}}    dve.memset ap(sbuf uint8, 0:128, 0x0, [{{[0-9]+}}, {{[0-9]+}}], [1, {{[0-9]+}}]), 0.0{{( +#.*)?$}}
dve.memset x, 0
# CHECK-NEXT: {{^}}    dve.memset ap(sbuf uint8, 0:128, 0x0, [{{[0-9]+}}, {{[0-9]+}}], [1, {{[0-9]+}}]), 1.0{{( +#.*)?$}}
dve.memset x[:, 0:65536], 1
