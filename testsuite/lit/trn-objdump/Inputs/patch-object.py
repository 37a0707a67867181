#!/usr/bin/env python3
"""Damages a trnemu object in one precise way, for trn-objdump's error tests.

    patch-object.py IN OUT ACTION [ARGS...]

Actions (offsets are decimal or 0x hex):
    truncate N            keep the first N bytes
    half                  keep the first half
    byte OFF VAL          set the byte at file offset OFF
    u16 OFF VAL / u64 OFF VAL
                          set a little-endian field at file offset OFF
    shoff-beyond          point e_shoff past the end of the file
    sect SECTION OFF u8|u32|u64 VAL
                          set a field at byte OFF of SECTION's contents
    sect-bits SECTION OFF MASK VAL
                          set the bits MASK of the byte at OFF of SECTION to VAL
    shdr SECTION FIELD VAL
                          set FIELD (type, offset, size or entsize) of
                          SECTION's header
    rename SECTION NEW    rename SECTION (NEW no longer than the old name)
    sym-rename OLD NEW    rename symbol OLD in .strtab (NEW as long as OLD)
    sym-value NAME VAL    set the st_value of symbol NAME; VAL 'end' means the
                          size of the section the symbol is in
    str-byte SECTION TEXT POS VAL
                          set the byte POS bytes into the first occurrence of
                          TEXT in SECTION's contents (a string table)
    share-init            give every tensor without initial data the first
                          initialised tensor's (.trn.tensors records share
                          one block of .trn.data)
    info SECTION          print SECTION's file offset and size, change nothing

The ELF is parsed here (sections found by name through .shstrtab), so the
tests do not depend on where the writer happens to place anything.
"""
import struct
import sys


def die(msg):
    sys.stderr.write("patch-object.py: " + msg + "\n")
    sys.exit(1)


def num(text):
    return int(text, 0)


class Elf:
    def __init__(self, data):
        self.data = data
        if data[:4] != b"\x7fELF" or len(data) < 64:
            die("not an ELF file of at least 64 bytes")
        (self.shoff,) = struct.unpack_from("<Q", data, 0x28)
        self.shentsize, self.shnum, self.shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        self.sections = []
        for i in range(self.shnum):
            off = self.shoff + i * self.shentsize
            name, typ, flags, addr, offset, size, link, info, align, entsize = struct.unpack_from(
                "<IIQQQQIIQQ", data, off)
            self.sections.append(dict(name_off=name, type=typ, offset=offset, size=size,
                                      link=link, info=info, entsize=entsize, index=i))
        strtab = self.sections[self.shstrndx]
        for s in self.sections:
            s["name"] = self.cstr(strtab["offset"] + s["name_off"])

    def cstr(self, off):
        end = self.data.index(b"\0", off)
        return self.data[off:end].decode()

    def section(self, name):
        for s in self.sections:
            if s["name"] == name:
                return s
        die("no section " + name)


FORMATS = {"u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q"}


def main(argv):
    if len(argv) < 4:
        die("usage: patch-object.py IN OUT ACTION [ARGS...]")
    src, dst, action, args = argv[1], argv[2], argv[3], argv[4:]
    data = bytearray(open(src, "rb").read())
    if action == "truncate":
        data = data[:num(args[0])]
    elif action == "half":
        data = data[:len(data) // 2]
    elif action == "byte":
        data[num(args[0])] = num(args[1])
    elif action in ("u16", "u64"):
        struct.pack_into(FORMATS[action], data, num(args[0]), num(args[1]))
    elif action == "shoff-beyond":
        struct.pack_into("<Q", data, 0x28, len(data) + 0x1000)
    elif action == "sect":
        s = Elf(data).section(args[0])
        off, fmt, val = num(args[1]), FORMATS[args[2]], num(args[3])
        if off + struct.calcsize(fmt) > s["size"]:
            die("offset %d is outside %s (%d bytes)" % (off, args[0], s["size"]))
        struct.pack_into(fmt, data, s["offset"] + off, val)
    elif action == "sect-bits":
        s = Elf(data).section(args[0])
        off, mask, val = num(args[1]), num(args[2]), num(args[3])
        if off >= s["size"]:
            die("offset %d is outside %s (%d bytes)" % (off, args[0], s["size"]))
        b = data[s["offset"] + off]
        data[s["offset"] + off] = (b & ~mask & 0xFF) | (val & mask)
    elif action == "shdr":
        elf = Elf(data)
        s = elf.section(args[0])
        field = {"type": (4, "<I"), "offset": (24, "<Q"), "size": (32, "<Q"),
                 "entsize": (56, "<Q")}[args[1]]
        struct.pack_into(field[1], data, elf.shoff + s["index"] * elf.shentsize + field[0],
                         num(args[2]))
    elif action == "rename":
        elf = Elf(data)
        s, new = elf.section(args[0]), args[1].encode()
        if len(new) > len(args[0]):
            die("the new name is longer than the old one")
        at = elf.sections[elf.shstrndx]["offset"] + s["name_off"]
        data[at:at + len(new) + 1] = new + b"\0"
    elif action == "sym-rename":
        elf = Elf(data)
        strtab = elf.sections[elf.section(".symtab")["link"]]
        old, new = args[0].encode() + b"\0", args[1].encode() + b"\0"
        if len(old) != len(new):
            die("the new name must be as long as the old one")
        table = bytes(data[strtab["offset"]:strtab["offset"] + strtab["size"]])
        at = table.find(b"\0" + old)
        if at < 0:
            die("no symbol name " + args[0])
        start = strtab["offset"] + at + 1
        data[start:start + len(new)] = new
    elif action == "sym-value":
        elf = Elf(data)
        symtab = elf.section(".symtab")
        strtab = elf.sections[symtab["link"]]
        for k in range(symtab["size"] // 24):
            off = symtab["offset"] + 24 * k
            name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", data, off)
            if elf.cstr(strtab["offset"] + name) == args[0]:
                val = elf.sections[shndx]["size"] if args[1] == "end" else num(args[1])
                struct.pack_into("<Q", data, off + 8, val)
                break
        else:
            die("no symbol " + args[0])
    elif action == "str-byte":
        s = Elf(data).section(args[0])
        table = bytes(data[s["offset"]:s["offset"] + s["size"]])
        at = table.find(args[1].encode())
        if at < 0:
            die("no '%s' in %s" % (args[1], args[0]))
        data[s["offset"] + at + num(args[2])] = num(args[3])
    elif action == "share-init":
        # TensorRecord: HasInit is the byte at 7, InitOffset the u64 at 80.
        s = Elf(data).section(".trn.tensors")
        records = [s["offset"] + 104 * k for k in range(s["size"] // 104)]
        inits = [r for r in records if data[r + 7]]
        if not inits:
            die("no tensor has initial data")
        (shared,) = struct.unpack_from("<Q", data, inits[0] + 80)
        for r in records:
            data[r + 7] = 1
            struct.pack_into("<Q", data, r + 80, shared)
    elif action == "info":
        s = Elf(data).section(args[0])
        print("%s offset 0x%x size 0x%x" % (args[0], s["offset"], s["size"]))
        return
    else:
        die("unknown action " + action)
    open(dst, "wb").write(bytes(data))


if __name__ == "__main__":
    main(sys.argv)
