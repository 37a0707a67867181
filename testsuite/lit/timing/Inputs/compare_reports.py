#!/usr/bin/env python3
"""compare_reports.py A.json B.json: two --report-json files are equal but
for their "host" object (host time and rates), which both must have."""
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
ok = "host" in a and "host" in b
a.pop("host", None)
b.pop("host", None)
if ok and a == b:
    print(f"ok: the reports are equal but for 'host' ({len(json.dumps(a))} bytes of JSON compared)")
    sys.exit(0)
for k in sorted(set(a) | set(b)):
    if a.get(k) != b.get(k):
        print(f"differ at '{k}': {a.get(k)!r} vs {b.get(k)!r}")
print("FAIL" if ok else "FAIL: a report lacks its 'host' object")
sys.exit(1)
