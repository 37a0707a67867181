//===- trn/run/Inputs.h - inputs a caller did not give ----------*- C++ -*-===//
//
// Input tensors without initial data must be bound before a run; those a
// caller leaves out are an error, or random values from a seed
// (--random-inputs, random_inputs=True): the same values whoever asks.
//
//===----------------------------------------------------------------------===//
#ifndef TRN_RUN_INPUTS_H
#define TRN_RUN_INPUTS_H

#include "trn/emu/Emulator.h"

#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <variant>

namespace trn::run {

// Sets tensor T to random values (emu::randomTensor's), a few MiB at a time
// so that a large tensor costs its HBM pages and no whole copy besides.
std::optional<std::string> randomizeTensor(emu::Emulator &E, const object::Tensor &T,
                                           std::mt19937_64 &Rng);

// The first input tensor that needs a value and is not in Given.
const object::Tensor *firstUnboundInput(const object::Program &P,
                                        const std::set<std::string> &Given);

// Every input not in Given set to random values from Seed, in declaration
// order; a message (naming the tensor) on failure.
std::optional<std::string>
randomizeUnboundInputs(emu::Emulator &E, const std::set<std::string> &Given, uint64_t Seed);

} // namespace trn::run

#endif
