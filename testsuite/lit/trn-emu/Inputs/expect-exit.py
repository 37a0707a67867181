#!/usr/bin/env python3
"""expect-exit.py CODE COMMAND [ARGS...]

Runs COMMAND with the test's standard output and error and succeeds if it
exits with exactly CODE ('not' only tells zero from non-zero; trn-emu's exit
codes 1, 2 and 3 mean different things). Otherwise says what it got on
standard error and fails.
"""
import subprocess
import sys

want = int(sys.argv[1])
sys.stdout.flush()
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write(f'expect-exit.py: expected exit code {want}, got {got}\n')
    sys.exit(1)
