#!/usr/bin/env python3
"""patch-object.py OBJ SECTION OFFSET VALUE

Sets the byte at OFFSET (decimal or 0x...) of ELF section SECTION (e.g.
.text.dve) of the trnemu object OBJ to VALUE, in place: hand-made code that
the assembler would refuse, for the run-time checks of trn-emu.
"""
import struct
import sys

path, section, offset, value = sys.argv[1], sys.argv[2], int(sys.argv[3], 0), int(sys.argv[4], 0)
with open(path, 'rb') as f:
    blob = bytearray(f.read())
assert blob[:4] == b'\x7fELF' and blob[4] == 2 and blob[5] == 1, 'not a little-endian ELF64 file'
shoff, = struct.unpack_from('<Q', blob, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', blob, 0x3A)


def header(i):
    name, _type, _flags, _addr, off, size = struct.unpack_from('<IIQQQQ', blob, shoff + i * shentsize)
    return name, off, size


_, stroff, _ = header(shstrndx)
for i in range(shnum):
    name, off, size = header(i)
    end = blob.index(b'\0', stroff + name)
    if blob[stroff + name:end].decode() == section:
        assert offset < size, f'offset {offset} is beyond {section} ({size} bytes)'
        blob[off + offset] = value
        break
else:
    sys.exit(f'no section {section} in {path}')
with open(path, 'wb') as f:
    f.write(blob)
