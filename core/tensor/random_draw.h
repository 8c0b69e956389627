// Deferred random draws: how a program loader models tinygrad's lazy RNG counter.
//
// tinygrad keeps each device's Threefry counter in a device buffer that every
// rand() assigns to lazily; a random tensor reads the counter through that
// assignment. Realizing anything that depends on the counter writes the
// buffer, and a random tensor created earlier but realized later then reads
// the buffer's newer value. A loader that models realization (core/program)
// installs a RealizationModel on its thread: rand() then returns the model's
// placeholder for the draw, and the model builds the values with
// randomFromCounter once it knows which counter value the draw reads, and
// Tensor::assign keeps the graphs it replaces (TensorImpl::assignedOver).
// Without a model rand() builds the values at once from the draw's own counter.
#pragma once

#include "core/ir/shape.h"
#include "core/tensor/tensor.h"

#include <cstdint>
#include <string>

namespace uops {

struct RandomDraw {
  std::string device;
  uint32_t key0 = 0, key1 = 0; // the device's seed words
  uint64_t epoch = 0;          // manual_seed calls so far: each starts a new counter
  uint64_t index = 0;          // draws on this device in this epoch before this one
  uint64_t counterAfter = 0;   // the counter once this draw reserved its words
  uint64_t num = 0;            // uint32 words drawn
  Shape shape;
  DType dtype = dtypes::float32;
};

class RealizationModel {
public:
  virtual ~RealizationModel() = default;
  virtual Tensor randomLeaf(const RandomDraw& draw) = 0;
};

// The model on this thread (null: none).
void setRealizationModel(RealizationModel* model);
RealizationModel* realizationModel();

// The draw's values when the counter buffer it reads holds `counter`: its
// words start at counter - num, as tinygrad's `counter - num` after the assign.
Tensor randomFromCounter(const RandomDraw& draw, uint64_t counter);

} // namespace uops
