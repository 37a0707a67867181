// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// A chip's generation is 2 to 5 and its clocks are positive.

include "Trn.td"

// CHECK:      {{.*}}chip-gen-and-clock-rate.td:[[@LINE+4]]:5: error: chip 'test' has Gen 6: generations are 2 (trn1) to 5 (trn4)
// CHECK:      {{.*}}chip-gen-and-clock-rate.td:[[@LINE+3]]:5: error: chip 'test' gives engine PE a clock of 0 MHz: clocks must be positive
// The zero clock is given, so it is not also reported as missing.
// CHECK-NOT:  error:
def test_chip : Chip<"test", 6, "test chip"> {
  let Clocks = [EngineClock<PE, 0, "test">, EngineClock<DVE, 1120, "test">,
                EngineClock<ACT, 1400, "test">, EngineClock<POOL, 1400, "test">,
                EngineClock<SP, 1400, "test">];
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
}
// CHECK:      trn-tblgen{{(\.exe)?}}: 2 errors.
