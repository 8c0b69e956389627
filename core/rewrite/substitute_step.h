// Passes that change a graph without rules, recorded as rewrites.
//
// Some passes are a substitution by nature: Callify swaps inputs for Params,
// an OptOp swaps a range for its split parts, Expand swaps a range for its
// copies. Recorded with these, each swap is a rewrite of the trace, named by
// the pass and located at its caller, and replaying the first k of them (one
// pass of substitute(), core/ir/graph_walk.h) gives the graph after k swaps;
// all of them give the pass's output. Without a listener they cost what
// substitute() costs.
#pragma once

#include "core/ir/graph_walk.h"
#include "core/rewrite/graph_rewrite.h"

#include <source_location>
#include <string_view>
#include <vector>

namespace uops {

// substitute(root, subst, scope), recorded as the step `name`: one rewrite per
// key the walk reaches, in the walk's order (sources first).
UOpPtr substituteStep(std::string_view name, const UOpPtr& root, const NodeSubst& subst,
                      WalkScope scope = WalkScope::All,
                      std::source_location location = std::source_location::current());

// A pass that computed a new value for nodes of `input` (`changed`: node ->
// its value; a node not in it keeps itself), recorded as the step `name`. Its
// rewrites are the nodes whose value is not merely the node rebuilt on its
// sources' values (what substitute() would rebuild by itself), so the step
// replays to `changed`'s value of the root. Returns that value.
// Only nodes within `scope` are the pass's.
UOpPtr recordPass(std::string_view name, const UOpPtr& input, const NodeSubst& changed,
                  WalkScope scope = WalkScope::All,
                  std::source_location location = std::source_location::current());

// replayRewrites(root, pairs, bottom-up) recorded as the step `name`: a table
// of replacements the rewrite driver applies (each node equal to a matched one
// becomes its replacement, the users above rebuilt, the result rewritten again).
UOpPtr replayStep(std::string_view name, const UOpPtr& root, std::span<const RewritePair> pairs,
                  std::source_location location = std::source_location::current());

// A pass over the whole graph (a listing, a schedule order) recorded as the
// step `name` with one rewrite: `input` became `output`. Returns `output`.
UOpPtr recordWholeGraph(std::string_view name, const UOpPtr& input, const UOpPtr& output,
                        std::source_location location = std::source_location::current());

} // namespace uops
