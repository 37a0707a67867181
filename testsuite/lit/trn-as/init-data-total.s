# RUN: rm -f %t.o
# RUN: not trn-as %s -o %t.o 2>&1 | FileCheck --strict-whitespace %s
# RUN: test ! -e %t.o
#
# The 256 MiB limit on initial data is the program's, all tensors together
# (eight tensors of 256 MiB each once made a 2 GiB object); the check comes
# before any of the tensor's data is made.

.tensor a : uint8[64] scratch = fill(1)
# CHECK:      {{^.*/}}init-data-total.s:[[@LINE+3]]:38: error: tensor 'b' has 268435456 bytes: with the 64 bytes of initial data before it, the program's would come to 268435520, past the limit of 256 MiB; bind its contents at run time with trn-emu --in instead{{$}}
# CHECK-NEXT: {{^}}.tensor b : uint8[268435456] scratch = fill(2){{$}}
# CHECK-NEXT: {{^}}                                     ^{{$}}
.tensor b : uint8[268435456] scratch = fill(2)
# CHECK-NEXT: {{^}}1 error generated.{{$}}
sp.nop
