#!/usr/bin/env python3
"""Disassembly round trip of every assembly file of the lit suite.

    roundtrip.py --root DIR [--root DIR...] --work DIR [--min-checked N]

For each *.s under each --root (recursively, Inputs folders included; a root
that does not exist is passed over) that trn-as assembles (files whose RUN
lines expect an error simply fail to assemble and are skipped; the -I and
--chip options of a RUN line are passed on, and without them if that fails;
files marked XFAIL document a known bug and are skipped), this
  1. assembles it:                      a.o
  2. disassembles a.o (trn-objdump -d): a.dis.s
  3. assembles a.dis.s:                 b.o
and requires
  - every .text.* section and .trn.data byte-identical in a.o and b.o,
  - `trn-objdump -t` identical for a.o and b.o,
  - `trn-objdump -d` identical for a.o and b.o (the disassembly is a fixed
    point),
  - `trn-objdump -h` identical but for the number of source files.
Each broken file is named with what differs; the exit status is 1 if any
file broke, or if fewer than --min-checked files were checked (so that the
test cannot pass by skipping everything).
"""
import argparse
import os
import re
import struct
import subprocess
import sys


def sections(path):
    """{name: bytes} of every section of the ELF object at path."""
    data = open(path, "rb").read()
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    names_at = headers[shstrndx][4]
    out = {}
    for name_off, _type, _flags, _addr, offset, size, *_ in headers:
        end = data.index(b"\0", names_at + name_off)
        name = data[names_at + name_off:end].decode()
        out[name] = data[offset:offset + size]
    return out


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def asm_options(source_text, path):
    """The -I and --chip options the file's RUN lines give trn-as (%S is the
    file's folder): they change what the file means, or whether it assembles."""
    opts = []
    for line in source_text.splitlines():
        if "RUN:" not in line or "trn-as" not in line:
            continue
        for m in re.finditer(r"(?:^|\s)(-I|--chip)(?:\s+|=)?([^\s|;&]+)", line):
            value = m.group(2).replace("%S", os.path.dirname(path)).strip("'\"")
            if [m.group(1), value] not in [opts[i:i + 2] for i in range(0, len(opts), 2)]:
                opts += [m.group(1), value]
    return opts


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))


def clip(line, col, width=100):
    """The part of line around column col, at most width characters."""
    start = max(0, col - width // 2)
    text = line[start:start + width]
    return ("..." if start else "") + text + ("..." if start + width < len(line) else "")


def diff_lines(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end>"
        y = lb[i] if i < len(lb) else "<end>"
        if x != y:
            col = first_difference(x, y)
            return "line %d, column %d:\n      original:     %s\n      reassembled:  %s" % (
                i + 1, col + 1, clip(x, col), clip(y, col))
    return "(no line differs)"


def check_file(path, work, index):
    """None if path round-trips or is skipped, else a message; and a status word."""
    text = open(path, encoding="utf-8", errors="replace").read()
    base = os.path.join(work, "%03d-%s" % (index, os.path.basename(path)))
    a_o, dis, b_o = base + ".a.o", base + ".dis.s", base + ".b.o"

    if re.search(r"^\s*(#|//)\s*XFAIL:", text, re.M):
        return None, "skipped (XFAIL: documents a known bug)"
    opts = asm_options(text, path)
    rc, _, err = run(["trn-as", path, "-o", a_o] + opts, cwd=os.path.dirname(path))
    if rc != 0 and opts:
        rc, _, err = run(["trn-as", path, "-o", a_o], cwd=os.path.dirname(path))
    if rc != 0:
        return None, "skipped (does not assemble)"

    rc, d1, err = run(["trn-objdump", "-d", a_o])
    if rc != 0:
        return "trn-objdump -d fails on the assembled object:\n" + err, "broken"
    with open(dis, "w") as f:
        f.write(d1)
    rc, _, err = run(["trn-as", dis, "-o", b_o])
    if rc != 0:
        return "trn-as rejects the disassembly %s:\n%s" % (dis, err), "broken"

    problems = []
    try:
        sa, sb = sections(a_o), sections(b_o)
    except (struct.error, ValueError, IndexError, UnicodeDecodeError) as e:
        return "cannot read the sections of %s or %s: %s" % (a_o, b_o, e), "broken"
    for name in sorted(set(sa) | set(sb)):
        if not (name.startswith(".text.") or name == ".trn.data"):
            continue
        x, y = sa.get(name), sb.get(name)
        if x is None or y is None:
            problems.append("section %s is missing from the %s object" %
                            (name, "original" if x is None else "reassembled"))
        elif x != y:
            problems.append("section %s differs: %d vs %d bytes, first difference at byte 0x%x" %
                            (name, len(x), len(y), first_difference(x, y)))
    for flag in ("-t", "-d", "-h"):
        ra, oa, ea = run(["trn-objdump", flag, a_o])
        rb, ob, eb = run(["trn-objdump", flag, b_o])
        if ra != 0 or rb != 0:
            problems.append("trn-objdump %s fails: %s%s" % (flag, ea, eb))
            continue
        if flag == "-h":  # the disassembly is one file, the original maybe several
            oa = re.sub(r"\d+ source files?", "N source files", oa)
            ob = re.sub(r"\d+ source files?", "N source files", ob)
        if oa != ob:
            problems.append("trn-objdump %s differs, %s" % (flag, diff_lines(oa, ob)))
    if problems:
        return "\n".join("  " + p for p in problems), "broken"
    return None, "ok"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", action="append", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--min-checked", type=int, default=1)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)

    files = []  # (path, the name it is reported under)
    for root in args.root:
        root = os.path.normpath(root)
        if not os.path.isdir(root):
            print("(no folder %s)" % root)
            continue
        top = os.path.dirname(root)
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            files += [(os.path.join(dirpath, f), os.path.relpath(os.path.join(dirpath, f), top))
                      for f in sorted(filenames) if f.endswith(".s")]

    checked, skipped, broken = [], [], []
    for i, (path, rel) in enumerate(files):
        message, status = check_file(path, args.work, i)
        print("%-8s %s" % (status.split()[0], rel))
        if status == "ok":
            checked.append(rel)
        elif status == "broken":
            broken.append(rel)
            sys.stderr.write("ROUNDTRIP FAILURE: %s\n%s\n" % (rel, message))
        else:
            skipped.append(rel)
    print("roundtrip: %d files round-trip, %d skipped, %d broken" %
          (len(checked), len(skipped), len(broken)))
    if broken:
        sys.stderr.write("roundtrip: broken: %s\n" % ", ".join(broken))
        return 1
    if len(checked) < args.min_checked:
        sys.stderr.write("roundtrip: only %d files round-tripped; expected at least %d\n" %
                         (len(checked), args.min_checked))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
