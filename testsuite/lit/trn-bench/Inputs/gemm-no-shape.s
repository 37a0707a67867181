# trn-bench: goal=gemm
    sp.nop
