"""Helpers for object-format.test: pull the example out of the doc, and
check its quoted `xxd` dump against the object's bytes."""
import sys


def blocks(text):
    """(info, body) of every fenced block."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        if lines[i].startswith("```"):
            info, body, i = lines[i][3:].strip(), [], i + 1
            while not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            out.append((info, body))
        i += 1
    return out


def extract(doc, outdir):
    found = blocks(open(doc).read())
    prog = [b for info, b in found if info == "trn-asm"]
    readelf = [b for info, b in found if b and b[0].startswith("$ llvm-readelf-19")]
    xxd = [b for info, b in found if b and b[0].startswith("$ xxd")]
    assert len(prog) == 1 and len(readelf) == 1 and len(xxd) == 1, "the example has changed shape"
    open(f"{outdir}/kernel.s", "w").write("\n".join(prog[0]) + "\n")
    open(f"{outdir}/readelf.quoted", "w").write("\n".join(readelf[0][1:]) + "\n")
    open(f"{outdir}/xxd.quoted", "w").write("\n".join(xxd[0]) + "\n")


def check_xxd(obj, quoted):
    lines = open(quoted).read().strip().split("\n")
    words = lines[0].split()  # $ xxd -s OFFSET -l LENGTH kernel.o
    start, length = int(words[3], 16), int(words[5], 16)
    data = open(obj, "rb").read()[start:start + length]
    for n, line in enumerate(lines[1:]):
        addr, rest = line.split(":", 1)
        hexpart = "".join(rest.strip().split("  ")[0].split())
        want = bytes.fromhex(hexpart)
        got = data[16 * n:16 * n + len(want)]
        if int(addr, 16) != start + 16 * n or got != want:
            sys.exit(f"xxd line {n}: the doc shows {hexpart}, the object has {got.hex()}")


if __name__ == "__main__":
    if sys.argv[1] == "extract":
        extract(sys.argv[2], sys.argv[3])
    else:
        check_xxd(sys.argv[2], sys.argv[3])
