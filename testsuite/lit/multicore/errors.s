# Run-time errors of the cross-core instructions, each naming the source
# line, the core and the instruction.
# RUN: not trn-emu %s --cores 2 2>&1 | FileCheck %s --check-prefix=TWO
# TWO: core 0: {{.*}}errors.s:[[#@LINE+38]]:1: error: bad program at 1 ns on SP, instruction 1 (sem_signal_core): signals core 9, but the system has cores 0 to 1
# RUN: not trn-emu %s 2>&1 | FileCheck %s --check-prefix=ONE
# ONE: {{.*}}errors.s:[[#@LINE+36]]:1: error: bad program at 1 ns on SP, instruction 1 (sem_signal_core): signals core 9, but this run has one core (0); run the program on a system of cores (trn-emu --system)
#
# core_barrier pairs cores 2k and 2k + 1: core 2 of 3 has no peer.
# RUN: not trn-emu %S/Inputs/barrier.s --cores 3 2>&1 | FileCheck %s --check-prefix=ODD
# ODD: core 2: {{.*}}barrier.s:3:1: error: bad program at 0 ns on SP, instruction 0 (core_barrier): core_barrier synchronises the two cores that share an HBM stack (2k and 2k + 1), but core 2 of this system of 3 has no peer
# core_barrier is trn2 and later (NKI: NeuronCore-v3).
# RUN: not trn-emu %S/Inputs/barrier-trn1.s --cores 2 2>&1 | FileCheck %s --check-prefix=TRN1
# TRN1: barrier-trn1.s:3:4: error: 'core_barrier' needs trn2 or later; this program targets trn1
#
# The command line: a system the chip lacks, unknown systems, options a
# system run does not take yet.
# RUN: not trn-emu %S/Inputs/trn1.s --cores 4 2>&1 | FileCheck %s --check-prefix=MANY
# MANY: trn-emu: error: --cores 4: trn1 has 2 cores
# RUN: not trn-emu %S/Inputs/barrier.s --cores 0 2>&1 | FileCheck %s --check-prefix=ZERO
# ZERO: trn-emu: error: --cores takes a number of cores from 1, not '0'
# RUN: not trn-emu %S/Inputs/barrier.s --system trn9-chip 2>&1 | FileCheck %s --check-prefix=SYS
# SYS: trn-emu: error: unknown system 'trn9-chip': expected one of trn1-chip, trn2-chip, trn3-chip, trn4-chip, trn1.32xlarge, trn2.48xlarge, trn2-ultraserver, trn3-ultraserver
# RUN: not trn-emu %S/Inputs/barrier.s --system trn3-chip --chip trn2 2>&1 | FileCheck %s --check-prefix=CONFLICT
# CONFLICT: trn-emu: error: --chip trn2 and --system trn3-chip name different chips
# --lnc: 1 or 2 physical cores for one logical core, trn2 and later.
# RUN: not trn-emu %S/Inputs/trn1.s --lnc 2 2>&1 | FileCheck %s --check-prefix=LNC-TRN1
# LNC-TRN1: trn-emu: error: --lnc 2 needs trn2 or later: trn1 has no logical NeuronCores of two cores
# RUN: not trn-emu %S/Inputs/barrier.s --lnc 4 2>&1 | FileCheck %s --check-prefix=LNC4
# LNC4: trn-emu: error: --lnc takes 1 or 2 (physical cores per logical core), not '4'
# RUN: not trn-emu %S/Inputs/barrier.s --lnc 2 --system trn2-chip 2>&1 | FileCheck %s --check-prefix=LNC-SYS
# LNC-SYS: trn-emu: error: --lnc runs one logical core: give it without --system or --cores
# RUN: not trn-emu %S/Inputs/barrier.s --cores 2 --debug 2>&1 < /dev/null | FileCheck %s --check-prefix=DEBUG-I
# DEBUG-I: trn-emu: error: --debug is not available on several cores yet (docs/multicore.md)
# RUN: not trn-emu %S/Inputs/barrier.s --cores 2 --dump-on-fault %t.d 2>&1 | FileCheck %s --check-prefix=DUMP
# DUMP: trn-emu: error: --dump-on-fault is not available on several cores yet (docs/multicore.md)
# RUN: not trn-emu %S/Inputs/barrier.s --cores 2 --debug-commands %t.cmd 2>&1 | FileCheck %s --check-prefix=DEBUG
# DEBUG: trn-emu: error: --debug-commands is not available on several cores yet (docs/multicore.md)

.chip trn2
.sem go
sp.li r3, 9
sp.sem_signal_core go, 1, r3
