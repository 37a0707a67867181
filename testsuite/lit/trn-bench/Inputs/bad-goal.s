# trn-bench: goal=fast
    sp.nop
