"""Starts COMMAND... (an mpirun of trn-emu with 2 ranks), kills rank 1 with
SIGKILL once both ranks run, and reports how mpirun ended: its exit status
(must not be 0), its message, how long it took, and whether any rank is
left. No rank may outlive mpirun, and mpirun may not hang."""
import os
import signal
import subprocess
import sys
import time


def ranks_of(job):
    """The pids of the trn-emu processes of this job, by rank."""
    found = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = dict(
                    kv.split(b"=", 1) for kv in f.read().split(b"\0") if b"=" in kv)
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if env.get(b"TRN_KILL_RANK_JOB") != job or b"trn-emu" not in cmd.split(b"\0")[0]:
            continue
        rank = env.get(b"OMPI_COMM_WORLD_RANK")
        if rank is not None:
            found[int(rank)] = int(pid)
    return found


def main():
    job = str(os.getpid()).encode()
    env = dict(os.environ, TRN_KILL_RANK_JOB=job.decode())
    start = time.monotonic()
    mpirun = subprocess.Popen(sys.argv[1:], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT)
    ranks = {}
    while len(ranks) < 2 and time.monotonic() - start < 60:
        time.sleep(0.2)
        ranks = ranks_of(job)
    if len(ranks) < 2:
        mpirun.kill()
        sys.exit(f"the ranks did not start: {ranks}")
    time.sleep(1.0)  # both are in the run
    os.kill(ranks[1], signal.SIGKILL)
    try:
        out, _ = mpirun.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        mpirun.kill()
        sys.exit("mpirun hung after a rank died")
    took = time.monotonic() - start
    time.sleep(0.5)
    left = ranks_of(job)
    print(f"mpirun exit status: {'nonzero' if mpirun.returncode else 'zero'}")
    print(f"ranks left: {len(left)}")
    print(f"ended within 120 s: {took < 120}")
    print(out.decode(errors="replace"))


if __name__ == "__main__":
    main()
