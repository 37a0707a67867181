// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// Every integer figure of a chip must be set (the Chip class leaves several
// at 0). SbufPartitionBytes is left out here.

include "Trn.td"

// CHECK:      {{.*}}chip-missing-int.td:[[@LINE+3]]:5: error: chip 'test' does not set SbufPartitionBytes
// CHECK-NEXT: {{^}}def test_chip : Chip<"test", 2, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
def test_chip : Chip<"test", 2, "test chip"> {
  let Clocks = trn1.Clocks;
  let CoresPerChip = trn1.CoresPerChip;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
