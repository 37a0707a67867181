#!/usr/bin/env python3
"""Runs docs/tutorial.md as a reader would, and checks what it quotes.

The document is read top to bottom and its fenced blocks are acted on by
their info string (the words after ```):

  trn-asm FILE      a complete program: written to FILE in the shell's
                    current directory at that point of the session (the
                    commands after it assemble and run it). extract-blocks.py
                    checks the same blocks assemble cleanly and round-trip.
  python FILE       a Python script: written to FILE in the current directory.
  console           a shell session. A line starting with "$ " is a command
                    (a line ending in "\\" continues on the next, and a
                    here-document runs to its terminator); the lines after it,
                    up to the next command, are the output it must print
                    (standard output and error together). Matching is exact,
                    line by line, except that
                      - a line starting with "Host: " (the report's host-time
                        line) matches any such line;
                      - "..." inside a line matches any text, and a line that
                        is only "..." matches any number of lines.
                    Every command must exit with 0 (a page that shows a
                    failing command writes `; echo "exit code: $?"`).
  console numpy     the same, run only when `python3 -c "import numpy"`
                    succeeds in the session; otherwise reported as skipped.
  text              prose in a box (a diagram): not run.

Any other info string (including none) is an error, so that nothing in the
page escapes the test.

All commands run in one bash session, in order, so `cd` and `export` carry
over. The session starts in a stand-in for the trnemu checkout (OUT/checkout,
whose build/bin is a link to the folder holding the tools under test), with
HOME=OUT/home, so the page's `export PATH="$PWD/build/bin:$PATH"` and
`cd ~/...` work without touching the real tree or home.

Usage: tutorial-run.py --doc DOC --out DIR [--bin DIR] [--update]
Problems are reported as DOC:LINE: error: ... and make the exit status 1.
With --update, an output that differs is written into DOC instead (its
"Host: " and "..." lines kept where they still match); read the diff before
committing it: the prose around it may need the new figures too.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys

MARK = "\x1eTUTORIAL-MARK"
KINDS = {"trn-asm", "python", "console", "text"}


class Block:
    def __init__(self, line, info, lines):
        self.line = line          # 1-based line of the opening fence
        words = info.split()
        self.kind = words[0] if words else ""
        self.args = words[1:]
        self.lines = lines        # (line number, text) of the body


def read_blocks(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    blocks, i = [], 0
    while i < len(lines):
        m = re.match(r"^(`{3,}|~{3,})(.*)$", lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2).strip(), i + 1
        body, i = [], i + 1
        while i < len(lines) and not (lines[i].startswith(fence[0] * len(fence))
                                      and lines[i].strip() == fence[0] * len(lines[i].strip())):
            body.append((i + 1, lines[i]))
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path}:{start}: error: unterminated code block")
        blocks.append(Block(start, info, body))
        i += 1
    return blocks


def parse_console(block):
    """[(line, command, [expected output lines])] of a console block."""
    items, body, k = [], block.lines, 0
    while k < len(body):
        n, text = body[k]
        if not text.startswith("$ "):
            raise ValueError(f"{n}: output before the first command: {text!r}")
        cmd = [text[2:]]
        k += 1
        while cmd[-1].endswith("\\") and k < len(body):
            cmd.append(body[k][1])
            k += 1
        here = re.search(r"<<-?\s*'?([A-Za-z_]+)'?", "\n".join(cmd))
        if here:
            while k < len(body):
                cmd.append(body[k][1])
                k += 1
                if cmd[-1].strip() == here.group(1):
                    break
            else:
                raise ValueError(f"{n}: here-document without its terminator {here.group(1)}")
        out, first = [], body[k][0] if k < len(body) else None
        while k < len(body) and not body[k][1].startswith("$ "):
            out.append(body[k][1])
            k += 1
        items.append((n, "\n".join(cmd), out, first))
    return items


def line_matches(want, got):
    if want.startswith("Host: ") and got.startswith("Host: "):
        return True
    if "..." not in want:
        return want == got
    parts = [re.escape(p) for p in want.split("...")]
    return re.fullmatch(".*".join(parts), got) is not None


def output_matches(want, got):
    """Matches expected lines (with "..." lines) against actual lines."""
    memo = {}

    def rec(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(want):
            r = j == len(got)
        elif want[i] == "...":
            r = any(rec(i + 1, jj) for jj in range(j, len(got) + 1))
        else:
            r = j < len(got) and line_matches(want[i], got[j]) and rec(i + 1, j + 1)
        memo[(i, j)] = r
        return r

    return rec(0, 0)


class Session:
    def __init__(self, cwd, env):
        self.p = subprocess.Popen(["bash", "--noprofile", "--norc"], cwd=cwd, env=env,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.cwd = cwd

    def run(self, cmd):
        """(exit code, output) of one command; the session's cwd follows it."""
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.write(f"printf '{MARK} %d %s\\n' \"$?\" \"$PWD\"\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("the shell ended unexpectedly")
            if MARK in line:
                before, after = line.split(MARK, 1)
                if before:
                    out.append(before)
                rc, cwd = after.strip().split(" ", 1)
                self.cwd = cwd
                return int(rc), "".join(out)
            out.append(line)

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--doc", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--bin", help="folder of the tools (default: where trn-emu is on PATH)")
    ap.add_argument("--update", action="store_true",
                    help="write differing outputs into the document")
    opts = ap.parse_args()

    doc = opts.doc
    shown = "docs/" + os.path.basename(doc) if os.path.basename(os.path.dirname(doc)) == "docs" else doc
    tools = opts.bin or os.path.dirname(shutil.which("trn-emu") or "")
    if not tools or not os.path.exists(os.path.join(tools, "trn-emu")):
        print(f"{shown}: error: cannot find the tools (trn-emu on PATH or --bin)", file=sys.stderr)
        return 1
    out = os.path.abspath(opts.out)
    checkout, home = os.path.join(out, "checkout"), os.path.join(out, "home")
    os.makedirs(os.path.join(checkout, "build"), exist_ok=True)
    os.makedirs(home, exist_ok=True)
    link = os.path.join(checkout, "build", "bin")
    if not os.path.islink(link):
        os.symlink(os.path.abspath(tools), link)

    env = dict(os.environ)
    env["HOME"] = home
    env["LC_ALL"] = "C"
    failures, ran, skipped = [], 0, 0
    updates = []  # (first line, number of lines, new lines) of the document

    def fail(line, msg, detail=""):
        text = f"{shown}:{line}: error: {msg}"
        if detail:
            text += "\n" + "\n".join("  | " + l for l in detail.rstrip("\n").split("\n"))
        failures.append(text)

    session = Session(checkout, env)
    have_numpy = None
    try:
        for b in read_blocks(doc):
            if b.kind not in KINDS:
                fail(b.line, f"code block of unknown kind '{b.kind}': expected one of "
                             f"{', '.join(sorted(KINDS))} (every block is checked)")
                continue
            if b.kind in ("trn-asm", "python"):
                if len(b.args) != 1 or "/" in b.args[0]:
                    fail(b.line, f"a {b.kind} block names the file it is saved as: ```{b.kind} NAME")
                    continue
                with open(os.path.join(session.cwd, b.args[0]), "w") as f:
                    f.write("\n".join(t for _, t in b.lines) + "\n")
                continue
            if b.kind != "console":
                continue
            if b.args not in ([], ["numpy"]):
                fail(b.line, "a console block takes no argument but 'numpy'")
                continue
            if b.args == ["numpy"]:
                if have_numpy is None:
                    have_numpy = session.run("python3 -c 'import numpy' 2>/dev/null")[0] == 0
                if not have_numpy:
                    skipped += 1
                    continue
            try:
                items = parse_console(b)
            except ValueError as e:
                line, msg = str(e).split(": ", 1)
                fail(int(line), msg)
                continue
            for line, cmd, want, first in items:
                ran += 1
                rc, got = session.run(cmd)
                got_lines = got.split("\n")
                if got_lines and got_lines[-1] == "":
                    got_lines.pop()
                if rc != 0:
                    fail(line, f"this command exits with {rc} (show failures with "
                               f"'; echo \"exit code: $?\"')", got)
                elif not output_matches(want, got_lines) and opts.update and "..." not in want:
                    new = []
                    for g in got_lines:
                        kept = [w for w in want if w != g and line_matches(w, g)]
                        new.append(kept[0] if kept else g)
                    updates.append((first or line + 1, len(want), new))
                elif not output_matches(want, got_lines):
                    diff = "".join(difflib.unified_diff([w + "\n" for w in want],
                                                        [g + "\n" for g in got_lines],
                                                        f"document (line {line})", "actual"))
                    fail(line, "the output differs from the one the document shows", diff)
    finally:
        session.close()

    if updates:
        with open(doc, encoding="utf-8") as f:
            text = f.read().split("\n")
        for first, count, new in sorted(updates, reverse=True):
            text[first - 1:first - 1 + count] = new
        with open(doc, "w", encoding="utf-8") as f:
            f.write("\n".join(text))
        print(f"{shown}: {len(updates)} outputs updated")
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{shown}: {ran} commands run, {skipped} numpy blocks skipped"
          f"{' (no numpy)' if skipped else ''}; {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
