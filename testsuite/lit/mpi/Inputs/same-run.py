"""Checks that runs in the folders given left the same files: every .npy,
trace and text file byte for byte, the report's lines but the host's, and
the JSON report's but its "host" object (they measure the host)."""
import json
import os
import re
import sys

HOST_TEXT = re.compile(r"^Host: ")


def content(path):
    with open(path, "rb") as f:
        data = f.read()
    name = os.path.basename(path)
    if name == "report.txt":
        lines = data.decode().splitlines(keepends=True)
        # "Host: ... windows, N MPI ranks": the host's, and the rank count.
        return "".join(l for l in lines if not HOST_TEXT.match(l)).encode()
    if name == "report.json":
        # Byte for byte but the top object's "host": {...} lines.
        text = data.decode()
        json.loads(text)  # whole
        start = text.index('\n  "host": {')
        end = text.index("\n  }", start) + len("\n  }")
        return (text[:start] + text[end:]).encode()
    return data


def main():
    first, *others = sys.argv[1:]
    names = sorted(os.listdir(first))
    if not names:
        sys.exit(f"{first} is empty")
    for other in others:
        if sorted(os.listdir(other)) != names:
            sys.exit(f"{other} has {sorted(os.listdir(other))}, {first} has {names}")
        for name in names:
            if content(os.path.join(first, name)) != content(os.path.join(other, name)):
                sys.exit(f"{name} differs between {first} and {other}")
    outputs = sum(1 for n in names if n.endswith(".npy"))
    rest = ", ".join(n for n in names if not n.endswith(".npy"))
    print(f"{len(sys.argv) - 1} runs alike: {outputs} outputs, {rest}")


if __name__ == "__main__":
    main()
