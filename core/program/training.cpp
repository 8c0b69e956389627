#include "core/program/training.h"

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <string_view>

namespace uops::program {
namespace {

std::atomic<int64_t>& trainingFlag() {
  static std::atomic<int64_t> value{0};
  return value;
}

} // namespace

bool trainingMode() {
  return trainingFlag().load() != 0;
}

int64_t trainingValue() {
  return trainingFlag().load();
}

void setTrainingValue(int64_t value) {
  trainingFlag().store(value);
}

void setTrainingMode(bool on) {
  setTrainingValue(on ? 1 : 0);
}

int64_t trainingFromEnvironment() {
  // getenv is safe here: nothing in this process sets variables while it runs.
  const char* text = std::getenv("TRAINING");
  if (!text) return 0;
  std::string_view s(text);
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && end == s.data() + s.size() ? value : 0;
}

} // namespace uops::program
