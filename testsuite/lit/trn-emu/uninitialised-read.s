# RUN: rm -f %t.npy
# RUN: trn-emu %s --out o=%t.npy 2>&1 | FileCheck --strict-whitespace --check-prefix=WARN %s
# RUN: python3 %S/Inputs/npy.py dump %t.npy | FileCheck --check-prefix=OUT %s
# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --strict --out o=%t.npy 2>&1 | FileCheck --strict-whitespace --check-prefix=STRICT %s
# RUN: test ! -e %t.npy
#
# A read of SBUF that nothing has written: a warning (once per operand, at
# the first such byte) and exit 0; with --strict an error instead, exit 1
# and no output.

.tensor o : fp32[4, 8] output
.sbuf x : fp32[4, 8]
.sbuf y : fp32[4, 8]
dve.memset x[:, 0:4], 1.0
# WARN:        {{^.*/}}uninitialised-read.s:[[@LINE+7]]:1: warning: operand 'src' reads sbuf partition 0 byte 16, which nothing has written (on DVE, instruction 1){{$}}
# WARN-NEXT:   {{^}}ran 3 instructions in {{.*}}{{$}}
# WARN-NOT:    {{.}}
# OUT:         {{^}}[0] 1.0 0x3F800000{{$}}
# STRICT:      {{^.*/}}uninitialised-read.s:[[@LINE+3]]:1: error: uninitialised read at {{[0-9]+}} ns on DVE, instruction 1 (tensor_copy): operand 'src' reads sbuf partition 0 byte 16, which nothing has written{{$}}
# STRICT-NEXT: {{^}}    dve.tensor_copy ap(sbuf fp32, 0:4, 0x40, [1, 8]), ap(sbuf fp32, 0:4, 0x0, [1, 8]) signal(s0){{$}}
# STRICT-NOT:  {{.}}
dve.tensor_copy y, x signal(s0)
sp.dma_copy o, y, q0.0 wait(s0 >= 1)
