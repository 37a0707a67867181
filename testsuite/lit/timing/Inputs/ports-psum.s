# port-sharing.test: Vector and Scalar both reading PSUM.
.psum p : fp32[128, 1024]
.sbuf f : fp32[128, 1024]
    dve.tensor_copy f[:, 0:512], p[:, 0:512]
    act.activation f[:, 512:1024], p[:, 512:1024], copy
