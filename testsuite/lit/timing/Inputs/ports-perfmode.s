# port-sharing.test: a Vector copy in its 4x perf mode (bf16, SBUF,
# contiguous) and a GpSimd copy in SBUF.
.sbuf b : bf16[128, 8192]
    dve.tensor_copy b[:, 0:2048], b[:, 2048:4096]
    pool.tensor_copy b[:, 4096:6144], b[:, 6144:8192]
