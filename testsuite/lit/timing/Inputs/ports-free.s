# port-sharing.test: Vector in PSUM only, GpSimd and Scalar in SBUF only.
.psum p : fp32[128, 512]
.sbuf f : fp32[128, 2048]
    dve.memset p, 0.0
    act.activation f[:, 0:512], f[:, 512:1024], copy
    pool.tensor_copy f[:, 1024:1536], f[:, 1536:2048]
