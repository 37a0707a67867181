#!/usr/bin/env python3
"""races-example.py DOCS/races.md TMPDIR: runs the example at the top of
races.md (the program after `$ cat store.s`, then `$ trn-emu store.s`) and
checks that trn-emu prints the race report shown there, line for line
(warnings aside, which the page leaves out). Exits 1 on a difference."""
import os
import subprocess
import sys

text = open(sys.argv[1]).read()
block = text.split("```\n", 2)[1]
lines = block.splitlines()
cat = lines.index("$ cat store.s")
run = lines.index("$ trn-emu store.s")
program = "\n".join(lines[cat + 1:run]) + "\n"
expected = lines[run + 1:]
os.makedirs(sys.argv[2], exist_ok=True)
with open(os.path.join(sys.argv[2], "store.s"), "w") as f:
    f.write(program)
r = subprocess.run(["trn-emu", "store.s"], cwd=sys.argv[2], capture_output=True, text=True)
got = [l for l in r.stderr.splitlines()
       if "warning:" not in l and not l.startswith(".sem") and l.strip() != "^"
       and not l.strip().startswith("^")]
if r.returncode != 1 or got != expected:
    print(f"races.md's example is stale (exit {r.returncode}); trn-emu printed:")
    print("\n".join(got))
    sys.exit(1)
print("races.md example: ok")
