#include "core/rewrite/graph_rewrite.h"

#include "core/rewrite/rewrite_engine.h"
#include "core/rewrite/rewrite_filter.h"

namespace uops {
namespace {

struct RuleRewriter {
  const PatternMatcher& pm;
  void* context;
  RewriteListener* listener;
  RewriteFilter* filter;
  UOpPtr operator()(const UOpPtr& node, const Rule** fired) const {
    return pm.rewrite(node, context, fired, listener, filter);
  }
  const OpSet& ops() const { return pm.ops(); }
};

struct TableRewriter {
  NodeMap<const UOpPtr*> table;
  OpSet tableOps; // the ops of the table's nodes
  const OpSet& ops() const { return tableOps; }
  UOpPtr operator()(const UOpPtr& node, const Rule**) {
    const UOpPtr** r = table.find(node.get());
    return r ? **r : nullptr;
  }
};

void addStats(RewriteStats* into, const RewriteStats& s) {
  if (!into) return;
  into->visits += s.visits;
  into->rewrites += s.rewrites;
  into->rebuilds += s.rebuilds;
}

} // namespace

UOpPtr graphRewrite(const UOpPtr& root, const PatternMatcher& pm, RewriteOptions opts) {
  if (!root) return root;
  RewriteListener* listener = currentRewriteListener();
  RuleRewriter rewriter{pm, opts.context, listener, currentRewriteFilter()};
  RewriteEngine<RuleRewriter> engine(rewriter, opts, listener);
  if (!listener) {
    UOpPtr out = engine.run(root);
    addStats(opts.stats, engine.stats());
    return out;
  }
  listener->stepBegin({opts.name, opts.location, opts.topDown, false, &pm}, root);
  UOpPtr out;
  try {
    out = engine.run(root);
  } catch (const std::exception& e) {
    listener->stepEnd(nullptr, e.what());
    throw;
  } catch (...) {
    listener->stepEnd(nullptr, "unknown exception");
    throw;
  }
  listener->stepEnd(out, {});
  addStats(opts.stats, engine.stats());
  return out;
}

UOpPtr replayRewrites(const UOpPtr& input, std::span<const RewritePair> pairs, bool topDown) {
  if (!input) return input;
  TableRewriter rewriter{NodeMap<const UOpPtr*>(pairs.size()), {}};
  for (const RewritePair& p : pairs)
    if (p.replacement) {
      rewriter.table[p.matched.get()] = &p.replacement;
      rewriter.tableOps |= opBit(p.matched->op());
    }
  RewriteOptions opts{.name = "replay", .topDown = topDown};
  opts.maxRewrites = pairs.size();
  RewriteEngine<TableRewriter> engine(rewriter, opts, nullptr);
  return engine.run(input);
}

} // namespace uops
