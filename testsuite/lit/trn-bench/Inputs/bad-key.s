# trn-bench: goal=control speed=1
    sp.nop
