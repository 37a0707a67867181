.chip trn2
.tensor w : fp32[4] input shared at 0x10000
.tensor p : fp32[4] input at 0x10100
sp.nop
