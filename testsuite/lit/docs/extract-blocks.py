#!/usr/bin/env python3
"""Extracts and checks the assembly examples of a Markdown document.

Fenced blocks are recognised by their info string (the word after ```):

  trn-asm           a complete program. It must assemble with trn-as without
                    any diagnostic, and its `trn-objdump -d` output must
                    assemble again to a program with the same disassembly.
  trn-asm-fragment  a snippet that is not a complete program: not checked.
  trn-asm-file NAME a file other blocks include: written as NAME next to them.
  trn-asm-error     a program that must fail: trn-as must exit with 2, and the
                    block that follows it (```text) must hold trn-as's
                    standard error exactly. The program is assembled as
                    `example.s` in a folder of its own, error-1, error-2, ...
                    in document order, next to expected.txt (the text the
                    document shows) and check.txt (FileCheck lines for it).
  trn-asm-warning   a program that assembles (exit code 0) with warnings: the
                    ```text block after it holds trn-as's standard error
                    exactly. Assembled as example.s in warning-1, ...
  trn-objdump-d     the exact `trn-objdump -d` output of the trn-asm block
                    before it.

Usage: extract-blocks.py --doc DOC --out DIR [--trn-as TRN_AS]
                         [--trn-objdump TRN_OBJDUMP]
Every problem is reported as DOC:LINE (the line of the block's opening
fence) and makes the exit status 1.
"""

import argparse
import os
import re
import subprocess
import sys

KNOWN = {"trn-asm", "trn-asm-fragment", "trn-asm-file", "trn-asm-error", "trn-asm-warning",
         "trn-objdump-d"}


class Block:
    def __init__(self, line, info, text):
        self.line = line  # 1-based line of the opening fence
        words = info.split()
        self.kind = words[0] if words else ""
        self.args = words[1:]
        self.text = text


