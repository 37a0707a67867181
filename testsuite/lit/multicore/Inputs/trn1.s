.chip trn1
sp.nop
