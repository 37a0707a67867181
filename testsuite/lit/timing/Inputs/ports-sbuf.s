# port-sharing.test: Vector and GpSimd both in SBUF, fp32 (no perf mode).
.sbuf f : fp32[128, 2048]
    dve.tensor_copy f[:, 0:512], f[:, 512:1024]
    pool.tensor_copy f[:, 1024:1536], f[:, 1536:2048]