def read_blocks(path):
    blocks = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(`{3,}|~{3,})(.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        start = i + 1
        body = []
        i += 1
        while i < len(lines):
            close = re.match(r"^\s*(`{3,}|~{3,})\s*$", lines[i])
            if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= len(fence):
                break
            line = lines[i]
            if indent and line.startswith(indent):
                line = line[len(indent):]
            body.append(line)
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path}:{start}: error: unterminated code block")
        blocks.append(Block(start, info, "\n".join(body) + "\n"))
        i += 1
    return blocks


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def filecheck_lines(expected):
    """FileCheck directives that match `expected` line by line, in full."""
    out = []
    first = True
    for line in expected.rstrip("\n").split("\n"):
        if line == "":
            out.append("CHECK-EMPTY:")
        else:
            # {{ and [[ start FileCheck regexes and variables: match them literally.
            pat = line.replace("{{", "{{[{][{]}}").replace("[[", "{{[[][[]}}")
            # With --strict-whitespace --match-full-lines, FileCheck keeps the
            # text right after the colon, leading spaces included.
            out.append(("CHECK:" if first else "CHECK-NEXT:") + pat)
        first = False
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--doc", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--trn-as", default="trn-as")
    ap.add_argument("--trn-objdump", default="trn-objdump")
    opts = ap.parse_args()

    doc = opts.doc
    shown = "docs/" + os.path.basename(doc) if os.path.basename(os.path.dirname(doc)) == "docs" else doc
    os.makedirs(opts.out, exist_ok=True)
    blocks = read_blocks(doc)
    failures = []

    def fail(block, msg, detail=""):
        text = f"{shown}:{block.line}: error: {msg}"
        if detail:
            text += "\n" + "\n".join("  | " + l for l in detail.rstrip("\n").split("\n"))
        failures.append(text)

    # Included files first, so any block may include any of them.
    for b in blocks:
        if b.kind == "trn-asm-file":
            if len(b.args) != 1 or "/" in b.args[0]:
                fail(b, "trn-asm-file needs one file name")
                continue
            with open(os.path.join(opts.out, b.args[0]), "w") as f:
                f.write(b.text)

    counts = {"trn-asm": 0, "trn-asm-error": 0, "trn-asm-warning": 0, "trn-objdump-d": 0}
    previous_asm = None  # (block, object path) of the last trn-asm block
    for n, b in enumerate(blocks):
        if b.kind.startswith("trn-") and b.kind not in KNOWN:
            fail(b, f"unknown block kind '{b.kind}' (expected one of {', '.join(sorted(KNOWN))})")
            continue
        if b.kind == "trn-asm":
            counts["trn-asm"] += 1
            name = f"block-{b.line}"
            src = os.path.join(opts.out, name + ".s")
            with open(src, "w") as f:
                f.write(b.text)
            rc, out, err = run([opts.trn_as, name + ".s", "-o", name + ".o"], opts.out)
            if rc != 0 or err:
                fail(b, f"this trn-asm block does not assemble cleanly (trn-as exit code {rc})", err)
                previous_asm = None
                continue
            previous_asm = (b, os.path.join(opts.out, name + ".o"))
            # The disassembly assembles again, to the same disassembly.
            rc, dis1, err = run([opts.trn_objdump, "-d", name + ".o"], opts.out)
            if rc != 0:
                fail(b, "trn-objdump -d fails on this block's object", err)
                continue
            with open(os.path.join(opts.out, name + ".dis.s"), "w") as f:
                f.write(dis1)
            rc, _, err = run([opts.trn_as, name + ".dis.s", "-o", name + ".dis.o"], opts.out)
            if rc != 0:
                fail(b, "the disassembly of this block does not assemble", err)
                continue
            rc, dis2, err = run([opts.trn_objdump, "-d", name + ".dis.o"], opts.out)
            if rc != 0 or dis1 != dis2:
                fail(b, "the disassembly of this block does not round-trip", err)
        elif b.kind == "trn-objdump-d":
            counts["trn-objdump-d"] += 1
            if previous_asm is None:
                fail(b, "a trn-objdump-d block must follow a trn-asm block that assembles")
                continue
            rc, dis, err = run([opts.trn_objdump, "-d", os.path.basename(previous_asm[1])], opts.out)
            if rc != 0 or dis != b.text:
                import difflib
                diff = "".join(difflib.unified_diff(b.text.splitlines(True), dis.splitlines(True),
                                                    "document", "trn-objdump -d"))
                fail(b, f"this is not what trn-objdump -d prints for the block at line "
                        f"{previous_asm[0].line}", diff or err)
        elif b.kind in ("trn-asm-error", "trn-asm-warning"):
            counts[b.kind] += 1
            what = b.kind[len("trn-asm-"):]
            want_rc = 2 if what == "error" else 0
            folder = os.path.join(opts.out, f"{what}-{counts[b.kind]}")
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, "example.s"), "w") as f:
                f.write(b.text)
            follow = blocks[n + 1] if n + 1 < len(blocks) else None
            if follow is None or follow.kind != "text":
                fail(b, f"a {b.kind} block must be followed by a ```text block with trn-as's output")
                continue
            with open(os.path.join(folder, "expected.txt"), "w") as f:
                f.write(follow.text)
            with open(os.path.join(folder, "check.txt"), "w") as f:
                f.write(filecheck_lines(follow.text))
            rc, out, err = run([opts.trn_as, "example.s", "-o", "example.o"], folder)
            with open(os.path.join(folder, "actual.txt"), "w") as f:
                f.write(err)
            if rc != want_rc:
                fail(b, f"this {b.kind} block should make trn-as exit with {want_rc}, not {rc}", err)
            elif err != follow.text:
                import difflib
                diff = "".join(difflib.unified_diff(follow.text.splitlines(True), err.splitlines(True),
                                                    f"document (line {follow.line})", "trn-as"))
                fail(b, "trn-as's messages differ from the ones the document shows", diff)

    for f in failures:
        print(f, file=sys.stderr)
    print(f"{shown}: {counts['trn-asm']} programs, {counts['trn-asm-error']} error examples, "
          f"{counts['trn-asm-warning']} warning examples, {counts['trn-objdump-d']} disassemblies "
          f"checked; {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
