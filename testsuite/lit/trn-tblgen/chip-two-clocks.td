// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A chip gives each engine one clock.

include "Trn.td"

// CHECK:      {{.*}}chip-two-clocks.td:[[@LINE+3]]:5: error: chip 'test' gives engine DVE two clocks
// CHECK-NEXT: {{^}}def test_chip : Chip<"test", 2, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
def test_chip : Chip<"test", 2, "test chip"> {
  let Clocks = !listconcat(trn1.Clocks, [EngineClock<DVE, 1400, "test">]);
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
}
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 1 errors.
