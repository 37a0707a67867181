#!/usr/bin/env python3
"""npy-expect.py FILE DESCR SHAPE EXPR

Checks that the .npy file FILE has dtype DESCR ('<f4', '<u2', ...) and
shape SHAPE ('4,8'), and that its element at every index i (a tuple, in C
order) equals the Python expression EXPR of i ('i[0] * 8 + i[1]', '0x3FC0').
Prints 'ok: N elements' or the first mismatches, and fails on any. Reads
the file without NumPy, as npy.py does.
"""
import ast
import itertools
import struct
import sys

FORMATS = {'<f4': 'f', '<f8': 'd', '<f2': 'e', '<i4': 'i', '<u4': 'I', '<i2': 'h',
           '<u2': 'H', '|i1': 'b', '|u1': 'B', '<i8': 'q', '<u8': 'Q'}


def main(path, descr, shape_text, expr):
    with open(path, 'rb') as f:
        blob = f.read()
    if blob[:6] != b'\x93NUMPY':
        sys.exit(f'{path}: not a .npy file')
    if blob[6] == 1:
        (hlen,) = struct.unpack('<H', blob[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack('<I', blob[8:12])
        start = 12
    meta = ast.literal_eval(blob[start:start + hlen].decode('latin1').strip())
    shape = tuple(int(d) for d in shape_text.split(',') if d.strip())
    if meta['descr'] != descr or tuple(meta['shape']) != shape or meta['fortran_order']:
        sys.exit(f'{path}: {meta}, expected descr {descr!r} and shape {shape}')
    fmt = FORMATS[descr]
    size = struct.calcsize(fmt)
    data = blob[start + hlen:]
    indices = list(itertools.product(*(range(d) for d in shape)))
    if len(data) != len(indices) * size:
        sys.exit(f'{path}: {len(data)} data bytes, expected {len(indices) * size}')
    bad = 0
    for k, i in enumerate(indices):
        (got,) = struct.unpack('<' + fmt, data[k * size:(k + 1) * size])
        want = eval(expr, {}, {'i': i})
        if got != want:
            bad += 1
            if bad <= 5:
                print(f'{path}: at {i}: got {got!r}, expected {want!r}')
    if bad:
        sys.exit(f'{path}: {bad} of {len(indices)} elements differ')
    print(f'ok: {len(indices)} elements')


if __name__ == '__main__':
    main(*sys.argv[1:])
