#!/usr/bin/env python3
"""Browser test of trn-emu --html (ctest label 'browser').

Writes the HTML view of a kernel that uses every engine and a DMA queue, and
of a run that deadlocks, and of a run on four cores, loads each in Debian's headless Chromium, and checks
from the DOM Chromium dumps that the page ran without a console error (the
page records window errors and console.error in data-errors), finished
drawing (data-ready="1") and drew a track per engine and per DMA queue used
(data-tracks). Skipped (exit 77) when chromium is not installed;
scripts/setup.sh installs it.
"""
import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
ENGINES = ["PE (Tensor)", "DVE (Vector)", "ACT (Scalar)", "POOL (GpSimd)", "SP (Sync)"]


def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def load(browser, page, profile, query=""):
    """The DOM after the page's scripts ran, and Chromium's console lines."""
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
           "--virtual-time-budget=5000", "--window-size=1280,900", "--dump-dom",
           "file://" + os.path.abspath(page) + query]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    if r.returncode != 0:
        sys.exit(f"FAIL: chromium exited {r.returncode}:\n{r.stderr[-2000:]}")
    console = [l for l in r.stderr.splitlines() if ":CONSOLE(" in l]
    return r.stdout, console


def root_attributes(dom):
    m = re.search(r'<html((?:\s+[\w-]+="[^"]*")*)\s*>', dom)
    if not m:
        sys.exit("FAIL: no <html> element in the dumped DOM")
    return {k: html.unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', m.group(1))}


def check(browser, page, profile, want_tracks, want_text, query="", selected=None, arrows=None,
          core=None):
    dom, console = load(browser, page, profile, query)
    attrs = root_attributes(dom)
    if core is not None and attrs.get("data-core") != str(core):
        sys.exit(f"FAIL: {page}{query}: core {attrs.get('data-core')} shown, not {core}")
    errors = [l for l in console if "Uncaught" in l or "Error" in l]
    if attrs.get("data-errors") or errors:
        sys.exit(f"FAIL: {page}: errors: {attrs.get('data-errors', '')} {errors}")
    if attrs.get("data-ready") != "1":
        sys.exit(f"FAIL: {page}: the page did not finish drawing (data-ready={attrs.get('data-ready')!r})")
    tracks = attrs.get("data-tracks", "").split(",")
    for t in want_tracks:
        if t not in tracks:
            sys.exit(f"FAIL: {page}: no track '{t}' drawn (drawn: {tracks})")
    for t in want_text:
        if t not in dom:
            sys.exit(f"FAIL: {page}: the page does not show '{t}'")
    if selected is not None:
        got = attrs.get("data-selected", "")
        for pattern in selected:
            if not re.search(pattern, got):
                sys.exit(f"FAIL: {page}{query}: the selected slice's description\n{got}\nlacks /{pattern}/")
        if attrs.get("data-arrows") != str(arrows):
            sys.exit(f"FAIL: {page}{query}: {attrs.get('data-arrows')} arrows drawn, not {arrows}")
        print(f"ok: {os.path.basename(page)}{query}: {got.splitlines()[0]}; {arrows} arrow(s)")
        return
    print(f"ok: {os.path.basename(page)}: {len(tracks)} tracks drawn: {', '.join(tracks)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="folder holding trn-emu")
    ap.add_argument("--src", required=True, help="the source tree")
    a = ap.parse_args()
    browser = chromium()
    if not browser:
        print("SKIPPED: chromium is not installed (scripts/setup.sh installs it): "
              "the HTML view is not tested in a browser")
        return SKIP
    emu = os.path.join(a.bin, "trn-emu")
    with tempfile.TemporaryDirectory() as tmp:
        # Every engine and a DMA queue: the softmax kernel.
        page = os.path.join(tmp, "softmax.html")
        subprocess.run([emu, os.path.join(a.src, "testsuite/kernels/softmax.s"), "--random-inputs",
                        "--html", page], check=True, stdout=subprocess.DEVNULL)
        check(browser, page, os.path.join(tmp, "p1"),
              ENGINES + ["DMA q0.0", "HBM GB/s", "SBUF bytes in use", "PSUM bytes in use", "semaphore s0 (loaded)"],
              ["Engine utilisation", "Roofline", "this kernel", "Source: time per line"])
        # What hovering shows, through the page's ?slice=TRACK,INDEX: DVE's
        # first instruction (track 1) waited for the first transfer, whose
        # signal arrow comes into it; that transfer (track 5, the first
        # queue) released it.
        check(browser, page, os.path.join(tmp, "p1"), ENGINES, [], "?slice=1,0",
              [r"^DVE #0: dve\.tensor_reduce ", r"\nsource: .*softmax\.s:\d+\n",
               r"\nstart [0-9.]+ ns, end [0-9.]+ ns, [0-9.]+ ns, \d+ cycles\n",
               r"\nwaited [0-9.]+ ns on s0 \(loaded\), released by DMA q0\.0 \(SP #0 at .*softmax\.s:\d+\)"], 1)
        check(browser, page, os.path.join(tmp, "p1"), ENGINES, [], "?slice=5,0",
              [r"^DMA q0\.0: x -> x_t, \d+ bytes for SP #0\n", r"its signal released 1 wait$"], 1)
        # 20000 instructions: far more slices than pixels, so the timeline
        # merges them (its level of detail).
        big = os.path.join(tmp, "many.s")
        with open(big, "w") as f:
            f.write(".sbuf a : fp32[128, 64]\n.sbuf b : fp32[128, 64]\n.sem s\n"
                    ".rept 5000\n    dve.memset a, 0.0 signal(s)\n    pool.memset b, 1.0\n"
                    "    act.tensor_copy a, b\n    sp.nop\n.endr\n")
        page = os.path.join(tmp, "many.html")
        subprocess.run([emu, big, "--race-check=off", "--html", page], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        check(browser, page, os.path.join(tmp, "p3"), ENGINES + ["semaphore s0 (s)"], [])
        # Zoomed in on a slice in the middle of the run (the page zooms to a
        # selected slice): DVE's memset 2500 signalled s0.
        check(browser, page, os.path.join(tmp, "p3"), ENGINES, [], "?slice=1,2500",
              [r"^DVE #2500: dve\.memset ", r"\nsource: .*many\.s:5\n"], 0)
        # A deadlock: the page is written, and shows it.
        page = os.path.join(tmp, "deadlock.html")
        r = subprocess.run([emu, os.path.join(a.src, "testsuite/lit/trn-emu/deadlock.s"),
                            "--html", page], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode != 1:
            sys.exit(f"FAIL: the deadlock ran with exit {r.returncode}, not 1")
        check(browser, page, os.path.join(tmp, "p2"), ENGINES, ["Deadlock at"])
        # A run on several cores: one page, core 0's view and a selector of
        # the four; ?core=2 (or #core=2) shows core 2's.
        page = os.path.join(tmp, "cores.html")
        subprocess.run([emu, os.path.join(a.src, "testsuite/lit/multicore/copy-core.s"), "--cores",
                        "4", "--random-inputs", "--html", page], check=True,
                       stdout=subprocess.DEVNULL)
        check(browser, page, os.path.join(tmp, "p4"), ["SP (Sync)", "DMA q0.1", "semaphore s1 (got)"],
              ["chip 0 core 0", "chip 0 core 3"], core=0)
        check(browser, page, os.path.join(tmp, "p4"), ["SP (Sync)", "DMA q0.1"], ["chip 0 core 2"],
              "?core=2", core=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
