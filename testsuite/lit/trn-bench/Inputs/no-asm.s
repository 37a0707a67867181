# A kernel that does not assemble.

    sp.frob r1
