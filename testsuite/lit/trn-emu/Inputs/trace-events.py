#!/usr/bin/env python3
"""trace-events.py TRACE.json

Prints the events of a trn-emu --trace file that are not slices, one line
each in a stable form for FileCheck (times in ns with 3 decimals, as
--trace-text writes them), after checking that the file loads as JSON:

  dma TRACK: NAME                       each DMA slice, in time order
  flow FROM@TS -> TO NAME@TS waited W   each arrow: the sender's track and
                                        time, the receiving slice's track,
                                        name, start and waited_ns
  counter NAME: TS=VALUE TS=VALUE ...   each counter, in time order
  instant NAME scope=S track=T at TS    each instant event, then its args
    KEY=VALUE                           one per line, in key order
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
    names = {e["tid"]: e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    track = lambda tid: names.get(tid, str(tid)).split(" (")[0]
    slices = [e for e in events if e.get("ph") == "X"]
    queue_tids = {t for t, n in names.items() if n.startswith("DMA ")}
    for e in sorted((e for e in slices if e["tid"] in queue_tids), key=lambda e: (e["ts"], e["tid"])):
        print(f"dma {track(e['tid'])}: {e['name']}")
    flows = defaultdict(dict)
    for e in events:
        if e.get("ph") in ("s", "f"):
            flows[e["id"]][e["ph"]] = e
    lines = []
    for fid, p in flows.items():
        s, f = p["s"], p["f"]
        to = [e for e in slices if e["tid"] == f["tid"] and e["ts"] == f["ts"]]
        lines.append((f["ts"], f["tid"], s["ts"],
                      f"flow {track(s['tid'])}@{ns(s['ts'])} -> {track(f['tid'])} "
                      f"{to[0]['name'] if to else '?'}@{ns(f['ts'])}"
                      f" waited {to[0]['args'].get('waited_ns') if to else '?'}"))
    for line in sorted(lines):
        print(line[3])
    counters = defaultdict(list)
    for e in events:
        if e.get("ph") == "C":
            counters[e["name"]].append((e["ts"], e["args"]["value"]))
    for name in sorted(counters):
        vals = " ".join(f"{ns(t)}={v:g}" for t, v in sorted(counters[name]))
        print(f"counter {name}: {vals}")
    for e in events:
        if e.get("ph") == "i":
            print(f"instant {e['name']} scope={e.get('s')} track={track(e['tid'])} at {ns(e['ts'])}")
            for k in sorted(e.get("args", {})):
                print(f"  {k}={json.dumps(e['args'][k])}")


if __name__ == "__main__":
    main()
