# RUN: rm -f %t.json
# RUN: python3 %S/Inputs/expect-exit.py 1 trn-emu %s --trace %t.json --trace-text > %t.txt 2> %t.err
# RUN: %python %S/Inputs/trace-events.py %t.json >> %t.txt
# RUN: FileCheck %s < %t.txt
#
# A race with --race-check=error (the default) stops the run as a fault at
# the racing instruction: the trace marks it across the timeline and on
# ACT's track, with the kind, the message, the engine, the instruction (its
# index and disassembly) and its source line.

.sbuf a : fp32[2, 4]
.sbuf b : fp32[2, 4]
.sem filled
    dve.memset a, 1.0 signal(filled)
    act.activation b, a, exp

# CHECK: {{^ *}}[[T:[0-9.]+]] {{ *}}[[T]] ACT           - fault (race): {{.*}}trace-fault-race.s:15:5: error: race (read-after-write) {{.*}}
# CHECK: {{^}}instant fault: race scope=g track=PE at [[T]]{{$}}
# CHECK-NEXT: {{^}}  engine="ACT"{{$}}
# CHECK-NEXT: {{^}}  index=0{{$}}
# CHECK-NEXT: {{^}}  instruction="act.activation ap(sbuf fp32, 0:2, 0x40, [1, 4]), ap(sbuf fp32, 0:2, 0x0, [1, 4]), exp{{.*}}"{{$}}
# CHECK-NEXT: {{^}}  kind="race"{{$}}
# CHECK-NEXT: {{^}}  message="{{.*}}trace-fault-race.s:15:5: error: race (read-after-write) {{.*}}"{{$}}
# CHECK-NEXT: {{^}}  source="{{.*}}trace-fault-race.s:15:5"{{$}}
# CHECK-NEXT: {{^}}instant fault: race scope=t track=ACT at [[T]]{{$}}
# CHECK-NEXT: {{^}}  engine="ACT"{{$}}
