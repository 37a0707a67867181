#!/usr/bin/env python3
"""Writes and reads NumPy .npy files without NumPy, for trn-emu's lit tests.

  npy.py write OUT DESCR SHAPE VALUES
      DESCR is a NumPy descr ('<f4', '<f8', '<i4', '<u2', '|u1', ...), SHAPE
      is comma-separated ('4,8'; '' for a 0-d array), VALUES is
      comma-separated numbers, 'arange' (0, 1, 2, ...; 'arange,K=V,...'
      replaces element K by V) or 'fill:V'.
  npy.py write OUT DESCR SHAPE VALUES HEADER_BYTES
      The same as a version 2.0 file whose header is padded with spaces to
      HEADER_BYTES (for headers too long to be safe).
  npy.py raw OUT BYTES
      Writes the Python bytes literal BYTES as is (for corrupt files).
  npy.py head IN OUT N
      Writes the first N bytes of IN to OUT (a truncated file).
  npy.py dump FILE
      Prints the version, the header dict exactly as stored, whether the
      header is padded to a multiple of 64 bytes and ends in '\\n', the data
      size, and every element ('<f4' as float and as hex bits).
"""
import ast
import struct
import sys

FORMATS = {'<f4': 'f', '<f8': 'd', '<f2': 'e', '<i4': 'i', '<u4': 'I', '<i2': 'h',
           '<u2': 'H', '|i1': 'b', '|u1': 'B', '<i8': 'q', '<u8': 'Q'}


def header_bytes(descr, shape, padded_to=None):
    if len(shape) == 1:
        shape_text = f'({shape[0]},)'
    else:
        shape_text = '(' + ', '.join(str(d) for d in shape) + ')'
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_text}, }}"
    if padded_to is not None:
        header += ' ' * (padded_to - len(header) - 1) + '\n'
        return b'\x93NUMPY\x02\x00' + struct.pack('<I', len(header)) + header.encode('latin1')
    total = 10 + len(header) + 1
    header += ' ' * ((64 - total % 64) % 64) + '\n'
    return b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode('latin1')


def write(out, descr, shape_text, values_text, padded_to=None):
    shape = [int(d) for d in shape_text.split(',') if d.strip()]
    count = 1
    for d in shape:
        count *= d
    if values_text.startswith('arange'):
        # 'arange', optionally with overrides: 'arange,10=100,31=-1'
        values = list(range(count))
        for item in values_text.split(',')[1:]:
            k, v = item.split('=')
            values[int(k)] = float(v)
    elif values_text.startswith('fill:'):
        values = [float(values_text[5:])] * count
    else:
        values = [float(v) for v in values_text.split(',') if v.strip()]
    fmt = FORMATS[descr]
    if fmt not in 'fde':
        values = [int(v) for v in values]
    data = b''.join(struct.pack('<' + fmt, v) for v in values)
    with open(out, 'wb') as f:
        f.write(header_bytes(descr, shape, padded_to and int(padded_to)) + data)


def dump(path):
    with open(path, 'rb') as f:
        blob = f.read()
    assert blob[:6] == b'\x93NUMPY', 'bad magic'
    major, minor = blob[6], blob[7]
    if major == 1:
        (hlen,) = struct.unpack('<H', blob[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack('<I', blob[8:12])
        start = 12
    header = blob[start:start + hlen].decode('latin1')
    data = blob[start + hlen:]
    print(f'version {major}.{minor}')
    print(f'header {header.rstrip()!s}')
    print(f'aligned {(start + hlen) % 64 == 0} newline {header.endswith(chr(10))}')
    meta = ast.literal_eval(header.strip())
    fmt = FORMATS[meta['descr']]
    size = struct.calcsize(fmt)
    print(f'data {len(data)} bytes')
    for k in range(len(data) // size):
        chunk = data[k * size:(k + 1) * size]
        (v,) = struct.unpack('<' + fmt, chunk)
        if fmt in 'fde':
            print(f'[{k}] {v!r} 0x{int.from_bytes(chunk, "little"):0{2 * size}X}')
        else:
            print(f'[{k}] {v}')


def main(argv):
    if argv[1] == 'write':
        write(*argv[2:7])
    elif argv[1] == 'raw':
        with open(argv[2], 'wb') as f:
            f.write(ast.literal_eval(argv[3]))
    elif argv[1] == 'head':
        with open(argv[2], 'rb') as f:
            blob = f.read()
        with open(argv[3], 'wb') as f:
            f.write(blob[:int(argv[4])])
    elif argv[1] == 'dump':
        dump(argv[2])
    else:
        sys.exit(f'unknown command {argv[1]}')


if __name__ == '__main__':
    main(sys.argv)
