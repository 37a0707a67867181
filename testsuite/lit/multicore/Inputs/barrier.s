.chip trn2
.sem bar
sp.core_barrier bar
