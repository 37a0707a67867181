"""Elementwise kernels over ops, dtypes and shapes (tiles of 128 rows),
against NumPy in float64 rounded by the tolerance of the output dtype."""

import zlib

import numpy as np
import pytest

import trnemu
from conftest import random_input
from kernels import elementwise

REFERENCE = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "maximum": np.maximum,
}
# Half an ulp of the output type, relative; and half the spacing of its
# subnormals (fp16's are 2^-24 apart), absolute.
RTOL = {"fp32": 2 ** -24, "fp16": 2 ** -11, "bf16": 2 ** -8}
ATOL = {"fp32": 2 ** -150, "fp16": 2 ** -25, "bf16": 2 ** -134}


@pytest.mark.parametrize("shape", [(1, 1), (7, 33), (128, 512), (300, 64)])
@pytest.mark.parametrize("dtype", ["fp32", "fp16", "bf16"])
@pytest.mark.parametrize("op", sorted(REFERENCE))
def test_elementwise(op, dtype, shape):
    rng = np.random.default_rng(zlib.crc32(repr((op, dtype, shape)).encode()))
    a, a_values = random_input(rng, shape, dtype)
    b, b_values = random_input(rng, shape, dtype)
    program = trnemu.assemble(elementwise(op, dtype, *shape), filename=f"{op}-{dtype}.s")
    result = trnemu.run(program, inputs={"a": a, "b": b})
    expected = REFERENCE[op](a_values, b_values)
    result.assert_close("out", expected, rtol=RTOL[dtype], atol=ATOL[dtype])


def test_a_missing_wait_is_a_race():
    with pytest.warns(trnemu.AssemblyWarning, match="'loaded0' is signalled but never waited on"):
        program = trnemu.assemble(elementwise("add", "fp32", 4, 8, synchronise=False))
    with pytest.raises(trnemu.RaceError) as fault:
        trnemu.run(program, random_inputs=True)
    assert fault.value.engine == "DVE"
    assert "tensor_tensor" in fault.value.message
