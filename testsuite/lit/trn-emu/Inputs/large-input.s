# A 64 MiB input and nothing else (cli-stream-large.test, host-memory.test).
.tensor x : fp32[16384, 1024] input
sp.nop
