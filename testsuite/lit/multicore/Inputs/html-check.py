"""html-check.py PAGE.html: the outline of a trn-emu --html page of several
cores, for FileCheck: how many <html> elements, that nothing is fetched (no
src= or href= but the page's own anchors), each core's data block (parsed as
JSON: chip, instructions, total) and the selector's names."""
import json
import re
import sys

page = open(sys.argv[1], encoding="utf-8").read()
fetched = re.findall(r'(?:src|href)="(?!#)[^"]*"', page)
print(f"page {page.count('<html')} <html>, " + ("nothing fetched" if not fetched else f"fetches {fetched}"))
for m in re.finditer(r'<script id="(data(?:-core-\d+)?)" type="application/json">(.*?)</script>', page, re.S):
    d = json.loads(m.group(2))
    print(f"{m.group(1)}: chip {d['chip']}, {d['instructions']} instructions, total {d['total']} ps")
m = re.search(r"var Names = (\[.*?\]);", page)
print(f"names {m.group(1) if m else None}")
