#!/usr/bin/env python3
"""Pins what every example and kernel produces, byte for byte.

  scripts/pin-outputs.py --bin build/bin            compare with the pinned digests
  scripts/pin-outputs.py --bin build/bin --update   record them anew

Runs every program in docs/examples/*/ and testsuite/kernels/ assembled, on trn1,
trn2 and trn3 with fixed random inputs (--random-inputs --seed 7), the default race
check, the text and JSON reports, the Perfetto trace and the text trace, and
writes each output tensor; then compares the SHA-256 of each of those files
and of the exit status with testsuite/pinned/digests.txt. The report's host
figures (seconds, rates) are the only part left out: they are measured, not
emulated.

Why: a faster core (SIMD kernels, batched issue, cached costs, faster
observers) must change nothing a user sees. A changed digest names the
program, the chip and the file that changed; run the two builds' trn-emu on
it and diff.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINS = os.path.join("testsuite", "pinned", "digests.txt")
CHIPS = ["trn1", "trn2", "trn3"]
SEED = "7"


def programs():
    found = []
    for base in ["docs/examples", "testsuite/kernels"]:
        for dirpath, _, files in os.walk(os.path.join(ROOT, base)):
            for f in files:
                if f.endswith(".s"):
                    found.append(os.path.relpath(os.path.join(dirpath, f), ROOT))
    return sorted(p for p in found if not skipped(p))


def outputs_of(program):
    # `.tensor NAME : dtype[shape] output` (docs/assembly.md).
    names = []
    with open(os.path.join(ROOT, program)) as f:
        for line in f:
            m = re.match(r"\s*\.tensor\s+(\w+)\s*:.*\boutput\b", line.split("#")[0])
            if m:
                names.append(m.group(1))
    return names


COLLECTIVE = r"^\s*\w+\.(all_reduce|reduce_scatter|all_gather|all_to_all|sendrecv)\b"


def for_several_cores(program):
    # A kernel with a shared tensor or a collective is written for a chip of
    # cores (docs/multicore.md): it runs on every core of the chip, with the
    # system's report JSON and Perfetto trace (one file of every core).
    with open(os.path.join(ROOT, program)) as f:
        text = f.read()
    return (re.search(r"^\s*\.tensor\s[^#\n]*\bshared\b", text, re.M) is not None
            or re.search(COLLECTIVE, text, re.M) is not None)


def skipped(program):
    # '# pin-outputs: skip (why)': a kernel too large to run on every chip
    # here, checked by its own test (docs/examples/allreduce/allreduce.s).
    with open(os.path.join(ROOT, program)) as f:
        return re.search(r"^#\s*pin-outputs:\s*skip\b", f.read(), re.M) is not None


def sha(data):
    return hashlib.sha256(data).hexdigest()


def without_host(report_json):
    doc = json.loads(report_json)
    doc.pop("host", None)
    return json.dumps(doc, sort_keys=True).encode()


def run_one(bindir, program, chip):
    with tempfile.TemporaryDirectory() as tmp:
        outs = outputs_of(program)
        # Assembled first: a program for one chip runs on another as an object.
        obj = os.path.join(tmp, "prog.o")
        a = subprocess.run([os.path.join(bindir, "trn-as"), program, "-o", obj], cwd=ROOT,
                           capture_output=True, timeout=600)
        if a.returncode:
            return program, chip, {"assemble": sha(a.stderr)}, a.returncode
        if for_several_cores(program):
            cmd = [os.path.join(bindir, "trn-emu"), obj, "--system", f"{chip}-chip",
                   "--random-inputs", "--seed", SEED, "--report",
                   "--report-json", os.path.join(tmp, "report.json"),
                   "--trace", os.path.join(tmp, "trace.json")]
        else:
            cmd = [os.path.join(bindir, "trn-emu"), obj, "--chip", chip, "--random-inputs",
                   "--seed", SEED, "--report", "--report-json", os.path.join(tmp, "report.json"),
                   "--trace", os.path.join(tmp, "trace.json"), "--trace-text"]
        for name in outs:
            cmd += ["--out", f"{name}={os.path.join(tmp, name + '.npy')}"]
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, timeout=1800)
        text = b"".join(l for l in p.stdout.splitlines(keepends=True)
                        if not l.startswith(b"Host: "))
        # A refused run (an MX kernel on trn1) names the object, in tmp.
        digests = {"exit": sha(str(p.returncode).encode()), "stdout": sha(text),
                   "stderr": sha(p.stderr.replace(tmp.encode(), b"<tmp>"))}
        for f, key in [("report.json", "report.json"), ("trace.json", "trace.json")]:
            path = os.path.join(tmp, f)
            if os.path.exists(path):
                data = open(path, "rb").read()
                digests[key] = sha(without_host(data) if key == "report.json" else data)
        for name in outs:
            path = os.path.join(tmp, name + ".npy")
            if os.path.exists(path):
                digests[f"out:{name}"] = sha(open(path, "rb").read())
        return program, chip, digests, p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="folder holding trn-emu")
    ap.add_argument("--update", action="store_true", help="record the digests anew")
    ap.add_argument("--pins", default=os.path.join(ROOT, PINS))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    bindir = os.path.abspath(args.bin)
    jobs = [(p, c) for p in programs() for c in CHIPS]
    got = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for program, chip, digests, _ in pool.map(lambda j: run_one(bindir, *j), jobs):
            for key, d in digests.items():
                got[f"{program} {chip} {key}"] = d
    lines = [f"{k} {v}\n" for k, v in sorted(got.items())]
    if args.update:
        os.makedirs(os.path.dirname(args.pins), exist_ok=True)
        with open(args.pins, "w") as f:
            f.write("# program chip file sha256 (scripts/pin-outputs.py --update)\n")
            f.writelines(lines)
        print(f"pinned {len(lines)} digests of {len(jobs)} runs in {os.path.relpath(args.pins, ROOT)}")
        return 0
    pinned = {}
    with open(args.pins) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            k, v = line.rsplit(" ", 1)
            pinned[k] = v.strip()
    bad = 0
    for k in sorted(set(pinned) | set(got)):
        if pinned.get(k) != got.get(k):
            bad += 1
            what = "missing now" if k not in got else "new" if k not in pinned else "changed"
            print(f"pinned output {what}: {k}")
    if bad:
        print(f"{bad} of {len(pinned)} pinned digests differ: the emulator's outputs changed "
              f"(intended? rerun with --update and say why in the commit)")
        return 1
    print(f"all {len(pinned)} pinned digests of {len(jobs)} runs match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
