.chip trn1
.sem bar
sp.core_barrier bar
