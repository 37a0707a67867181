.chip trn2
.tensor w : fp32[4] input shared at 0x100
sp.nop
