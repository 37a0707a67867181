# A 32 MiB input and nothing else (cli-stream-large.test, host-memory.test).
.tensor x : fp32[8192, 1024] input
sp.nop
