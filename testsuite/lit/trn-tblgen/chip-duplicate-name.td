// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A chip's Name is what --chip selects: two chips named trn1 make the
// choice ambiguous.

include "Trn.td"

// CHECK:      {{.*}}chip-duplicate-name.td:[[@LINE+6]]:5: error: chip name 'trn1' is already used by trn1
// CHECK-NEXT: {{^}}def trn1_again : Chip<"trn1", 2, "a second trn1"> {
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK:      {{.*}}isa{{/|\\}}Chips.td:[[#]]:5: note: previous definition is here
// CHECK-NEXT: {{^}}def trn1 : Chip<"trn1", 2,
// CHECK-NOT:  error:
def trn1_again : Chip<"trn1", 2, "a second trn1"> {
  let Clocks = trn1.Clocks;
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
}
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
