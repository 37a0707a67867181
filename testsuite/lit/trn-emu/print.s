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

# CHECK:      {{^.*/}}print.s:68:1: print at {{[0-9]+}} ns on POOL, instruction 1: int32[16, 100]{{$}}
# CHECK-NEXT: {{^}}    pool.print ap(sbuf int32, 0:16, 0xC0, {{\[}}1, 100]){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}}    5     8    11 ...   296   299   302]{{$}}
# CHECK-NEXT: {{^}} {{\[}} 1005  1008  1011 ...  1296  1299  1302]{{$}}
# CHECK-NEXT: {{^}} {{\[}} 2005  2008  2011 ...  2296  2299  2302]{{$}}
# CHECK-NEXT: {{^}} ...{{$}}
# CHECK-NEXT: {{^}} {{\[}}13005 13008 13011 ... 13296 13299 13302]{{$}}
# CHECK-NEXT: {{^}} {{\[}}14005 14008 14011 ... 14296 14299 14302]{{$}}
# CHECK-NEXT: {{^}} {{\[}}15005 15008 15011 ... 15296 15299 15302]]{{$}}
# CHECK:      {{^.*/}}print.s:70:1: print at {{[0-9]+}} ns on POOL, instruction 3: fp32[1, 30]{{$}}
# CHECK-NEXT: {{^}}    pool.print ap(sbuf fp32, 0:1, 0x280, {{\[}}1, 30]){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}} 0.  1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. 16. 17.{{$}}
# CHECK-NEXT: {{^}}  18. 19. 20. 21. 22. 23. 24. 25. 26. 27. 28. 29.]]{{$}}
# CHECK:      {{^.*/}}print.s:66:1: print at {{[0-9]+}} ns on SP, instruction 3: int32[1, 4]{{$}}
# CHECK-NEXT: {{^}}    sp.print ap(sbuf int32, 0:1, 0x80, {{\[}}1, 4]){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}} 0 -7  0  0]]{{$}}
# CHECK:      {{^.*/}}print.s:60:1: print at {{[0-9]+}} ns on DVE, instruction 0: fp32[2, 3]{{$}}
# CHECK-NEXT: {{^}}    dve.print ap(sbuf fp32, 0:2, 0x0, {{\[}}1, 3]) wait(s0 >= 1){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}}  0.1   -2.   3.5]{{$}}
# CHECK-NEXT: {{^}} {{\[}}1e+30   -0.    7.]]{{$}}
# CHECK:      {{^.*/}}print.s:61:1: print at {{[0-9]+}} ns on DVE, instruction 1: fp32[1, 2]{{$}}
# CHECK-NEXT: {{^}}    dve.print ap(sbuf fp32, 1:2, 0x0, {{\[}}1, 2]){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}}1e+30   -0.]]{{$}}
# CHECK:      {{^.*/}}print.s:63:1: print at {{[0-9]+}} ns on DVE, instruction 3: bf16[2, 2, 2]{{$}}
# CHECK-NEXT: {{^}}    dve.print ap(sbuf bf16, 0:2, 0x40, {{\[}}2, 2], {{\[}}1, 2]){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}}{{\[}}-0.25 -0.25]{{$}}
# CHECK-NEXT: {{^}}  {{\[}}-0.25 -0.25]]{{$}}
# CHECK-EMPTY:
# CHECK-NEXT: {{^}} {{\[}}{{\[}}-0.25 -0.25]{{$}}
# CHECK-NEXT: {{^}}  {{\[}}-0.25 -0.25]]]{{$}}
# CHECK:      {{^.*/}}print.s:72:1: print at {{[0-9]+}} ns on SP, instruction 5: fp32[2, 3]{{$}}
# CHECK-NEXT: {{^}}    sp.print ap(hbm fp32, {{\[}}3, 2], 0x40, {{\[}}1, 3]) wait(s1 >= 1){{$}}
# CHECK-NEXT: {{^}}{{\[}}{{\[}}  0.1   -2.   3.5]{{$}}
# CHECK-NEXT: {{^}} {{\[}}1e+30   -0.    7.]]{{$}}
# CHECK-NEXT: {{^}}ran 14 instructions in {{.*}}{{$}}
# CHECK-NOT:  {{.}}

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
