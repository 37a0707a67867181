# RUN: rm -f %t.npy
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --max-memory 100M --out big=%t.npy 2>&1 \
# RUN:   | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.npy
#
# Two instructions that write one word in each 64 KiB page of a 1 GiB
# tensor: each word costs the host a whole page of emulated HBM (the
# audit's version, 65536 pages, took 4.2 GB). Past --max-memory the run
# stops with a fault at the instruction and operand that asked; no output
# is written.

.tensor big : fp32[16384, 16384] output
.sbuf s : fp32[1, 16384]
pool.memset s, 1.0 signal(s0)
# CHECK:      {{^.*/}}host-memory-hbm-pages.s:[[@LINE+3]]:1: error: host memory limit at {{[0-9]+}} ns on SP, instruction 0 (dma_copy): operand 'dst': writing emulated HBM at 0x{{[0-9A-F]+}} (a new 64 KiB page; {{[0-9]+}} are in use) needs 64 KiB of host memory, and {{.*}} MiB is already in use: that is beyond the --max-memory budget of 100 MiB{{$}}
# CHECK-NEXT: {{^}}    sp.dma_copy ap(hbm fp32, [0, 1], 0x0, [16384, 16384]), ap(sbuf fp32, 0:1, 0x0, [1, 16384]), q0.0 wait(s0 >= 1){{$}}
# CHECK-NOT:  {{.}}
sp.dma_copy ap(hbm fp32, [0, 1], 0x0, [16384, 16384]), s, q0.0 wait(s0 >= 1)
