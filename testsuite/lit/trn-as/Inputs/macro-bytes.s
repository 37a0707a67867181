# Each level repeats its argument 8 times: 64 characters become 8^7 times
# as many, past the 64 MiB limit on expansions.
.macro m0 a
    sp.li r1, \a\a\a\a\a\a\a\a
.endm
.macro m1 a
    m0 \a\a\a\a\a\a\a\a
.endm
.macro m2 a
    m1 \a\a\a\a\a\a\a\a
.endm
.macro m3 a
    m2 \a\a\a\a\a\a\a\a
.endm
.macro m4 a
    m3 \a\a\a\a\a\a\a\a
.endm
.macro m5 a
    m4 \a\a\a\a\a\a\a\a
.endm
.macro m6 a
    m5 \a\a\a\a\a\a\a\a
.endm
    m6 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
