// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Without an InstrHeader record the header's size is unknown: an error with
// no location, and the run must fail.
//
// Every emitter fails the run when the records are rejected, and no output
// file is left behind (an empty .inc would otherwise look up to date).
// RUN: rm -f %t.inc
// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o %t.inc 2>&1 | FileCheck %s
// RUN: not test -e %t.inc
// RUN: not trn-tblgen --gen-isa-enums -I %isa %s -o %t.inc 2>&1 | FileCheck %s
// RUN: not test -e %t.inc
// RUN: not trn-tblgen --gen-isa-doc -I %isa %s -o %t.inc 2>&1 | FileCheck %s
// RUN: not test -e %t.inc
// RUN: not trn-tblgen --gen-isa-summary -I %isa %s -o %t.inc 2>&1 | FileCheck %s
// RUN: not test -e %t.inc

include "Engines.td"
include "DataTypes.td"
include "Enums.td"
include "Operands.td"
include "Costs.td"
include "Chips.td"

// CHECK:      {{^}}error: no 'InstrHeader' record: the header's size is unknown{{$}}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
