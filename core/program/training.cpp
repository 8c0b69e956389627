#include "core/program/training.h"

#include <atomic>

namespace uops::program {
namespace {

std::atomic<bool>& flag() {
  static std::atomic<bool> on{false};
  return on;
}

} // namespace

bool trainingMode() {
  return flag().load();
}

void setTrainingMode(bool on) {
  flag().store(on);
}

} // namespace uops::program
