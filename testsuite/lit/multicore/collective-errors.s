# Collectives whose parts disagree, or that some core never joins: each an
# error naming the collective, the cores and their source lines.
#
# RUN: not trn-emu %S/Inputs/coll-size.s --cores 4 --random-inputs 2>&1 | FileCheck %s --check-prefix=SIZE
# SIZE: {{^}}error: collective #0: core 1's all_reduce ({{.*}}coll-size.s:8:1) has 16 fp32 elements in src, but core 0's all_reduce ({{.*}}coll-size.s:11:1) has 8 fp32 elements
#
# RUN: not trn-emu %S/Inputs/coll-op.s --cores 4 --random-inputs 2>&1 | FileCheck %s --check-prefix=OP
# OP: {{^}}error: collective #0: core 1's all_gather ({{.*}}coll-op.s:13:1) meets core 0's all_reduce ({{.*}}coll-op.s:10:1): every core's Nth collective must be the same operation
#
# A core that never joins: the others wait for it, and the run says who.
# RUN: not trn-emu %S/Inputs/coll-missing.s --cores 4 --random-inputs 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: {{^}}error: collective #0: core 0's all_reduce ({{.*}}coll-missing.s:9:1) waits for every core, but core 3 never joined it (joined: cores 0, 1, 2)
#
# RUN: not trn-emu %S/Inputs/coll-type.s --cores 2 --random-inputs 2>&1 | FileCheck %s --check-prefix=TYPE
# TYPE: {{^}}error: collective #0: core 0's all_reduce ({{.*}}coll-type.s:6:1) adds int32; it adds fp32 or bf16
#
# RUN: not trn-emu %S/Inputs/coll-shape.s --cores 4 --random-inputs 2>&1 | FileCheck %s --check-prefix=SHAPE
# SHAPE: {{^}}error: collective #0: core 0's reduce_scatter ({{.*}}coll-shape.s:6:1) has 16 in src and 8 in dst; over 4 cores it needs src = cores x dst
#
# RUN: not trn-emu %S/Inputs/sendrecv-size.s --cores 2 --random-inputs 2>&1 | FileCheck %s --check-prefix=PAIR
# PAIR: {{^}}error: core 1's sendrecv ({{.*}}sendrecv-size.s:10:1) sends 8 fp32 elements to core 0, but core 0's sendrecv ({{.*}}sendrecv-size.s:13:1) receives 16 fp32 elements from it
#
# RUN: not trn-emu %S/Inputs/sendrecv-lonely.s --cores 2 --random-inputs 2>&1 | FileCheck %s --check-prefix=LONELY
# LONELY: {{^}}error: core 0's sendrecv ({{.*}}sendrecv-lonely.s:9:1) sends to core 1, which never received from core 0
# LONELY-NEXT: error: core 0's sendrecv ({{.*}}sendrecv-lonely.s:9:1) receives from core 1, which never sent to core 0
#
# On one core there is nobody to meet: a fault at the instruction.
# RUN: not trn-emu %S/Inputs/coll-shape.s --random-inputs 2>&1 | FileCheck %s --check-prefix=ONE
# ONE: coll-shape.s:6:1: error: bad program at 600 ns on SP, instruction 0 (reduce_scatter): reduce_scatter is a collective between the cores of a system, but this run has one core; run the program on a system (trn-emu --system or --cores)
#
# The instance runs them over its links; a system the presets lack:
# RUN: not trn-emu %S/Inputs/coll-shape.s --system trn2.96xlarge 2>&1 | FileCheck %s --check-prefix=SYS
# SYS: trn-emu: error: unknown system 'trn2.96xlarge': expected one of trn1-chip, trn2-chip, trn3-chip, trn4-chip, trn1.32xlarge, trn2.48xlarge, trn2-ultraserver, trn3-ultraserver
