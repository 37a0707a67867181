# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# Initial data is stored in the object file, so it is limited to 256 MiB per
# tensor, whatever its form; a bigger tensor is an input bound at run time.
# The limit is checked before the data is read. Without initial data, the
# same tensors are fine.

.tensor big : int8[268435457] input
.tensor big32 : fp32[67108865] input
# CHECK:      {{^.*/}}init-data-too-large.s:[[@LINE+3]]:35: error: tensor 'a' has 268435457 bytes: initial data is limited to 256 MiB; bind its contents at run time with trn-emu --in instead{{$}}
# CHECK-NEXT: {{^}}.tensor a : int8[268435457] input = fill(1){{$}}
# CHECK-NEXT: {{^}}                                  ^{{$}}
.tensor a : int8[268435457] input = fill(1)
# CHECK-NEXT: {{^.*/}}init-data-too-large.s:[[@LINE+3]]:34: error: tensor 'b' has 268435460 bytes: initial data is limited to 256 MiB; bind its contents at run time with trn-emu --in instead{{$}}
# CHECK-NEXT: {{^}}.tensor b : fp32[67108865] input = [1, 2]{{$}}
# CHECK-NEXT: {{^}}                                 ^{{$}}
.tensor b : fp32[67108865] input = [1, 2]
# CHECK-NEXT: {{^.*/}}init-data-too-large.s:[[@LINE+3]]:41: error: tensor 'c' has 536870912 bytes: initial data is limited to 256 MiB; bind its contents at run time with trn-emu --in instead{{$}}
# CHECK-NEXT: {{^}}.tensor c : uint16[16384, 16384] output = hex("00"){{$}}
# CHECK-NEXT: {{^}}                                        ^{{$}}
.tensor c : uint16[16384, 16384] output = hex("00")
# CHECK-NEXT: {{^}}3 errors generated.{{$}}
