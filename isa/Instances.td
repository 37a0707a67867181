//===- Instances.td - chips joined by NeuronLink -------------*- tablegen -*-===//
//
// What trn-emu's --system selects beyond one chip: a number of chips of one
// preset joined by NeuronLink links in a topology. Sources are the keys of
// trainium-facts.md section 0 (I1, I2: the trn1 and trn2 architecture
// pages; H2: the chip table); "chosen" marks a value the public record does
// not give. docs/multicore.md explains the link model.
//
//===----------------------------------------------------------------------===//

// Topology: "torus2d" (TorusX x TorusY chips, each joined to its four
// neighbours by one link each; wrap-around at the edges), "torus3d"
// (TorusX x TorusY x TorusZ chips, TorusZ >= 2, each joined to its six
// neighbours: the Z links at ZLinkMBps) or "switch" (TorusX chips,
// TorusY = TorusZ = 1, each with one port to a switch that joins them all:
// a transfer goes up one chip's port and down the other's). Chip (x, y, z)
// is chip (z * TorusY + y) * TorusX + x.
class Instance<string name, Chip chip, int torusX, int torusY> {
  string Name = name;
  Chip Chip = chip;
  string Topology = "torus2d";
  int TorusX = torusX;
  int TorusY = torusY;
  int TorusZ = 1;
  int LinksPerChip = 4;
  // One link's bandwidth in one direction, MB/s: the chip's published
  // NeuronLink figure divided by its links (each direction its own).
  int LinkMBps = 0;
  string LinkSource = "";
  // One Z link's (torus3d), the same unless a preset says otherwise.
  int ZLinkMBps = LinkMBps;
  string ZLinkSource = LinkSource;
  // A message's delay on a link beyond its bytes: per hop.
  int HopNs = 0;
  string HopSource = "";
  string Source = "";
}

// A collective moves its data in slices of at most this many bytes, each one
// DMA transfer over one hop, so that a ring forwards a slice while the next
// arrives. chosen: unpublished; 1 MiB keeps the DMA's 1300 ns fixed cost
// under 1/3 of a slice's time on a 256 GB/s link, so large collectives are
// link-bound, and a 64 MiB all-reduce over 16 chips is 960 slices per link.
def CollectiveSliceBytes { int Bytes = 1048576; }

// I1: "16 Trainium chips ... 2D torus"; the v2.9 trn1 page calls the same
// graph a 4D hypercube (a 4x4 torus is one: each chip has 4 neighbours at
// distance 1 in both). H2 table: NeuronLink-v2, 384 GB/s per chip, 4 links:
// 96 GB/s per link and direction (chosen: the per-chip figure taken as the
// sum of the links, each direction counted once).
def trn1_32xlarge : Instance<"trn1.32xlarge", trn1, 4, 4> {
  let LinkMBps = 96000;
  let LinkSource = "H2: 384 GB/s per chip over 4 links";
  let HopNs = 500;
  let HopSource = "chosen: unpublished; a SerDes link hop, about twice the 300 ns DMA semaphore "
    "delay";
  let Source = "I1: 16 chips, 2D torus";
}

// I2: trn2.48xlarge, 16 chips in a 4x4 2D torus, 1,024 GB/s NeuronLink per
// chip inside the instance. H2 gives 1.28 TB/s per chip (NeuronLink-v3, 4
// links) for the chip; chosen: I2's instance figure, since it describes the
// links this preset models (the difference would be the UltraServer's
// links between instances, 256 GB/s per chip, I2). 1,024 / 4 = 256 GB/s
// per link and direction.
def trn2_48xlarge : Instance<"trn2.48xlarge", trn2, 4, 4> {
  let LinkMBps = 256000;
  let LinkSource = "I2: 1,024 GB/s per chip inside trn2.48xlarge over 4 links (H2: 1.28 TB/s)";
  let HopNs = 500;
  let HopSource = "chosen: unpublished; as trn1.32xlarge";
  let Source = "I2: 16 chips, 4x4 2D torus";
}

// A 3D torus: X x Y planes joined along Z, chip (x, y) of plane z to chip
// (x, y) of planes z + 1 and z - 1 (wrap-around: a ring of planes).
class Torus3dInstance<string name, Chip chip, int torusX, int torusY, int torusZ>
    : Instance<name, chip, torusX, torusY> {
  let Topology = "torus3d";
  let TorusZ = torusZ;
  let LinksPerChip = 6;
}

// I2: a Trn2 UltraServer joins four trn2.48xlarge instances, 64 Trainium2
// chips; inside each instance its 16 chips form the 4x4 torus of
// trn2.48xlarge, 1,024 GB/s per chip (256 GB/s per link and direction, as
// above); between the instances NeuronLink gives 256 GB/s per chip (I2).
// (derived: 1,024 + 256 = 1,280 GB/s, H2's 1.28 TB/s per chip.) How the
// instances are joined is not published: chosen, a 4x4x4 3D torus, chip
// (x, y) of instance z linked to chip (x, y) of instances z + 1 and z - 1
// (the four instances a ring along Z). Its Z links split I2's 256 GB/s per
// chip over the chip's two Z links (+z, -z): 128 GB/s per link and
// direction (chosen: as trn1.32xlarge, the per-chip figure taken as the sum
// of its links, each direction counted once). A ring all-reduce over the
// 64 chips crosses Z links, so 128 GB/s bounds a large one.
def trn2_ultraserver : Torus3dInstance<"trn2-ultraserver", trn2, 4, 4, 4> {
  let LinkMBps = 256000;
  let LinkSource = "I2: 1,024 GB/s per chip inside each trn2.48xlarge over 4 links";
  let ZLinkMBps = 128000;
  let ZLinkSource = "I2: 256 GB/s per chip between instances over 2 Z links (chosen: a 3D "
    "torus)";
  let HopNs = 500;
  let HopSource = "chosen: unpublished; as trn1.32xlarge";
  let Source = "I2: 64 chips, four trn2.48xlarge (4x4 2D torus each) joined by NeuronLink; "
    "chosen: a 4x4x4 3D torus";
}

// A switched fabric: every chip's links together as one port to the switch.
class SwitchedInstance<string name, Chip chip, int chips> : Instance<name, chip, chips, 1> {
  let Topology = "switch";
}

// I3: Trainium3 chips "connect over a PCIe Gen6 switched fabric
// (NeuronSwitch-v1)"; the Trn3 UltraServer joins 144 of them. H3 gives
// NeuronLink-v4 at 2.56 TB/s per device; the UltraServer table gives
// 2,048 GiB/s per device. chosen: the UltraServer table's, since this
// preset is the UltraServer (as trn2.48xlarge takes its instance's figure):
// 2,048 GiB/s = 2,199,023 MB/s per chip port and direction. One core per
// chip (--cores 1) keeps 144 chips to a few hundred MiB of host memory;
// issue 15 spreads it over MPI ranks.
def trn3_ultraserver : SwitchedInstance<"trn3-ultraserver", trn3, 144> {
  let LinksPerChip = 4;
  let LinkMBps = 2199023;
  let LinkSource = "I3 UltraServer table: 2,048 GiB/s per device (H3: 2.56 TB/s)";
  let HopNs = 500;
  let HopSource = "chosen: unpublished; a hop up to the switch and one down, each as a "
    "trn2 link hop";
  let Source = "I3: 144 chips, switched fabric (NeuronSwitch-v1)";
}
