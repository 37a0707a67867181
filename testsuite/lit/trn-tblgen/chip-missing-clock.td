// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A chip gives every engine a clock (SP is left out here). The other fields
// are trn1's, so that this is the only error.

include "Trn.td"

// CHECK:      {{.*}}chip-missing-clock.td:[[@LINE+3]]:5: error: chip 'test' has no clock for engine SP
// CHECK-NEXT: {{^}}def test_chip : Chip<"test", 2, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
def test_chip : Chip<"test", 2, "test chip"> {
  let Clocks = [EngineClock<PE, 2800, "test">, EngineClock<DVE, 1120, "test">,
                EngineClock<ACT, 1400, "test">, EngineClock<POOL, 1400, "test">];
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
