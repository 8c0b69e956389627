// tinygrad's `Tensor.training` class attribute: dropout (and attention's
// dropout) apply only while it is True. One flag per process, as in tinygrad;
// the loader resets it to False before each program.
#pragma once

namespace uops::program {

bool trainingMode();
void setTrainingMode(bool on);

} // namespace uops::program
