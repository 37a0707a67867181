#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora from the project's own files.

  make-seeds.py OUT TRN_AS TRN_KERNEL_REF KERNELS_DIR SOURCE...

OUT/asm: every SOURCE .s file (the lit inputs, the test kernels, the
examples), for the assembler and assemble-then-emulate targets.
OUT/obj: the objects trn-as makes of those that assemble.
OUT/npy: the test kernels' inputs and references (trn-kernel-ref) up to
64 KiB, and one small array of every dtype and rank the reader supports, in
.npy versions 1.0, 2.0 and 3.0.
Nothing here is committed: the build writes it (testsuite/fuzz/CMakeLists.txt).
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

MAX_NPY_SEED = 64 * 1024
DESCRS = ['<f4', '<f8', '<f2', '|u1', '|i1', '<u2', '<i2', '<u4', '<i4', '<u8', '<i8', '|b1']
SHAPES = [(), (0,), (3,), (2, 3), (1, 2, 1, 2)]


def seed_name(root, path):
    """A flat, unique file name for a source path: folders joined by '_'."""
    return os.path.relpath(path, root).replace(os.sep, '_')


def npy_bytes(descr, shape, version):
    shape_text = f'({shape[0]},)' if len(shape) == 1 else '(' + ', '.join(map(str, shape)) + ')'
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_text}, }}"
    length_size = 2 if version == 1 else 4
    prefix = 8 + length_size
    header += ' ' * ((64 - (prefix + len(header) + 1) % 64) % 64) + '\n'
    count = 1
    for d in shape:
        count *= d
    size = int(descr[2:])
    data = bytes((k * 37 + 11) % 256 for k in range(count * size))
    length = struct.pack('<H' if version == 1 else '<I', len(header))
    return b'\x93NUMPY' + bytes([version, 0]) + length + header.encode('latin1') + data


def main(argv):
    out, trn_as, kernel_ref, kernels_dir = argv[1:5]
    sources = sorted(set(argv[5:]))
    root = os.path.commonpath(sources)
    dirs = {k: os.path.join(out, k) for k in ('asm', 'obj', 'npy')}
    for d in dirs.values():
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)

    assembled = 0
    for src in sources:
        name = seed_name(root, src)
        shutil.copyfile(src, os.path.join(dirs['asm'], name))
        obj = os.path.join(dirs['obj'], name[:-2] + '.o')
        # Many lit inputs are meant to fail; only what assembles is a seed.
        r = subprocess.run([trn_as, src, '-o', obj], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
        assembled += r.returncode == 0

    with tempfile.TemporaryDirectory() as tmp:
        for kernel in sorted(os.listdir(kernels_dir)):
            if not kernel.endswith('.s'):
                continue
            kdir = os.path.join(tmp, kernel[:-2])
            subprocess.run([kernel_ref, kernel[:-2], kdir], check=True,
                           stdout=subprocess.DEVNULL)
            for f in sorted(os.listdir(kdir)):
                path = os.path.join(kdir, f)
                if f.endswith('.npy') and os.path.getsize(path) <= MAX_NPY_SEED:
                    shutil.copyfile(path, os.path.join(dirs['npy'], f'{kernel[:-2]}_{f}'))
    for descr in DESCRS:
        for shape in SHAPES:
            for version in (1, 2, 3):
                dims = 'x'.join(map(str, shape)) or 'scalar'
                name = f'v{version}_{descr[1:]}_{dims}.npy'
                with open(os.path.join(dirs['npy'], name), 'wb') as f:
                    f.write(npy_bytes(descr, shape, version))

    counts = {k: len(os.listdir(d)) for k, d in dirs.items()}
    print(f'fuzz seeds: {counts["asm"]} .s, {counts["obj"]} objects '
          f'({len(sources) - assembled} sources do not assemble), {counts["npy"]} .npy')


if __name__ == '__main__':
    main(sys.argv)
