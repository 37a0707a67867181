//===- VectorRules.cpp - Vector, Scalar and GpSimd instructions -----------===//
//
// Unless an instruction says otherwise, its tensor operands have the same
// shape (InstrVector.td): elements pair up in access-pattern order, and the
// result has the shape of the inputs. The rules follow the ISA reference's
// text for each instruction.
//
//===----------------------------------------------------------------------===//

#include "Rules.h"

#include <fmt/format.h>

namespace trn::verify {

namespace {

uint32_t partitionsOf(Rules &R, const char *Name) { return R.shape(Name).P; }

void tensorTensor(Rules &R) {
  R.notBothPsum("src0", "src1");
  if (R.sameShape("src1", "src0"))
    R.sameShape("dst", "src0");
}

void tensorTensorScan(Rules &R) {
  tensorTensor(R);
  R.perPartition("initial", partitionsOf(R, "src0"));
}

void tensorScalar(Rules &R) {
  using isa::AluOp;
  AluOp Op0 = R.alu("op0"), Op1 = R.alu("op1");
  isa::Engine E = R.I.Eng;
  if (E == isa::Engine::ACT) {
    const char *Rule0 = "on the Scalar engine, tensor_scalar takes op0 multiply or add and op1 "
                        "add or bypass";
    if (Op0 != AluOp::Multiply && Op0 != AluOp::Add)
      R.fail("op0", Rule::Op, fmt::format("{}; op0 is '{}'", Rule0, aluName(Op0)));
    else if (Op1 != AluOp::Add && Op1 != AluOp::Bypass)
      R.fail("op1", Rule::Op, fmt::format("{}; op1 is '{}'", Rule0, aluName(Op1)));
  }
  if (E != isa::Engine::DVE) {
    const char *Name = isBitvec(Op0) ? "op0" : isBitvec(Op1) ? "op1" : nullptr;
    if (Name)
      R.fail(Name, Rule::Op,
             fmt::format("bitvec ops in tensor_scalar run on the Vector engine only; '{}' runs "
                         "on {}",
                         aluName(R.alu(Name)), isa::engine(E).RecordName));
  }
  R.sameShape("dst", "src");
  R.perPartition("operand0", partitionsOf(R, "src"));
  R.perPartition("operand1", partitionsOf(R, "src"));
}

void scalarTensorTensor(Rules &R) {
  R.arithmetic("op0");
  R.arithmetic("op1");
  tensorTensor(R);
  R.perPartition("scalar", partitionsOf(R, "src0"));
}

void activation(Rules &R) {
  R.sameShape("dst", "src");
  uint32_t P = partitionsOf(R, "src");
  R.perPartition("scale", P);
  R.perPartition("bias", P);
  if (R.present("accum"))
    R.shapeIs("accum", {P, 1}, "one sum per partition of 'src'");
}

void copyPredicated(Rules &R) {
  R.sameDType("src", "dst", "the copy is bit-exact, so they share a dtype");
  R.sameShape("src", "dst");
  R.sameShape("predicate", "dst");
}

void select(Rules &R) {
  if (R.sameShape("on_false", "on_true") && R.sameShape("predicate", "on_true"))
    R.sameShape("dst", "on_true");
}

void tensorReduce(Rules &R) {
  R.reducible("op");
  const isa::AccessPattern &Src = R.ap("src");
  int64_t Axes = R.imm("axes");
  if (Axes < 1 || Axes > static_cast<int64_t>(Src.NumDims)) {
    R.fail("axes", Rule::Shape,
           fmt::format("axes={} but 'src' has {} free dimension{}", Axes, Src.NumDims,
                       Src.NumDims == 1 ? "" : "s"));
    return;
  }
  uint64_t Inner = 1;
  for (uint32_t D = Src.NumDims - static_cast<uint32_t>(Axes); D < Src.NumDims; ++D)
    Inner *= Src.Dims[D].Count;
  uint64_t Outer = Src.elementsPerPartition() / Inner;
  R.shapeIs("dst", {Src.NumPartitions, Outer},
            fmt::format("'src' {} keeps its partitions and {} element{} in each once its {} "
                        "innermost free dimension{} {} reduced",
                        str(R.shape("src")), Outer, Outer == 1 ? "" : "s", Axes,
                        Axes == 1 ? "" : "s", Axes == 1 ? "is" : "are"));
}

void bnStats(Rules &R) {
  R.shapeIs("dst", {partitionsOf(R, "src"), 6},
            "(count, mean, M2) of the even and the odd elements of each partition of 'src'");
}

void bnAggr(Rules &R) {
  Shape S = R.shape("src");
  if (S.N == 0 || S.N % 3)
    R.fail("src", Rule::Shape,
           fmt::format("{} has {} elements per partition: bn_aggr takes (count, mean, M2) "
                       "triples",
                       R.what("src"), S.N));
  R.shapeIs("dst", {S.P, 2}, "(mean, variance) per partition of 'src'");
}

void atLeastEight(Rules &R) {
  Shape S = R.shape("src");
  if (S.N < 8)
    R.fail("src", Rule::Shape,
           fmt::format("{} has {} elements per partition; '{}' needs at least 8", R.what("src"),
                       S.N, R.D.Mnemonic));
}

void max8(Rules &R) {
  atLeastEight(R);
  R.shapeIs("dst", {partitionsOf(R, "src"), 8}, "the 8 largest of each partition of 'src'");
}

void findIndex8(Rules &R) {
  atLeastEight(R);
  uint32_t P = partitionsOf(R, "src");
  R.shapeIs("values", {P, 8}, "8 values for each partition of 'src'");
  R.shapeIs("dst", {P, 8}, "an index for each of the 8 values of each partition");
}

void rangeSelect(Rules &R) {
  R.comparison("cmp0");
  R.comparison("cmp1");
  R.sameShape("dst", "src");
  uint32_t P = partitionsOf(R, "src");
  R.perPartition("bound0", P);
  R.perPartition("bound1", P);
  if (R.present("reduce"))
    R.shapeIs("reduce", {P, 1}, "one maximum per partition of 'src'");
}

void partitionReduce(Rules &R) {
  R.reducible("op");
  R.shapeIs("dst", {1, R.shape("src").N},
            "one partition of as many elements as each partition of 'src'");
}

void partitionBroadcast(Rules &R) {
  R.shapeIs("src", {1, R.shape("dst").N},
            "one partition of as many elements as each partition of 'dst'");
}

void dveTranspose(Rules &R) {
  if (!R.sameDType("dst", "src", "a transpose is bit-exact and keeps the dtype"))
    return;
  Shape S = R.shape("src");
  if (S.P <= 32 && S.N <= 32) {
    R.shapeIs("dst", {static_cast<uint32_t>(S.N), S.P},
              fmt::format("'src' is {}, one tile, transposed", str(S)));
    return;
  }
  if (S.P % 32 || S.N % 32) {
    R.fail("src", Rule::Shape,
           fmt::format("{} is {}: beyond one 32x32 tile both sizes must be multiples of 32",
                       R.what("src"), str(S)));
    return;
  }
  R.shapeIs("dst", S, "each 32x32 block is transposed in place");
}

void affineSelect(Rules &R) {
  R.comparison("cmp");
  R.sameShape("src", "dst");
}

} // namespace

void vectorRules(Rules &R) {
  using isa::Opcode;
  switch (R.I.Op) {
  case Opcode::TENSOR_TENSOR:
    return tensorTensor(R);
  case Opcode::TENSOR_TENSOR_SCAN:
    return tensorTensorScan(R);
  case Opcode::TENSOR_SCALAR:
    return tensorScalar(R);
  case Opcode::SCALAR_TENSOR_TENSOR:
    return scalarTensorTensor(R);
  case Opcode::TENSOR_COPY:
  case Opcode::RECIPROCAL:
    R.sameShape("dst", "src");
    return;
  case Opcode::TENSOR_COPY_PREDICATED:
    return copyPredicated(R);
  case Opcode::SELECT:
    return select(R);
  case Opcode::ACTIVATION:
    return activation(R);
  case Opcode::TENSOR_REDUCE:
    return tensorReduce(R);
  case Opcode::BN_STATS:
    return bnStats(R);
  case Opcode::BN_AGGR:
    return bnAggr(R);
  case Opcode::MAX8:
    return max8(R);
  case Opcode::FIND_INDEX8:
    return findIndex8(R);
  case Opcode::RANGE_SELECT:
    return rangeSelect(R);
  case Opcode::PARTITION_REDUCE:
    return partitionReduce(R);
  case Opcode::PARTITION_BROADCAST:
    return partitionBroadcast(R);
  case Opcode::TRANSPOSE_DVE:
    return dveTranspose(R);
  case Opcode::AFFINE_SELECT:
    return affineSelect(R);
  default:
    return; // memset, iota: their operands alone say everything
  }
}

} // namespace trn::verify
