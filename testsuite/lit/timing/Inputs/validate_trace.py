#!/usr/bin/env python3
"""Checks a trn-emu --trace JSON file against the --trace-text of the same run.

    validate_trace.py TRACE.json TRACE.txt

TRACE.txt is the stdout of trn-emu --trace-text (same program, chip and
inputs). Checks, each printed as "ok:" or "FAIL:":
  - the file is valid JSON: {"traceEvents": [...]} (Chrome Trace Event format);
  - a process_name metadata event;
  - a thread_name for every engine track and for every DMA queue track that
    has a slice;
  - one X slice per instruction: as many on the engine tracks as the text has
    instruction lines, per engine in the same order, with the same start, end,
    cycles and mnemonic (name = mnemonic), and args operands, source,
    start_cycle, end_cycle, waited_ns (waited_on when waited_ns > 0); one X
    slice per DMA line on the queue's track, with the same times;
  - DMA slices are named "SRC -> DST";
  - flow events: every id has exactly one "s" and one "f"; each "f" is at the
    start of a slice on its track whose instruction waits (its operands have
    "wait("), and its "s" is no later, inside a slice of an engine or DMA
    queue track; every slice that waited (waited_ns > 0) has an arrow;
  - counter events "HBM GB/s", "SBUF bytes in use" and "PSUM bytes in use",
    and "semaphore sN ..." counters, each starting at ts 0 (their names and
    last values are printed);
  - timestamps and durations non-negative; the slices of one track do not
    overlap.
Exits 1 if a check fails.
"""

import json
import re
import sys
from collections import defaultdict

INSTR = re.compile(r"^\s*([0-9.]+)\s+([0-9.]+)\s+(PE|DVE|ACT|POOL|SP)\s+(\d+)\s+(pe|dve|act|pool|sp)\.(\w+)")
DMA = re.compile(r"^\s*([0-9.]+)\s+([0-9.]+)\s+q(\d+)\.(\d+)\s+-\s+dma of (\d+) bytes")

fails = []


def check(cond, msg):
    print(("ok:   " if cond else "FAIL: ") + msg)
    if not cond:
        fails.append(msg)
    return cond


def ps(us):
    """A trace timestamp (microseconds) in picoseconds."""
    return round(us * 1e6)


