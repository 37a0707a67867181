"""Checks that the first ```cpp block of docs/builder.md is the example file."""
import sys

doc, example = open(sys.argv[1]).read(), open(sys.argv[2]).read()
start = doc.index("```cpp\n") + len("```cpp\n")
block = doc[start:doc.index("```", start)]
if block != example:
    sys.exit(f"{sys.argv[1]}: error: the C++ example differs from {sys.argv[2]}")
