// The eight lowering stages, what each does (the spec's Lowering Pipeline table).
#pragma once

#include <span>
#include <string_view>

namespace uops::docs {

struct StageDoc {
  std::string_view name; // exactly as the pipeline names it: "Instruction Selection"
  std::string_view meaning;
};

std::span<const StageDoc> stageDocs();
// The stage's meaning, or "" for a name that is no stage.
std::string_view stageDoc(std::string_view stage);

} // namespace uops::docs
