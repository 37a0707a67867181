// RUN: not trn-tblgen --gen-isa-tables -I %isa %s -o /dev/null 2>&1 | FileCheck %s
//
// An instance's torus dimensions fit its topology: a switch joins TorusX
// chips (TorusY = TorusZ = 1), a 2D torus has TorusZ = 1 and 4 links per
// chip, a 3D torus TorusZ >= 2 and 6 links per chip.

include "Trn.td"

// CHECK:      {{.*}}instance-topology.td:[[@LINE+1]]:5: error: instance 'test-switch': a switch joins TorusX chips (TorusY = TorusZ = 1)
def test_switch : SwitchedInstance<"test-switch", trn3, 8> {
  let TorusZ = 2;
  let LinkMBps = 1000;
  let LinkSource = "test";
  let HopSource = "test";
  let Source = "test";
}

// CHECK:      {{.*}}instance-topology.td:[[@LINE+1]]:5: error: instance 'test-2d': a 2D torus has TorusZ = 1 (a 3D one is torus3d)
def test_2d : Instance<"test-2d", trn2, 4, 4> {
  let TorusZ = 2;
  let LinkMBps = 1000;
  let LinkSource = "test";
  let HopSource = "test";
  let Source = "test";
}

// CHECK:      {{.*}}instance-topology.td:[[@LINE+1]]:5: error: instance 'test-3d': a 3D torus needs TorusZ >= 2
def test_3d : Torus3dInstance<"test-3d", trn2, 4, 4, 1> {
  let LinkMBps = 1000;
  let LinkSource = "test";
  let HopSource = "test";
  let Source = "test";
}

// CHECK:      {{.*}}instance-topology.td:[[@LINE+1]]:5: error: instance 'test-links': a 2D torus has 4 links per chip (+x, -x, +y, -y), a 3D torus 6 (and +z, -z)
def test_links : Torus3dInstance<"test-links", trn2, 4, 4, 2> {
  let LinksPerChip = 4;
  let LinkMBps = 1000;
  let ZLinkMBps = 0;
  let LinkSource = "test";
  let HopSource = "test";
  let Source = "test";
}
// CHECK:      {{.*}}instance-topology.td:[[@LINE-8]]:5: error: instance 'test-links' needs positive TorusX, TorusY, TorusZ, LinksPerChip, LinkMBps and ZLinkMBps, and HopNs >= 0
// CHECK-NOT:  error:
// CHECK:      trn-tblgen{{(\.exe)?}}: 5 errors.
