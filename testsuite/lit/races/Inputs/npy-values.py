#!/usr/bin/env python3
"""npy-values.py FILE.npy: prints the dtype, the element count and the set
of distinct values of a little-endian float32 .npy file (no NumPy needed)."""
import ast
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert data[:6] == b"\x93NUMPY", "not a .npy file"
header_len = struct.unpack("<H", data[8:10])[0]
header = ast.literal_eval(data[10:10 + header_len].decode("latin1"))
assert header["descr"] == "<f4", header
body = data[10 + header_len:]
values = struct.unpack(f"<{len(body) // 4}f", body)
print(f"float32 {len(values)} values: {{{', '.join(str(v) for v in sorted(set(values)))}}}")
