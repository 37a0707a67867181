# trn-bench: goal=gemm openblas=1024,x,1
    sp.nop
