// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A chip's integer figures are positive: a negative one is reported as
// such, not as left unset (chip-missing-int.td).

include "Trn.td"

// The figures are checked in the order Chip declares them.
// CHECK:      {{.*}}chip-negative-int.td:[[@LINE+5]]:5: error: chip 'test' has Registers = -1: it must be positive
// CHECK-NEXT: {{^}}def test_chip : Chip<"test", 2, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK:      {{.*}}chip-negative-int.td:[[@LINE+2]]:5: error: chip 'test' has HbmGiB = -32: it must be positive
// CHECK-NOT:  error:
def test_chip : Chip<"test", 2, "test chip"> {
  let Clocks = trn1.Clocks;
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = -32;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
  let Registers = -1;
}
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
