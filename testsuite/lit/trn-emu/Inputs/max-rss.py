#!/usr/bin/env python3
"""max-rss.py LIMIT_MIB COMMAND [ARGS...]

Runs COMMAND with the test's standard output and error and succeeds if it
exits 0 and its peak resident memory stayed within LIMIT_MIB mebibytes; else
says what it got on standard error and fails. For tests that a large tensor
is streamed rather than copied whole.
"""
import resource
import subprocess
import sys

limit = int(sys.argv[1])
sys.stdout.flush()
code = subprocess.call(sys.argv[2:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux
if code != 0:
    sys.stderr.write(f'max-rss.py: expected exit code 0, got {code}\n')
    sys.exit(1)
if peak > limit:
    sys.stderr.write(f'max-rss.py: peak resident memory {peak:.0f} MiB, more than {limit} MiB\n')
    sys.exit(1)
