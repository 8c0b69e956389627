// Realization points as tinygrad has them, for the program being loaded.
//
// tinygrad's tensors are lazy graphs over buffers. realize() (and .item(),
// .tolist(), an optimizer's step(), a TinyJit call) computes some of them:
// each becomes a buffer holding its value, and every graph that contained it,
// or a graph it was assign()ed over, reads that buffer from then on, so a
// tensor realized later sees the buffer's newest value (a loss printed after
// opt.step() is computed from the updated weights). Its RNG counter is such a
// buffer too (core/tensor/random_draw.h).
//
// The Realizer models this on the host: a realized tensor's handle points at
// a placeholder Buffer leaf whose value it records; resolve() replaces every
// placeholder by what it holds now, giving the plain graph a device runs.
#pragma once

#include "core/tensor/random_draw.h"
#include "core/tensor/tensor.h"

#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace uops::program {

class Realizer final : public RealizationModel {
public:
  Tensor randomLeaf(const RandomDraw& draw) override;

  // tinygrad's Tensor.realize(*roots).
  void realize(const std::vector<Tensor>& roots);
  // The graph with every placeholder replaced by the value it holds now.
  UOpPtr resolve(const UOpPtr& root);
  Tensor resolved(const Tensor& t);
  // t as a buffer of its own holding t's value: what tinygrad's creation
  // functions give (Tensor.zeros(3) twice is two tensors an assign tells apart,
  // where here equal graphs are one node).
  Tensor ownStorage(const Tensor& t);

  int64_t realizations() const { return m_realizations; }

private:
  struct Draw {
    RandomDraw draw;
    UOpPtr frozen; // its values once realized
  };
  struct Counter {
    uint64_t epoch = 0;
    uint64_t index = 0; // the last draw whose counter update was realized
    uint64_t value = 0; // the counter buffer's value
  };

  UOpPtr drawValue(const UOp* view, Draw& d);
  UOpPtr newPlaceholder(const Tensor& like);

  // Placeholders are views (reshapes) of fresh Buffer leaves, keyed by the view.
  std::unordered_map<const UOp*, Draw> m_draws;    // random draws
  std::unordered_map<const UOp*, UOpPtr> m_values; // buffers -> the value they hold now
  std::unordered_set<const UOp*> m_views;          // every buffer placeholder
  std::map<std::string, Counter> m_counters;         // per device
  // Draws resolved since the last realization, with the values they read.
  std::unordered_map<const UOp*, UOpPtr> m_seen;
  std::vector<UOpPtr> m_keep;                        // owners of the maps' keys
  int64_t m_nextId = int64_t{1} << 40;               // apart from Tensor.empty's ids
  int64_t m_realizations = 0;
};

// The Realizer of the program loading on this thread, null outside a load.
Realizer* currentRealizer();

// t with storage of its own while a program loads (see Realizer::ownStorage).
Tensor ownStorage(const Tensor& t);

// Installs a Realizer for the current thread (and as its RealizationModel)
// for the scope's lifetime.
class RealizerScope {
public:
  explicit RealizerScope(Realizer& realizer);
  ~RealizerScope();
  RealizerScope(const RealizerScope&) = delete;
  RealizerScope& operator=(const RealizerScope&) = delete;

private:
  Realizer* m_previous;
  RealizationModel* m_previousModel;
};

} // namespace uops::program
