#!/usr/bin/env python3
"""Reads an SVG timeline (trn-emu --timeline-svg) with xml.etree, so that a
picture that is not well-formed XML fails, and prints what it holds, one
line each, for FileCheck: the root's size, each row label, the slice
rectangles (x, width, their row's fill, tooltip) in document order, the fault group's
tooltip if any."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
if root.tag != NS + "svg":
    sys.exit(f"svg-check.py: the root is <{root.tag}>, not <svg>")
print(f"svg {root.get('width')}x{root.get('height')} viewBox {root.get('viewBox')}")
for t in root.iter(NS + "text"):
    if t.get("text-anchor") == "end":
        print(f"row {t.text}")
for g in root.iter(NS + "g"):
    if g.get("class") != "row":
        continue
    for r in g.iter(NS + "rect"):
        if r.get("class") == "slice":  # its colour is its row's
            title = r.find(NS + "title").text
            print(f"slice x={r.get('x')} w={r.get('width')} fill={g.get('fill')} {title}")
for g in root.iter(NS + "g"):
    if g.get("class") == "fault":
        print(f"fault {g.find(NS + 'title').text}")
print("well-formed")
