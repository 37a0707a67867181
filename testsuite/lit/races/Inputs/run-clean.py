#!/usr/bin/env python3
"""run-clean.py TMPDIR PROGRAM.s...

Assembles each program for its own chip, then runs the object on trn1, trn2
and trn3 with --race-check=error and random inputs. Prints one line per run:
"clean", "not runnable" (a fault other than a race, e.g. an instruction the
chip lacks) or "RACE" with the report. Exits 1 if any run reported a race."""
import os
import subprocess
import sys

tmp, programs = sys.argv[1], sorted(sys.argv[2:])
os.makedirs(tmp, exist_ok=True)
races = 0
for path in programs:
    name = os.path.basename(path)
    obj = os.path.join(tmp, name + ".o")
    subprocess.run(["trn-as", path, "-o", obj], check=True)
    for chip in ("trn1", "trn2", "trn3"):
        r = subprocess.run(["trn-emu", "--chip", chip, "--race-check=error", "--random-inputs",
                            obj], capture_output=True, text=True)
        if "race (" in r.stderr:
            races += 1
            print(f"RACE: {name} on {chip}\n{r.stderr}")
        elif r.returncode == 0:
            print(f"clean: {name} on {chip}")
        else:
            print(f"not runnable: {name} on {chip}: {r.stderr.splitlines()[-1]}")
sys.exit(1 if races else 0)
