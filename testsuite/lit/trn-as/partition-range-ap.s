# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Partition ranges of ap(...): beyond the last partition (127), empty, a start
# beyond 127, or HBM rows beyond 128.

.sbuf x : fp32[128, 64]
# CHECK:      {{^.*/}}partition-range-ap.s:[[@LINE+3]]:31: error: partition range 0:129 goes beyond the last partition (127){{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy ap(sbuf fp32, 0:129, 0, [1, 64]), x{{$}}
# CHECK-NEXT: {{^}}                              ^~~~~{{$}}
dve.tensor_copy ap(sbuf fp32, 0:129, 0, [1, 64]), x
# CHECK-NEXT: {{^.*/}}partition-range-ap.s:[[@LINE+3]]:31: error: partition range 64:130 goes beyond the last partition (127){{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy ap(sbuf fp32, 64:130, 0, [1, 64]), x[0:64]{{$}}
# CHECK-NEXT: {{^}}                              ^~~~~~{{$}}
dve.tensor_copy ap(sbuf fp32, 64:130, 0, [1, 64]), x[0:64]
# CHECK-NEXT: {{^.*/}}partition-range-ap.s:[[@LINE+3]]:31: error: partition range 32:32 is empty{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy ap(sbuf fp32, 32:32, 0, [1, 64]), x[0:1]{{$}}
# CHECK-NEXT: {{^}}                              ^~~~~{{$}}
dve.tensor_copy ap(sbuf fp32, 32:32, 0, [1, 64]), x[0:1]
# CHECK-NEXT: {{^.*/}}partition-range-ap.s:[[@LINE+3]]:31: error: 128 is out of range for a start partition: 0 to 127{{$}}
# CHECK-NEXT: {{^}}dve.tensor_copy ap(sbuf fp32, 128:129, 0, [1, 64]), x[0:1]{{$}}
# CHECK-NEXT: {{^}}                              ^~~{{$}}
dve.tensor_copy ap(sbuf fp32, 128:129, 0, [1, 64]), x[0:1]
# CHECK-NEXT: {{^.*/}}partition-range-ap.s:[[@LINE+3]]:34: error: 129 is out of range for a row count: 1 to 128{{$}}
# CHECK-NEXT: {{^}}sp.dma_copy x, ap(hbm fp32, [64, 129], 0, [1, 64]), q0.0{{$}}
# CHECK-NEXT: {{^}}                                 ^~~{{$}}
sp.dma_copy x, ap(hbm fp32, [64, 129], 0, [1, 64]), q0.0
# CHECK-NEXT: {{^}}5 errors generated.{{$}}
