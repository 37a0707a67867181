# RUN: trn-emu --chip trn1 --trace-text %s 2>/dev/null | FileCheck %s
# RUN: trn-emu --chip trn2 --trace-text %s 2>/dev/null | FileCheck %s
# RUN: trn-emu --chip trn3 --trace-text %s 2>/dev/null | FileCheck %s
#
# ScalarE function tables (isa/Enums.td ActTableSet, isa/Costs.td
# ACT_TABLE_LOAD): every activation function but the table-free ones (copy,
# square, relu, abs, sign) belongs to one of the four published sets
# (reciprocal_sqrt_and_small, natural_log_exp_and_others,
# reciprocal_and_small, gelu_and_others; members beyond the names are
# chosen). The first activation whose function is not in the set ScalarE
# holds pays ACT_TABLE_LOAD = 1536 cycles (~1.28 us at trn2's 1.2 GHz, the
# trn2 profiles of the DMA overview) on top of its cost, and its set is
# loaded from then on; the core starts with no set. The same cycles on every
# chip. No line reads what the line before wrote (no ACT_DEPENDENT).

.sbuf a : fp32[128, 512]
.sbuf b : fp32[128, 512]
.sbuf c : fp32[128, 512]
.sbuf col : fp32[128, 1]

    act.activation b, a, exp
# no set loaded: max(MIN_II=64, N=512)=512 + ACT_TABLE_LOAD=1536 = 2048
# CHECK: ACT 2048 act.activation {{.*}}, exp{{$}}
    act.activation c, a, log
# log is in natural_log_exp_and_others, now loaded: 512
# CHECK-NEXT: ACT 512 act.activation {{.*}}, log{{$}}
    act.activation b, a, relu
# table-free: 512, and the set stays
# CHECK-NEXT: ACT 512 act.activation {{.*}}, relu{{$}}
    act.activation c, a, exp
# CHECK-NEXT: ACT 512 act.activation {{.*}}, exp{{$}}
    act.activation b, a, gelu
# gelu_and_others: 512 + 1536 = 2048
# CHECK-NEXT: ACT 2048 act.activation {{.*}}, gelu{{$}}
    act.activation c, a, erf
# erf in gelu_and_others (chosen: gelu is made of it): 512
# CHECK-NEXT: ACT 512 act.activation {{.*}}, erf{{$}}
    act.activation b, a, exp
# back to natural_log_exp_and_others: 2048
# CHECK-NEXT: ACT 2048 act.activation {{.*}}, exp{{$}}
    act.tensor_copy c, a
# no function, no table: max(MIN_II=64, N=512) = 512
# CHECK-NEXT: ACT 512 act.tensor_copy
    act.tensor_scalar b, a, multiply, 2.0
# CHECK-NEXT: ACT 512 act.tensor_scalar
    act.activation c, a, tanh
# tanh in natural_log_exp_and_others (chosen), still loaded: 512
# CHECK-NEXT: ACT 512 act.activation {{.*}}, tanh{{$}}
    act.activation b, a, rsqrt
# reciprocal_sqrt_and_small: 2048
# CHECK-NEXT: ACT 2048 act.activation {{.*}}, rsqrt{{$}}
    act.activation c, a, sqrt
# sqrt in reciprocal_sqrt_and_small (chosen): 512
# CHECK-NEXT: ACT 512 act.activation {{.*}}, sqrt{{$}}
    act.activation b, a, reciprocal
# reciprocal_and_small: 2048
# CHECK-NEXT: ACT 2048 act.activation {{.*}}, reciprocal{{$}}
    act.activation c[:, 0:1], a[:, 0:1], exp
# a one-element exp pays the whole load: max(64, 1)=64 + 1536 = 1600
# CHECK-NEXT: ACT 1600 act.activation {{.*}}, exp{{$}}
    act.activation b, a, sigmoid, accum=col
# sigmoid in natural_log_exp_and_others (chosen): max(64, 512)=512 + MIN_II=64 = 576
# CHECK-NEXT: ACT 576 act.activation {{.*}}, sigmoid, {{.*}}accum=
# CHECK-NEXT: ran 15 instructions
