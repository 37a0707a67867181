//===- trn/trace/OperandName.h - a memory operand's symbol -------*- C++ -*-===//
//
// What a tensor operand touches, named as the assembly language names it
// (docs/assembly.md, section 9.2): the tensor or allocation holding its
// base, and a slice where it covers only part of it. The traces name DMA
// transfers with it ("a[0:128] -> a_s").
//
//===----------------------------------------------------------------------===//
#ifndef TRN_TRACE_OPERANDNAME_H
#define TRN_TRACE_OPERANDNAME_H

#include "trn/isa/Instr.h"
#include "trn/object/Program.h"

#include <string>

namespace trn::trace {

// The tensor (HBM) or allocation (SBUF, PSUM) of P whose bytes hold AP's
// base (and, on chip, its first partition), then in brackets the indices of
// the span AP covers there, outermost first: an integer where the span
// stays within one position, lo:hi where it covers a range (and stops
// there: the inner dimensions of a range are not narrowed), ':' for a whole
// dimension, trailing whole dimensions left out. On chip the first index is
// the partitions, exactly; the others come from the byte span within a
// partition. "a" (all of it), "a[0:128]", "a_s[:, 1]", "x[5, 0:32]". A
// register offset, known at run time only, is shown as in the source:
// "a[0:128] + r3" (the span is the static one). Without a symbol: "hbm
// 0x1000", "sbuf[0:128] 0x40". Empty for an absent operand.
std::string operandName(const object::Program &P, const isa::AccessPattern &AP);

// A DMA instruction's transfer, named by what it moves: "a[0:128] -> a_s"
// (source, then destination).
std::string transferName(const object::Program &P, const isa::Instr &I);

} // namespace trn::trace

#endif
