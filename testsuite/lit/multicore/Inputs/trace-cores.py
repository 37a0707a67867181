#!/usr/bin/env python3
"""trace-cores.py TRACE.json

Prints the outline of a trn-emu --trace file of a run on several cores, one
line each in a stable form for FileCheck, after checking that the file loads
as JSON, that every event belongs to a named process and that every arrow id
has exactly one start and one end:

  process PID: NAME sort=N              each process (a core), by pid
    thread TID: NAME sort=N             its named tracks, by tid
    slices N                            how many instructions and transfers
  flow P/TRACK@TS -> P/TRACK NAME@TS    each arrow between processes (cores):
                                        the sender's process and track, the
                                        receiving slice's, by arrival
  local flows N                         how many arrows stay within a core
"""
import json
import sys
from collections import defaultdict


def ns(us):
    return f"{round(us * 1e6) / 1000:.3f}"


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    events = doc["traceEvents"]
    procs, psort = {}, {}
    threads, tsort = defaultdict(dict), defaultdict(dict)
    for e in events:
        if e.get("ph") != "M":
            continue
        if e["name"] == "process_name":
            procs[e["pid"]] = e["args"]["name"]
        elif e["name"] == "process_sort_index":
            psort[e["pid"]] = e["args"]["sort_index"]
        elif e["name"] == "thread_name":
            threads[e["pid"]][e["tid"]] = e["args"]["name"]
        elif e["name"] == "thread_sort_index":
            tsort[e["pid"]][e["tid"]] = e["args"]["sort_index"]
    for e in events:
        if e.get("pid") is not None and e["pid"] not in procs:
            sys.exit(f"event of unnamed process {e['pid']}: {e}")
    slices = [e for e in events if e.get("ph") == "X"]
    for pid in sorted(procs):
        print(f"process {pid}: {procs[pid]} sort={psort.get(pid, '-')}")
        for tid in sorted(threads[pid]):
            print(f"  thread {tid}: {threads[pid][tid]} sort={tsort[pid].get(tid, '-')}")
        print(f"  slices {sum(1 for e in slices if e['pid'] == pid)}")
    flows = defaultdict(dict)
    for e in events:
        if e.get("ph") in ("s", "f"):
            if e["ph"] in flows[e["id"]]:
                sys.exit(f"arrow id {e['id']} has two '{e['ph']}' events")
            flows[e["id"]][e["ph"]] = e
    track = lambda pid, tid: threads[pid].get(tid, str(tid)).split(" (")[0]
    lines, local = [], 0
    for fid, p in flows.items():
        if set(p) != {"s", "f"}:
            sys.exit(f"arrow id {fid} lacks an end: {p}")
        s, f = p["s"], p["f"]
        if s["pid"] == f["pid"]:
            local += 1
            continue
        to = [e for e in slices if e["pid"] == f["pid"] and e["tid"] == f["tid"] and e["ts"] == f["ts"]]
        lines.append((f["ts"], f["pid"], f["tid"], s["pid"],
                      f"flow {s['pid']}/{track(s['pid'], s['tid'])}@{ns(s['ts'])} -> "
                      f"{f['pid']}/{track(f['pid'], f['tid'])} "
                      f"{to[0]['name'] if to else '?'}@{ns(f['ts'])}"))
    for line in sorted(lines):
        print(line[-1])
    print(f"local flows {local}")


if __name__ == "__main__":
    main()
