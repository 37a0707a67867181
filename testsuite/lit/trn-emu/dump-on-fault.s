# RUN: rm -rf %t && mkdir %t
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --random-inputs --dump-on-fault %t/new/dump --out o=%t/o.npy 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t/o.npy
# RUN: ls %t/new/dump | FileCheck --check-prefix=FILES %s
# RUN: FileCheck --strict-whitespace --check-prefix=TXT %s < %t/new/dump/fault.txt
# RUN: python3 %S/Inputs/npy-expect.py %t/new/dump/x.npy '<f4' 4,8 '1.0'
# RUN: python3 %S/Inputs/npy-expect.py %t/new/dump/y.npy '<f4' 4,8 '0.0'
# RUN: python3 %S/Inputs/npy-expect.py %t/new/dump/p.npy '<u2' 2,4 '0xC000'
# RUN: python3 %S/Inputs/npy-expect.py %t/new/dump/o.npy '<f4' 4,8 '0.0'
#
# --dump-on-fault DIR: a faulting run still exits 1 and writes no --out
# file, but DIR (created, with its parents) gets every output tensor and
# every SBUF/PSUM allocation as the fault left them, as NAME.npy, and
# fault.txt with the fault's message as trn-emu printed it. Input tensors
# are not written. x was set before the fault, y (the faulting copy's
# destination) and o never.

# FILES:      {{^}}fault.txt{{$}}
# FILES-NEXT: {{^}}o.npy{{$}}
# FILES-NEXT: {{^}}p.npy{{$}}
# FILES-NEXT: {{^}}x.npy{{$}}
# FILES-NEXT: {{^}}y.npy{{$}}
# FILES-NOT:  {{.}}

.chip trn2
.tensor i : fp32[4, 8] input
.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
.psum p : bf16[2, 4]
dve.memset x, 1.0
dve.memset p, -2.0
dve.li r2, 57340
# CHECK:      {{^.*/}}dump-on-fault.s:[[@LINE+5]]:1: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 3 (tensor_copy): operand 'src': SBUF bytes 229360..229391 of partitions 0..3 are outside the 229376-byte partition (register r2 = 57340){{$}}
# CHECK-NEXT: {{^}}    dve.tensor_copy {{.*}}{{$}}
# CHECK-NOT:  {{.}}
# TXT:        {{^.*/}}dump-on-fault.s:[[@LINE+2]]:1: error: out of bounds at {{[0-9]+}} ns on DVE, instruction 3 (tensor_copy): operand 'src': SBUF bytes 229360..229391 of partitions 0..3 are outside the 229376-byte partition (register r2 = 57340){{$}}
# TXT-NEXT:   {{^}}    dve.tensor_copy {{.*}}{{$}}
dve.tensor_copy y, x + r2 signal(s0)
sp.dma_copy o, y, q0.0 wait(s0 >= 1)
