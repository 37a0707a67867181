#!/usr/bin/env python3
"""Runs a command and requires its exit status, for tests that need an exact
code (`not` only says "non-zero", and lets a crash pass).

    expect-exit.py [--no-stdout] CODE COMMAND [ARGS...]

The command's standard output and error are passed through. The exit status
is 0 if the command exited with CODE (and, with --no-stdout, wrote nothing to
standard output), else 1 with a message on standard error.
"""
import subprocess
import sys


def main(argv):
    no_stdout = False
    if argv and argv[0] == "--no-stdout":
        no_stdout, argv = True, argv[1:]
    if len(argv) < 2:
        sys.stderr.write("usage: expect-exit.py [--no-stdout] CODE COMMAND [ARGS...]\n")
        return 1
    want = int(argv[0])
    p = subprocess.run(argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sys.stdout.buffer.write(p.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(p.stderr)
    sys.stderr.flush()
    if p.returncode != want:
        how = ("killed by signal %d" % -p.returncode) if p.returncode < 0 \
            else "exit status %d" % p.returncode
        sys.stderr.write("expect-exit.py: %s: %s, expected exit status %d\n" %
                         (argv[1], how, want))
        return 1
    if no_stdout and p.stdout:
        sys.stderr.write("expect-exit.py: %s: wrote %d bytes to standard output, expected none\n"
                         % (argv[1], len(p.stdout)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
