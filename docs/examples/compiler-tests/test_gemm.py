"""GEMMs over shapes and input dtypes: k tiles accumulated in PSUM, against
NumPy's float64 product of the same input values."""

import numpy as np
import pytest

import trnemu
from conftest import random_input
from kernels import gemm


@pytest.mark.parametrize("m,k,n", [(128, 128, 512), (64, 256, 100), (1, 384, 1), (32, 40, 16)])
@pytest.mark.parametrize("dtype", ["bf16", "fp16", "fp32"])
def test_gemm(m, k, n, dtype):
    rng = np.random.default_rng(m * 1000003 + k * 1009 + n)
    lhsT, lhsT_values = random_input(rng, (k, m), dtype, -1, 1)
    rhs, rhs_values = random_input(rng, (k, n), dtype, -1, 1)
    program = trnemu.assemble(gemm(m, k, n, dtype), filename=f"gemm-{m}x{k}x{n}.s")
    result = trnemu.run(program, inputs={"lhsT": lhsT, "rhs": rhs})
    expected = lhsT_values.T @ rhs_values
    # fp32 accumulation of k terms of magnitude <= 1.
    result.assert_close("out", expected, rtol=1e-5, atol=k * 2 ** -23)
    assert result.report["chip"] == "trn2"


def test_shapes_the_generator_refuses():
    with pytest.raises(ValueError):
        gemm(256, 128, 128, "bf16")
