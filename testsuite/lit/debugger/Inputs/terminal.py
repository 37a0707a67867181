"""Drives trn-emu --debug on a pseudo-terminal, as a user would type.

Usage: terminal.py TRN_EMU KERNEL. Sends each line below once the prompt is
shown (waiting up to 20 s for it), then prints what the terminal showed, with
escape sequences removed. The up arrow recalls the previous line (libedit's
history).
"""
import os
import pty
import re
import select
import sys
import time

LINES = [b"break 12\r", b"run\r", b"\x1b[A\r", b"print x[0]\r", b"quit\r"]
PROMPT = b"(trn-dbg) "

pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], ["trn-emu", sys.argv[2], "--debug"])

out = b""


def wait_for(count):
    """Reads until the prompt has been shown count times (or the end)."""
    global out
    deadline = time.time() + 20
    while out.count(PROMPT) < count and time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            out += data


for n, line in enumerate(LINES, 1):
    wait_for(n)
    time.sleep(0.2)  # libedit takes the terminal after its prompt
    os.write(fd, line)
wait_for(len(LINES) + 1)  # to the end of the output
# Never hang the test suite: a trn-emu still running after 20 s is killed.
deadline = time.time() + 20
while True:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    if time.time() > deadline:
        os.kill(pid, 9)
        _, status = os.waitpid(pid, 0)
        break
    time.sleep(0.05)
text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out.decode(errors="replace")).replace("\r", "")
print(text)
print("exit", os.waitstatus_to_exitcode(status))
