#include "core/rewrite/substitute_step.h"

#include "core/rewrite/listener.h"
#include "core/rewrite/rule.h"

#include <string>

namespace uops {
namespace {

UOpPtr noMatch(const Match&) {
  return nullptr;
}

// One step of the trace: `pairs` in order, ending on `output`; replayed by
// substitute() in `scope`, or by the rewrite driver where none.
void record(RewriteListener& listener, std::string_view name, const UOpPtr& input,
            const std::vector<std::pair<const UOp*, UOpPtr>>& pairs, const UOpPtr& output,
            std::optional<WalkScope> scope, const std::source_location& location) {
  RewriteStepInfo info{.name = name, .location = location, .substitution = scope};
  listener.stepBegin(info, input);
  Rule rule(std::string(name), UPat::any(), noMatch, location);
  for (const auto& [matched, replacement] : pairs)
    listener.ruleFired(rule, matched->ptr(), replacement);
  listener.stepEnd(output, {});
}

} // namespace

UOpPtr substituteStep(std::string_view name, const UOpPtr& root, const NodeSubst& subst, WalkScope scope,
                      std::source_location location) {
  UOpPtr out = substitute(root, subst, scope);
  RewriteListener* listener = currentRewriteListener();
  if (!listener) return out;
  // the keys the substitution reaches: a walk that does not enter a replaced node
  std::vector<std::pair<const UOp*, UOpPtr>> pairs;
  const auto entered = [&](const UOp& node, size_t i) { return !subst.contains(&node) && followsSource(node, i, scope); };
  for (const UOp* u : postOrder(*root, entered))
    if (auto key = subst.find(u); key != subst.end()) pairs.emplace_back(u, key->second);
  record(*listener, name, root, pairs, out, scope, location);
  return out;
}

UOpPtr recordPass(std::string_view name, const UOpPtr& input, const NodeSubst& changed, WalkScope scope,
                  std::source_location location) {
  auto valueOf = [&](const UOp* u) {
    auto it = changed.find(u);
    return it == changed.end() ? u->ptr() : it->second;
  };
  UOpPtr out = valueOf(input.get());
  RewriteListener* listener = currentRewriteListener();
  if (!listener) return out;
  std::vector<std::pair<const UOp*, UOpPtr>> pairs;
  for (const UOp* u : toposortIn(*input, scope)) {
    UOpList src = u->src();
    bool sourcesChanged = false;
    for (size_t i = 0; i < src.size(); ++i) {
      if (!followsSource(*u, i, scope)) continue;
      UOpPtr v = valueOf(src[i].get());
      sourcesChanged = sourcesChanged || v != src[i];
      src[i] = std::move(v);
    }
    UOpPtr value = valueOf(u);
    UOpPtr rebuilt = sourcesChanged ? u->withSrc(std::move(src)) : u->ptr();
    if (value != rebuilt) pairs.emplace_back(u, std::move(value));
  }
  record(*listener, name, input, pairs, out, scope, location);
  return out;
}

UOpPtr replayStep(std::string_view name, const UOpPtr& root, std::span<const RewritePair> pairs,
                  std::source_location location) {
  UOpPtr out = replayRewrites(root, pairs, false);
  if (RewriteListener* listener = currentRewriteListener()) {
    std::vector<std::pair<const UOp*, UOpPtr>> recorded;
    for (const RewritePair& p : pairs)
      recorded.emplace_back(p.matched.get(), p.replacement);
    record(*listener, name, root, recorded, out, std::nullopt, location);
  }
  return out;
}

UOpPtr recordWholeGraph(std::string_view name, const UOpPtr& input, const UOpPtr& output,
                        std::source_location location) {
  if (RewriteListener* listener = currentRewriteListener()) {
    std::vector<std::pair<const UOp*, UOpPtr>> pairs;
    if (output != input) pairs.emplace_back(input.get(), output);
    record(*listener, name, input, pairs, output, WalkScope::All, location);
  }
  return output;
}

} // namespace uops
