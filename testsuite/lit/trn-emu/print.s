# RUN: rm -rf %t && mkdir %t
# RUN: python3 %S/Inputs/npy.py write %t/a.npy '<f4' 2,3 '0.1,-2,3.5,1e30,-0.0,7'
# RUN: trn-emu %s --in a=%t/a.npy | FileCheck --strict-whitespace %s
#
# print writes its operand, as NumPy prints an array of the operand's shape
# (partitions first), with where it is and when it ran, to standard output
# in the order the prints ran, before the run line. Floats shortest
# round-trip, whole ones with a dot; bf16 as its value; integers as they
# are; an operand in HBM too; more than 1000 elements summarised by the
# first and last 3 along each dimension; rows wrapped at 75 columns. A
# print of bytes nothing wrote shows them (0) and warns of nothing.

.tensor a : fp32[2, 3] input
.tensor o : fp32[2, 3] output
.sbuf x : fp32[2, 3]
.sbuf h : bf16[2, 2, 2]
.sbuf n : int32[1, 4]
.sbuf big : int32[16, 100]
.sbuf wide : fp32[1, 30]
.sem loaded
.sem done
sp.dma_copy x, a, q0.0 signal(loaded)
dve.print x wait(loaded >= 1)
dve.print x[1:2, 0:2]
dve.memset h, -0.25
dve.print h
sp.li r1, -7
sp.reg_store n[0, 1], r1
sp.print n
pool.iota big, 5, [3], partition_mult=1000
pool.print big
pool.iota wide, 0, [1]
pool.print wide
sp.dma_copy o, x, q1.0 wait(loaded >= 1) signal(done)
sp.print o wait(done >= 1)
