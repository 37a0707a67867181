"""What the lit suites (testsuite/lit, testsuite/examples) share about MPI:
'sanitizer' when the build runs under ASan+UBSan, and %mpirun with 'mpi'
when trn-emu was built with Open MPI (docs/mpi.md)."""


def configure(config):
    if config.trn_sanitize.upper() in ("ON", "1", "TRUE", "YES"):
        config.available_features.add("sanitizer")
    if not config.trn_mpirun:
        return
    # As root (CI), oversubscribed (4 ranks on 2 cores), unbound, and never
    # longer than 10 minutes. Open MPI's own allocations at exit are not
    # ours to leak-check under ASan.
    config.available_features.add("mpi")
    env = "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1"
    if "sanitizer" in config.available_features:
        env += " ASAN_OPTIONS=detect_leaks=0"
    config.substitutions.append(
        ("%mpirun",
         "env " + env + " timeout 600 " + config.trn_mpirun + " --oversubscribe --bind-to none"))
