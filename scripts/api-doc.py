#!/usr/bin/env python3
"""docs/api.md shows the example programs of docs/api/ and their outputs
verbatim: each block between

    <!-- example: NAME -->
    <!-- end example -->

is the file docs/api/NAME in a fence (```cpp for .cpp, ```python for .py,
```text else).
--check fails when a block differs from its file (ctest api-doc-current);
--update rewrites the blocks from the files. The install test compiles and
runs the C++ programs against an installed trnemu, and the Python module's
tests run the .py ones (python/tests/test_docs.py), comparing their outputs
with the .out files, so what the page shows is what they print."""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "api.md"
BLOCK = re.compile(r"(<!-- example: (\S+) -->\n)(.*?)(<!-- end example -->)", re.S)


def render(text: str) -> tuple[str, list[str]]:
    missing = []

    def block(m: re.Match) -> str:
        name = m.group(2)
        path = DOC.parent / "api" / name
        if not path.is_file():
            missing.append(name)
            return m.group(0)
        fence = {".cpp": "cpp", ".py": "python"}.get(pathlib.Path(name).suffix, "text")
        body = path.read_text()
        if not body.endswith("\n"):
            body += "\n"
        return f"{m.group(1)}```{fence}\n{body}```\n{m.group(4)}"

    return BLOCK.sub(block, text), missing


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--update", action="store_true", help="rewrite the blocks from the files")
    args = ap.parse_args()
    text = DOC.read_text()
    new, missing = render(text)
    if missing:
        print(f"api-doc.py: docs/api.md names missing files: {', '.join(missing)}", file=sys.stderr)
        return 1
    shown = {m.group(2) for m in BLOCK.finditer(text)}
    unshown = sorted(p.name for p in (DOC.parent / "api").iterdir()
                     if p.suffix in (".cpp", ".out") and p.name not in shown)
    if unshown:
        print(f"api-doc.py: docs/api.md shows no block of: {', '.join(unshown)}", file=sys.stderr)
        return 1
    if args.update:
        DOC.write_text(new)
        return 0
    if new != text:
        print("api-doc.py: docs/api.md is stale: its examples differ from docs/api/. "
              "Run: scripts/api-doc.py --update", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
