# Latency-bound: the Vector and Scalar engines take turns on one element,
# each waiting for the other's signal; neither is busy half the time.
.sbuf a : fp32[1, 1]
.sbuf b : fp32[1, 1]
.sem ping
.sem pong
    dve.li r1, 0
    dve.li r2, 8
dloop:
    dve.memset a, 0 wait(pong >= r1) signal(ping)
    dve.addi r1, r1, 1
    dve.blt r1, r2, dloop
    act.li r1, 1
    act.li r2, 9
aloop:
    act.activation b, a, exp wait(ping >= r1) signal(pong)
    act.addi r1, r1, 1
    act.blt r1, r2, aloop
