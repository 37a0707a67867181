# RUN: trn-emu %s --random-inputs --trace %t.json --trace-text > %t.txt
# RUN: %python %S/Inputs/trace-events.py %t.json >> %t.txt
# RUN: FileCheck %s < %t.txt
#
# The trace's occupancy counters on a program small enough to work them
# out by hand (docs/cli.md, "Perfetto trace JSON": a value lives from its
# write to its last read; accesses at the end of their instruction or
# transfer). a is 4 partitions x 32 bytes = 128 bytes; each half of b too.
#   D1 (the first transfer) writes a               a v1 from D1
#   I1 reads a (its last read), writes b[:, 0:8]   b lo from I1
#   I2 reads b lo, writes b[:, 8:16]               b hi from I2
#   I3 reads b lo and b hi (their last reads),     a v2 from I3
#      writes a
#   D2 reads a                                     a v2 until D2
# So: 128 from D1 (a v1, then b lo from I1: no change), 256 from I2 (b lo,
# b hi), 128 from I3 (a v2), 0 from D2. PSUM is never used: 0 throughout.

.tensor in : fp32[4, 8] input
.tensor out : fp32[4, 8] output
.sbuf a : fp32[4, 8]
.sbuf b : fp32[4, 16]
.sem loaded
.sem done

    sp.dma_copy a, in, q0.0 signal(loaded)
    dve.tensor_copy b[:, 0:8], a wait(loaded >= 1)
    dve.tensor_copy b[:, 8:16], b[:, 0:8]
    dve.tensor_tensor a, b[:, 0:8], b[:, 8:16], add signal(done)
    sp.dma_copy out, a, q0.0 wait(done >= 1)

# The ends of D1, I1, I2, I3 and D2, from the text trace (in the order
# they complete):
# CHECK: SP {{.*}} sp.dma_copy
# CHECK-NEXT: {{^ *[0-9.]+ +}}[[D1:[0-9.]+]] q0.0 {{.*}} dma of 128 bytes for SP #0{{$}}
# CHECK-NEXT: {{^ *[0-9.]+ +}}[[I1:[0-9.]+]] DVE {{.*}} dve.tensor_copy
# CHECK-NEXT: {{^ *[0-9.]+ +}}[[I2:[0-9.]+]] DVE {{.*}} dve.tensor_copy
# CHECK-NEXT: {{^ *[0-9.]+ +}}[[I3:[0-9.]+]] DVE {{.*}} dve.tensor_tensor
# CHECK-NEXT: SP {{.*}} sp.dma_copy
# CHECK-NEXT: {{^ *[0-9.]+ +}}[[D2:[0-9.]+]] q0.0 {{.*}} dma of 128 bytes for SP #1{{$}}
# CHECK: {{^}}dma DMA q0.0: in -> a{{$}}
# CHECK-NEXT: {{^}}dma DMA q0.0: a -> out{{$}}
# CHECK: {{^}}counter PSUM bytes in use: 0.000=0{{$}}
# CHECK-NEXT: {{^}}counter SBUF bytes in use: 0.000=0 [[D1]]=128 [[I2]]=256 [[I3]]=128 [[D2]]=0{{$}}
