#!/usr/bin/env python3
"""Copies standard input to standard output with ESC shown as ^[ (cat -v's
spelling), so that FileCheck can match colour escapes."""
import sys

sys.stdout.write(sys.stdin.buffer.read().decode('utf-8', 'replace').replace('\x1b', '^['))
