# Core 0 sends to core 1 and receives from it; core 1 does nothing.
.chip trn2
.tensor x : fp32[16] input
.tensor y : fp32[16] output
.sem done
sp.core_id r1
sp.bne r1, r0, end
sp.li r3, 1
sp.sendrecv y, x, r3, r3 signal(done)
sp.li r9, 0 wait(done >= 1)
end:
sp.nop
