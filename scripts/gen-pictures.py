#!/usr/bin/env python3
"""Draws the timeline pictures of the docs with the built trn-emu, and
checks that the committed ones are current.

Each picture is `trn-emu KERNEL --random-inputs --timeline-svg` of

  docs/examples/DIR/NAME.s  ->  docs/images/example-NAME.svg,
                                embedded in docs/examples/DIR/README.md
  the ```trn-asm matmulN.s blocks of docs/tutorial.md
                            ->  docs/images/tutorial-matmulN.svg,
                                embedded in docs/tutorial.md

(timing does not depend on the data: random inputs draw the same picture as
real ones). Without --update, a picture that differs from what the tools
draw now, is missing, is not well-formed XML, or is not embedded in its
page, is an error (ctest pictures-current); --update writes them.
Hand-drawn pictures in docs/images (the architecture diagrams) are only
checked to be well-formed; an example-*.svg or tutorial-*.svg that no
kernel draws any more is an error."""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
IMAGES = DOCS / "images"
TUTORIAL = DOCS / "tutorial.md"
SHARED_TENSOR = re.compile(r"^\s*\.tensor\s[^#\n]*\bshared\b", re.M)
COLLECTIVE = re.compile(r"^\s*\w+\.(all_reduce|reduce_scatter|all_gather|all_to_all|sendrecv)\b",
                        re.M)


def tutorial_kernels(tmp: pathlib.Path) -> list[tuple[pathlib.Path, str]]:
    """The tutorial's matmulN.s blocks, written to tmp."""
    text = TUTORIAL.read_text()
    out = []
    for m in re.finditer(r"^```trn-asm (matmul\d+\.s)\n(.*?)^```$", text, re.S | re.M):
        path = tmp / m.group(1)
        path.write_text(m.group(2))
        out.append((path, f"tutorial: {m.group(1)}"))
    return out


def pictures(tmp: pathlib.Path):
    """(kernel, title, picture, page that embeds it) for every picture."""
    for kernel in sorted((DOCS / "examples").glob("*/*.s")):
        # A kernel for several cores (one with a shared tensor, such as
        # docs/examples/tp-mlp, or a collective) has no picture here: on one
        # core such a kernel stops at its barrier or collective.
        text = kernel.read_text()
        if SHARED_TENSOR.search(text) or COLLECTIVE.search(text):
            continue
        yield (kernel, f"docs/examples/{kernel.parent.name}/{kernel.name}",
               IMAGES / f"example-{kernel.stem}.svg", kernel.parent / "README.md")
    for kernel, title in tutorial_kernels(tmp):
        yield kernel, title, IMAGES / f"tutorial-{kernel.stem}.svg", TUTORIAL


def draw(emu: pathlib.Path, kernel: pathlib.Path, title: str, out: pathlib.Path) -> str | None:
    r = subprocess.run([str(emu), str(kernel), "--random-inputs", "--timeline-svg", str(out),
                        "--timeline-title", title],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        return f"trn-emu {kernel} failed (exit code {r.returncode}):\n{r.stderr}"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=str(ROOT / "build" / "bin"),
                    help="the folder of the built tools (default: build/bin)")
    ap.add_argument("--update", action="store_true", help="write the pictures")
    args = ap.parse_args()
    emu = pathlib.Path(args.bin) / "trn-emu"
    if not emu.is_file():
        print(f"gen-pictures.py: no trn-emu in {args.bin}", file=sys.stderr)
        return 1
    errors = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = pathlib.Path(tmp_name)
        for kernel, title, picture, page in pictures(tmp):
            fresh = tmp / picture.name
            if err := draw(emu, kernel, title, fresh):
                errors.append(err)
                continue
            rel = picture.relative_to(ROOT)
            try:
                ET.parse(fresh)
            except ET.ParseError as e:
                errors.append(f"trn-emu drew {rel} as XML that is not well-formed: {e}")
                continue
            if args.update:
                if not picture.is_file() or picture.read_bytes() != fresh.read_bytes():
                    picture.write_bytes(fresh.read_bytes())
                    print(f"wrote {rel}")
            elif not picture.is_file():
                errors.append(f"{rel} is missing")
            elif picture.read_bytes() != fresh.read_bytes():
                errors.append(f"{rel} is not what trn-emu draws now")
            target = os.path.relpath(picture, page.parent)
            if f"]({target})" not in page.read_text():
                errors.append(f"{page.relative_to(ROOT)} does not show {rel} "
                              f"(a Markdown image link '![...]({target})')")
        # The rest of docs/images: hand-drawn pictures, well-formed too; a
        # drawn one that no kernel draws any more is a leftover.
        drawn = {picture.name for _, _, picture, _ in pictures(tmp)}
        for other in sorted(IMAGES.glob("*.svg")):
            if other.name in drawn:
                continue
            if other.name.startswith(("example-", "tutorial-")):
                errors.append(f"{other.relative_to(ROOT)} is drawn from no kernel: remove it")
                continue
            try:
                ET.parse(other)
            except ET.ParseError as e:
                errors.append(f"{other.relative_to(ROOT)} is not well-formed XML: {e}")
    for e in errors:
        print(f"gen-pictures.py: {e}", file=sys.stderr)
    if errors and not args.update:
        print("gen-pictures.py: run scripts/gen-pictures.py --update and commit the pictures",
              file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
