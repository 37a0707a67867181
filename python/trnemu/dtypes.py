"""trnemu's element types as NumPy sees them.

NumPy has no bfloat16 or 8-bit floats: arrays of those hold the raw bits in
unsigned integers (bf16 -> uint16, fp8 -> uint8), as trn-emu's .npy files
do (docs/npy.md). When the ml_dtypes package can be imported, outputs of
those types are given as its types instead (ml_dtypes.bfloat16, ...), and
inputs may be given in them.
"""

import importlib

import numpy as np

from trnemu import _trnemu

# name -> NumPy storage dtype ("<u2" for bf16, "<f4" for fp32 and tf32, ...)
STORAGE = {name: np.dtype(descr) for name, descr, _ in _trnemu._dtypes()}
NAMES = tuple(STORAGE)

# The ml_dtypes type of each type NumPy lacks.
_ML_DTYPES_NAMES = {
    "bf16": "bfloat16",
    "fp8_e4m3": "float8_e4m3",
    "fp8_e5m2": "float8_e5m2",
    "fp8_e4m3fn": "float8_e4m3fn",
    "fp4_e2m1": "float4_e2m1fn",
    "fp8_e8m0": "float8_e8m0fnu",
}
# The packed x4 types hold raw bits too (uint32 or uint16), with no ml_dtypes
# type: four values an element.
_PACKED = ("fp8_e4m3fn_x4", "fp8_e5m2_x4", "fp4_e2m1_x4")


def ml_dtypes():
    """The ml_dtypes module, or None when it cannot be imported."""
    try:
        return importlib.import_module("ml_dtypes")
    except ImportError:
        return None


def ml_dtype(name):
    """The ml_dtypes dtype for trnemu dtype ``name``, or None (no ml_dtypes,
    or a type NumPy has, or one this ml_dtypes lacks)."""
    attr = _ML_DTYPES_NAMES.get(name)
    module = ml_dtypes() if attr else None
    if module is None or not hasattr(module, attr):
        return None
    return np.dtype(getattr(module, attr))


def is_raw(name):
    """Whether arrays of dtype ``name`` hold raw bits (no NumPy type)."""
    return name in _ML_DTYPES_NAMES or name in _PACKED


def storage_dtype(name):
    """The NumPy dtype trnemu stores dtype ``name`` in."""
    try:
        return STORAGE[name]
    except KeyError:
        raise ValueError(f"unknown dtype '{name}': expected one of {', '.join(NAMES)}") from None


def to_user(array, name):
    """An output array of storage type, as the user gets it: viewed as the
    ml_dtypes type when there is one."""
    ml = ml_dtype(name)
    return array.view(ml) if ml is not None else array


def to_storage(array, name):
    """An array given for dtype ``name`` in C order: an ml_dtypes array of
    that type viewed as its raw bits; anything else as it is (the emulator
    checks it, or converts float32 to a narrower float)."""
    a = np.asarray(array, order="C")
    ml = ml_dtype(name)
    if ml is not None and a.dtype == ml:
        a = a.view(STORAGE[name])
    return a
