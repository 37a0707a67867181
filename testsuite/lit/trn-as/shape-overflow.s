# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# A shape of more than 2^48 elements is an error (its byte size could wrap
# around 64 bits and be taken for a small one). 2^48 elements exactly pass
# that check and are then too big for HBM. A declaration that failed defines
# nothing, so its uses are errors too.

# CHECK:      {{^.*/}}shape-overflow.s:[[@LINE+3]]:17: error: the shape has more than 2^48 elements, beyond any memory of the chip{{$}}
# CHECK-NEXT: {{^}}.tensor t : fp32[4294967296, 4294967296] input{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~~~~~~~~~~{{$}}
.tensor t : fp32[4294967296, 4294967296] input
# CHECK-NEXT: {{^.*/}}shape-overflow.s:[[@LINE+3]]:15: error: the shape has more than 2^48 elements, beyond any memory of the chip{{$}}
# CHECK-NEXT: {{^}}.sbuf s : fp32[128, 4611686018427387904, 4]{{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
.sbuf s : fp32[128, 4611686018427387904, 4]
# CHECK-NEXT: {{^.*/}}shape-overflow.s:[[@LINE+3]]:17: error: the shape has more than 2^48 elements, beyond any memory of the chip{{$}}
# CHECK-NEXT: {{^}}.tensor b : int8[16777216, 16777217] input{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~~~~~~{{$}}
.tensor b : int8[16777216, 16777217] input
# CHECK-NEXT: {{^.*/}}shape-overflow.s:[[@LINE+3]]:17: error: tensor 'c' (281474976710656 bytes at 0x0) does not fit the 96 GiB of trn2 HBM{{$}}
# CHECK-NEXT: {{^}}.tensor c : int8[16777216, 16777216] input{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
.tensor c : int8[16777216, 16777216] input
.tensor u : fp32[4] input
.sbuf v : fp32[1, 4]
sp.dma_copy v, u, q0.0
# CHECK-NEXT: {{^.*/}}shape-overflow.s:[[@LINE+3]]:13: error: undefined tensor 's'{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy s[:, 1, 0:4], u, q0.1{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
sp.dma_copy s[:, 1, 0:4], u, q0.1
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
