// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// The other counts the encoding must name: registers (6-bit index), DMA
// engines and queues (4 bits each), partitions (7-bit part_start).

include "Trn.td"

// CHECK:      {{.*}}chip-encoding-limits.td:[[@LINE+7]]:5: error: chip 'test' has Registers = 65, more than a 6-bit field can name
// CHECK-NEXT: {{^}}def test_chip : Chip<"test", 2, "test chip"> {
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK:      {{.*}}chip-encoding-limits.td:[[@LINE+4]]:5: error: chip 'test' has DmaEngines = 17, more than a 4-bit field can name
// CHECK:      {{.*}}chip-encoding-limits.td:[[@LINE+3]]:5: error: chip 'test' has DmaQueuesPerEngine = 17, more than a 4-bit field can name
// CHECK:      {{.*}}chip-encoding-limits.td:[[@LINE+2]]:5: error: chip 'test' has Partitions = 129, more than a 7-bit field can name
// CHECK-NOT:  error:
def test_chip : Chip<"test", 2, "test chip"> {
  let Clocks = trn1.Clocks;
  let CoresPerChip = trn1.CoresPerChip;
  let SbufPartitionBytes = trn1.SbufPartitionBytes;
  let DmaEngineMBps = trn1.DmaEngineMBps;
  let DmaFixedNs = trn1.DmaFixedNs;
  let HbmGiB = trn1.HbmGiB;
  let HbmChipGBps = trn1.HbmChipGBps;
  let PeModes = trn1.PeModes;
  let Registers = 65;
  let DmaEngines = 17;
  let DmaQueuesPerEngine = 17;
  let Partitions = 129;
}
// CHECK:      trn-tblgen{{(\.exe)?}}: 4 errors.
