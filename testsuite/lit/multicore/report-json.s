# --report-json, --profile, --profile-json and --trace-text of a run on
# several cores: one output for the system, core by core. The program is
# signal-core.s's: core 0 sends one update to core 1, which lands 1600 ns
# after it left (its figures are derived there).
# RUN: rm -rf %t && mkdir %t
# RUN: trn-emu %s --cores 2 --report-json %t/r.json --profile-json %t/p.json --profile --trace-text > %t/out.txt
# RUN: FileCheck %s --check-prefix=JSON < %t/r.json
# RUN: FileCheck %s --check-prefix=PROFILE-JSON < %t/p.json
# RUN: FileCheck %s --check-prefix=OUT < %t/out.txt
# RUN: %python -c "import json, sys; [json.load(open(f)) for f in sys.argv[1:]]" %t/r.json %t/p.json
#
# JSON:      {
# JSON-NEXT:   "schema_version": 1,
# JSON-NEXT:   "chip": "trn2",
# JSON-NEXT:   "chips": 1,
# JSON-NEXT:   "cores_per_chip": 2,
# JSON-NEXT:   "core_count": 2,
# JSON-NEXT:   "total_time_ns": 1604.17,
# JSON-NEXT:   "neuroncore_cycle_count": 3850,
# JSON-NEXT:   "instruction_count": 8,
# JSON-NEXT:   "messages_between_cores": 1,
# JSON-NEXT:   "windows": {{[0-9]+}},
# JSON-NEXT:   "instance": null,
# JSON-NEXT:   "collectives": 0,
# JSON-NEXT:   "links": [],
# JSON-NEXT:   "host": {
# JSON-NEXT:     "seconds": {{[0-9.]+}},
# JSON:        "cores": [
# JSON-NEXT:     {
# JSON-NEXT:       "core": 0,
# JSON-NEXT:       "chip_index": 0,
# JSON-NEXT:       "chip": "trn2",
# JSON-NEXT:       "total_time_ns": 4.17,
# JSON-NEXT:       "neuroncore_cycle_count": 10,
# JSON-NEXT:       "instruction_count": 5,
# JSON:            "host": {
# JSON-NEXT:         "seconds": null,
# JSON:          "core": 1,
# JSON-NEXT:       "chip_index": 0,
# JSON-NEXT:       "chip": "trn2",
# JSON-NEXT:       "total_time_ns": 1604.17,
# JSON-NEXT:       "neuroncore_cycle_count": 3850,
# JSON-NEXT:       "instruction_count": 3,
# JSON:              "stalled_time_ns": 1601.668,
# JSON:                "signalled_by": {
# JSON-NEXT:               "core": 0,
# JSON-NEXT:               "engine": "SP",
# JSON-NEXT:               "instruction_index": 3,
#
# PROFILE-JSON:      {
# PROFILE-JSON-NEXT:   "cores": [
# PROFILE-JSON-NEXT:     {
# PROFILE-JSON-NEXT:       "chip": "trn2",
# PROFILE-JSON-NEXT:       "total_time_ns": 4.17,
# PROFILE-JSON:            "chip": "trn2",
# PROFILE-JSON-NEXT:       "total_time_ns": 1604.17,
# PROFILE-JSON:              "waiting_ns": 1601.668,
# PROFILE-JSON:      {{^  ]$}}
# PROFILE-JSON-NEXT: {{^}$}}
#
# The text trace: core 0's lines, then core 1's, each after its core; then
# the run line and each core's profile.
# OUT:      core 0        0.000        0.834 SP            1 sp.core_id r1
# OUT:      core 0        3.336        4.170 SP            1 sp.halt
# OUT-NEXT: core 1        0.000        0.834 SP            1 sp.core_id r1
# OUT:      core 1     1603.336     1604.170 SP            1 sp.nop wait(s0 >= 1)
# OUT-NEXT: ran 8 instructions in 1.604 us (3850 cycles at the PE clock) on 2 cores of trn2 (1 updates between cores)
# OUT-NEXT: Core 0:
# OUT-NEXT: Profile (trn2): total 4.170 ns
# OUT:      Core 1:
# OUT-NEXT: Profile (trn2): total 1604.170 ns
# OUT:      0.834 {{.*}} 1601.668 {{.*}} SP {{.*}}report-json.s:[[#@LINE+10]]  sp.nop

.chip trn2
.sem go
sp.core_id r1
sp.bne r1, r0, recv
sp.li r2, 1
sp.sem_signal_core go, 1, r2
sp.halt
recv:
sp.nop wait(go >= 1)
