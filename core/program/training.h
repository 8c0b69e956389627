// tinygrad's TRAINING context variable (tinygrad.helpers.TRAINING): dropout,
// attention's dropout, BatchNorm's batch statistics and an optimizer's step
// apply only while it is set (Context(TRAINING=1), or TRAINING=1 in the
// environment). One value per process, as in tinygrad; the loader resets it
// to the environment's before each program. `Tensor.training` is not it: in
// tinygrad a9069c1 that is a plain class attribute a program may set, which
// changes nothing.
#pragma once

#include <cstdint>

namespace uops::program {

bool trainingMode();
int64_t trainingValue();
void setTrainingValue(int64_t value);
void setTrainingMode(bool on);
// TRAINING as tinygrad reads it when it is imported: getenv("TRAINING", 0)
// (an int; text that is not one reads as 0).
int64_t trainingFromEnvironment();

} // namespace uops::program