def main():
    trace_path, text_path = sys.argv[1], sys.argv[2]
    try:
        with open(trace_path) as f:
            doc = json.load(f)
        check(True, f"{trace_path} is valid JSON")
    except ValueError as e:
        check(False, f"{trace_path} is valid JSON: {e}")
        return 1
    events = doc.get("traceEvents") if isinstance(doc, dict) else None
    if not check(isinstance(events, list), "a traceEvents array"):
        return 1
    text_instrs, text_dmas = defaultdict(list), defaultdict(list)
    for line in open(text_path):
        m = INSTR.match(line)
        if m:
            text_instrs[m.group(3)].append((round(float(m.group(1)) * 1000), round(float(m.group(2)) * 1000),
                                            int(m.group(4)), m.group(6)))
            continue
        m = DMA.match(line)
        if m:
            text_dmas[int(m.group(3)) * 16 + int(m.group(4))].append(
                (round(float(m.group(1)) * 1000), round(float(m.group(2)) * 1000)))
    n_text = sum(len(v) for v in text_instrs.values())
    print(f"text trace: {n_text} instruction lines, {sum(len(v) for v in text_dmas.values())} DMA lines")

    meta = [e for e in events if e.get("ph") == "M"]
    check(any(e.get("name") == "process_name" and e.get("args", {}).get("name") for e in meta),
          "a process_name metadata event")
    thread_names = {e["tid"]: e["args"]["name"] for e in meta if e.get("name") == "thread_name"}
    engine_tid = {}
    for tid, name in thread_names.items():
        eng = name.split()[0]
        if eng in ("PE", "DVE", "ACT", "POOL", "SP"):
            engine_tid[eng] = tid
    check(sorted(engine_tid) == sorted(["PE", "DVE", "ACT", "POOL", "SP"]),
          f"a thread_name for every engine: {sorted(engine_tid)}")

    slices = [e for e in events if e.get("ph") == "X"]
    by_tid = defaultdict(list)
    for e in slices:
        by_tid[e["tid"]].append(e)
    engine_tids = set(engine_tid.values())
    queue_tids = set(by_tid) - engine_tids
    unnamed = [t for t in queue_tids if t not in thread_names]
    check(not unnamed, f"a thread_name for every DMA queue track with slices "
                       f"({', '.join(thread_names.get(t, str(t)) for t in sorted(queue_tids))})")

    # Instructions.
    n_json = sum(len(by_tid[t]) for t in engine_tids)
    check(n_json == n_text, f"{n_json} X slices on engine tracks = {n_text} instruction lines of --trace-text")
    required = ["operands", "source", "start_cycle", "end_cycle", "waited_ns"]
    bad_args, mismatch = [], []
    for eng, tid in engine_tid.items():
        js = sorted(by_tid[tid], key=lambda e: e["ts"])
        tx = sorted(text_instrs.get(eng, []))
        for e, t in zip(js, tx):
            a = e.get("args", {})
            if any(k not in a for k in required) or (a.get("waited_ns", 0) > 0 and "waited_on" not in a):
                bad_args.append(f"{eng} {e.get('name')} at {e['ts']}")
            got = (ps(e["ts"]), ps(e["ts"]) + ps(e["dur"]), a.get("cycles"), e.get("name"))
            if got != t and (ps(e["ts"]), ps(e["ts"] + e["dur"]), a.get("cycles"), e.get("name")) != t:
                mismatch.append(f"{eng}: json {got} vs text {t}")
            if not str(a.get("operands", "")).startswith(f"{eng.lower()}.{e.get('name')}"):
                mismatch.append(f"{eng}: name {e.get('name')} vs operands {a.get('operands')}")
            if not isinstance(a.get("start_cycle"), int) or not isinstance(a.get("end_cycle"), int) or \
                    not a["start_cycle"] <= a["end_cycle"]:
                bad_args.append(f"{eng} {e.get('name')}: start/end cycles {a.get('start_cycle')}/{a.get('end_cycle')}")
            if not str(a.get("source", "")).count(":") >= 2:
                bad_args.append(f"{eng} {e.get('name')}: source '{a.get('source')}'")
    check(not bad_args, "every instruction slice has args " + ", ".join(required) +
          (f" ({len(bad_args)} bad: {bad_args[:3]})" if bad_args else ""))
    check(not mismatch, "instruction slices match --trace-text per engine: start, end, cycles, name = mnemonic" +
          (f" ({len(mismatch)} differ: {mismatch[:3]})" if mismatch else ""))
    # DMA transfers.
    dma_mismatch = []
    n_dma_json = 0
    for tid in queue_tids:
        m = re.match(r"DMA q(\d+)\.(\d+)$", thread_names.get(tid, ""))
        if not m:
            dma_mismatch.append(f"track {tid} is named '{thread_names.get(tid)}'")
            continue
        q = int(m.group(1)) * 16 + int(m.group(2))
        js = sorted((ps(e["ts"]), ps(e["ts"] + e["dur"])) for e in by_tid[tid])
        n_dma_json += len(js)
        if js != sorted(text_dmas.get(q, [])) and \
                sorted((ps(e["ts"]), ps(e["ts"]) + ps(e["dur"])) for e in by_tid[tid]) != sorted(text_dmas.get(q, [])):
            dma_mismatch.append(f"q{q // 16}.{q % 16}: {js} vs {text_dmas.get(q)}")
    unnamed_dma = [e.get("name") for t in queue_tids for e in by_tid[t] if " -> " not in str(e.get("name"))]
    check(not unnamed_dma, "DMA slices are named 'SRC -> DST'" + (f" ({unnamed_dma[:3]})" if unnamed_dma else ""))
    n_dma_text = sum(len(v) for v in text_dmas.values())
    check(n_dma_json == n_dma_text and not dma_mismatch,
          f"{n_dma_json} DMA slices match the {n_dma_text} DMA lines of --trace-text" +
          (f" ({dma_mismatch[:3]})" if dma_mismatch else ""))

    # Flows.
    flows = defaultdict(lambda: {"s": [], "f": []})
    for e in events:
        if e.get("ph") in ("s", "f"):
            flows[e.get("id")][e["ph"]].append(e)
    paired = all(len(v["s"]) == 1 and len(v["f"]) == 1 for v in flows.values())
    check(len(flows) > 0 and paired, f"{len(flows)} flows, each id with exactly one 's' and one 'f'")
    bad_flow = []
    arrowed = set()
    for fid, v in flows.items():
        if not (len(v["s"]) == 1 and len(v["f"]) == 1):
            continue
        s, f = v["s"][0], v["f"][0]
        target = [e for e in by_tid.get(f["tid"], []) if ps(e["ts"]) == ps(f["ts"])]
        if not target or "wait(" not in str(target[0].get("args", {}).get("operands", "")):
            bad_flow.append(f"flow {fid}: 'f' at {f['ts']} on track {f['tid']} is not the start of a slice with waits")
        else:
            arrowed.add(id(target[0]))
        inside = [e for e in by_tid.get(s["tid"], []) if ps(e["ts"]) <= ps(s["ts"]) < ps(e["ts"] + e["dur"])]
        if s["ts"] > f["ts"] or not inside:
            bad_flow.append(f"flow {fid}: 's' at {s['ts']} on track {s['tid']}")
    check(not bad_flow, "every 'f' is at the start of a slice with waits; every 's' is earlier, inside a slice" +
          (f" ({bad_flow[:3]})" if bad_flow else ""))
    waited = [e for e in slices if e.get("args", {}).get("waited_ns", 0) > 0]
    with_waits = [e for t in engine_tids for e in by_tid[t]
                  if "wait(" in str(e.get("args", {}).get("operands", ""))]
    check(all(id(e) in arrowed for e in waited),
          f"{len(flows)} flows into {len(arrowed)} of {len(with_waits)} instructions with waits; "
          f"all {len(waited)} that waited have one")

    # Counters.
    counters = defaultdict(list)
    for e in events:
        if e.get("ph") == "C":
            counters[e.get("name")].append(e)
    for name in ["HBM GB/s", "SBUF bytes in use", "PSUM bytes in use"]:
        ok = len(counters[name]) > 0 and all("value" in e.get("args", {}) and e["args"]["value"] >= 0
                                              for e in counters[name])
        check(ok, f"counter '{name}': {len(counters[name])} events, values >= 0")
    sems = sorted(n for n in counters if str(n).startswith("semaphore s"))
    bad_sem = [n for n in sems if min(e["ts"] for e in counters[n]) != 0]
    check(not bad_sem, f"{len(sems)} semaphore counters, each from ts 0" + (f" ({bad_sem})" if bad_sem else ""))
    for n in sems:
        last = max(counters[n], key=lambda e: e["ts"])["args"]["value"]
        print(f"counter '{n}': {len(counters[n])} events, last value {last}")
    for name in ["SBUF bytes in use", "PSUM bytes in use"]:
        peak = max((e["args"]["value"] for e in counters[name]), default=0)
        last = max(counters[name], key=lambda e: e["ts"])["args"]["value"] if counters[name] else None
        print(f"counter '{name}' peaks at {peak}, ends at {last}")
    hbm_max = max((e["args"]["value"] for e in counters["HBM GB/s"]), default=0)
    print(f"HBM GB/s counter peaks at {hbm_max:.2f}")

    # Timestamps and overlap.
    neg = [e for e in events if e.get("ph") != "M" and (e.get("ts", 0) < 0 or e.get("dur", 0) < 0)]
    check(not neg, "timestamps and durations are non-negative")
    overlaps = []
    for tid, es in by_tid.items():
        es = sorted(es, key=lambda e: e["ts"])
        for a, b in zip(es, es[1:]):
            if ps(a["ts"] + a["dur"]) > ps(b["ts"]):
                overlaps.append(f"track {tid}: {a.get('name')} ends at {a['ts'] + a['dur']}, "
                                f"{b.get('name')} starts at {b['ts']}")
    check(not overlaps, f"slices on each of {len(by_tid)} tracks do not overlap" + (f" ({overlaps[:3]})" if overlaps else ""))
    print("PASS" if not fails else f"{len(fails)} FAILURES")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
