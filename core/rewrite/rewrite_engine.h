// RewriteEngine: the driver behind graphRewrite and replayRewrites (internal).
//
// A template over the thing that proposes a replacement for one node, so the
// rule path and the replay path share one traversal (and so visit nodes in
// the same order) and neither pays for an indirect call per node.
//
// State per call: a memo from node to its result (or "in progress"), a stack
// of frames, and an arena that keeps every node made during the call alive so
// memo keys stay valid. A frame works on one node at a time; when a rule (or
// a rebuild) replaces its node, the old node waits on the frame and gets the
// frame's final result too, so a chain of replacements uses one frame.
#pragma once

#include "core/rewrite/cancel.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/listener.h"
#include "core/ir/scratch_node_set.h"
#include "core/ir/provenance.h"

#include <deque>
#include <fmt/format.h>

namespace uops {

template <class Rewriter> class RewriteEngine {
public:
  RewriteEngine(Rewriter& rewriter, const RewriteOptions& opts, RewriteListener* listener)
      : m_rewriter(rewriter), m_opts(opts), m_listener(listener) {}

  UOpPtr run(const UOpPtr& root) {
    m_stack.push_back({&root, kNone, State::Enter});
    for (uint32_t polls = 1; !m_stack.empty(); ++polls) {
      if ((polls & 1023) == 0 && rewriteCancelRequested()) throw RewriteCancelled(); // cancel.h
      step();
    }
    return *result(root.get());
  }

  const RewriteStats& stats() const { return m_stats; }

private:
  static constexpr uint32_t kNone = ~0u;
  enum class State : uint8_t {
    Enter,   // not looked at yet: may be done already
    Fresh,   // marked in progress, sources not yet pushed
    Sources, // sources pushed; when on top again they are all done
  };
  struct Frame {
    const UOpPtr* node;
    uint32_t waiters; // head of this frame's list in m_waiters
    State state;
  };
  struct Waiter {
    const UOp* key;
    uint32_t next;
  };

  // A sentinel result: the node is being rewritten by a frame below.
  static const UOpPtr* inProgress() {
    static const UOpPtr marker;
    return &marker;
  }

  const UOpPtr* result(const UOp* node) {
    const UOpPtr** r = m_memo.find(node);
    return r && *r != inProgress() ? *r : nullptr;
  }

  void step() {
    size_t i = m_stack.size() - 1;
    switch (m_stack[i].state) {
    case State::Enter: {
      const UOp* u = m_stack[i].node->get();
      if (const UOpPtr** r = m_memo.find(u)) {
        if (*r == inProgress()) throwCycle();
        finish(i, *r);
        return;
      }
      m_memo[u] = inProgress();
      ++m_stats.visits;
      [[fallthrough]];
    }
    case State::Fresh:
      if (m_opts.topDown && !rulesAtTop(i)) return;
      m_stack[i].state = State::Sources;
      pushSources(i);
      return;
    case State::Sources:
      sourcesDone(i);
      return;
    }
  }

  // Top-down: rules on the frame's node until none matches. False if the
  // frame finished (its node reached a result already known).
  bool rulesAtTop(size_t i) {
    for (;;) {
      UOpPtr r = propose(*m_stack[i].node);
      if (!r) return true;
      if (!switchTo(i, keep(std::move(r)), State::Fresh)) return false;
    }
  }

  // A source none of whose nodes has an op the rewriter may match is its own
  // result: nothing under it can change (no rule fires, so no source changes).
  void pushSources(size_t i) {
    const UOpList& src = m_stack[i].node->get()->src();
    for (size_t j = src.size(); j-- > 0;) {
      const UOp* s = src[j].get();
      if (result(s)) continue;
      if ((s->opsBelow() & m_rewriter.ops()).none() && !m_memo.find(s)) {
        m_memo[s] = &src[j];
        continue;
      }
      m_stack.push_back({&src[j], kNone, State::Enter});
    }
  }

  void sourcesDone(size_t i) {
    const UOpPtr* node = m_stack[i].node;
    if (UOpPtr rebuilt = rebuild(**node)) {
      ++m_stats.rebuilds;
      // Bottom-up: the rebuilt node's sources are final, so rules come next.
      // Top-down: the rebuilt node gets the rules at its top again.
      State next = m_opts.topDown ? State::Fresh : State::Sources;
      if (!switchTo(i, keep(std::move(rebuilt)), next)) return;
      if (m_opts.topDown) return;
      node = m_stack[i].node;
    }
    if (m_opts.topDown) return finish(i, node);
    UOpPtr r = propose(*node);
    if (!r) return finish(i, node);
    switchTo(i, keep(std::move(r)), State::Fresh); // a replacement is itself rewritten
  }

  // The node with its sources replaced by their results; null if none changed.
  UOpPtr rebuild(const UOp& u) {
    const UOpList& src = u.src();
    size_t first = 0;
    while (first < src.size() && result(src[first].get())->get() == src[first].get())
      ++first;
    if (first == src.size()) return nullptr;
    UOpList out;
    out.reserve(src.size());
    for (const UOpPtr& s : src)
      out.push_back(*result(s.get()));
    ProvenanceScope from(u.line()); // the node rebuilt on new sources
    return UOp::make(u.op(), u.dtype(), std::move(out), u.arg(), u.tag());
  }

  UOpPtr propose(const UOpPtr& node) {
    const Rule* fired = nullptr;
    UOpPtr r = m_rewriter(node, &fired);
    if (!r) return r;
    m_lastRule = fired;
    if (++m_stats.rewrites > m_opts.maxRewrites) throwLimit();
    if (m_listener && fired) m_listener->ruleFired(*fired, node, r);
    return r;
  }

  const UOpPtr* keep(UOpPtr node) { return &m_arena.emplace_back(std::move(node)); }

  // The frame's node is replaced by `next`: finish with next's result if it is
  // known (false), else work on `next` and let the old node wait (true).
  bool switchTo(size_t i, const UOpPtr* next, State state) {
    const UOp* k = next->get();
    if (const UOpPtr** r = m_memo.find(k)) {
      if (*r == inProgress()) throwCycle();
      finish(i, *r);
      return false;
    }
    m_memo[k] = inProgress();
    Frame& f = m_stack[i];
    m_waiters.push_back({f.node->get(), f.waiters});
    f.waiters = static_cast<uint32_t>(m_waiters.size() - 1);
    f.node = next;
    f.state = state;
    return true;
  }

  void finish(size_t i, const UOpPtr* res) {
    const Frame& f = m_stack[i];
    m_memo[f.node->get()] = res;
    for (uint32_t w = f.waiters; w != kNone; w = m_waiters[w].next)
      m_memo[m_waiters[w].key] = res;
    m_memo[res->get()] = res; // a result is its own fixed point
    m_stack.pop_back();
  }

  std::string where() const {
    return fmt::format("graphRewrite '{}' ({}:{})", m_opts.name, m_opts.location.file_name(),
                       m_opts.location.line());
  }
  std::string lastRuleText() const {
    if (!m_lastRule) return "no rule";
    return fmt::format("rule '{}' ({})", m_lastRule->name(), m_lastRule->locationText());
  }
  std::string lastRuleName() const { return m_lastRule ? m_lastRule->name() : std::string(); }

  [[noreturn]] void throwCycle() const {
    throw RewriteError(fmt::format("{}: infinite loop: {} leads back to a node that is still "
                                   "being rewritten",
                                   where(), lastRuleText()),
                       std::string(m_opts.name), lastRuleName());
  }
  [[noreturn]] void throwLimit() const {
    throw RewriteError(fmt::format("{}: infinite loop: more than {} rewrites, the last by {}",
                                   where(), m_opts.maxRewrites, lastRuleText()),
                       std::string(m_opts.name), lastRuleName());
  }

  Rewriter& m_rewriter;
  const RewriteOptions& m_opts;
  RewriteListener* m_listener;
  ScratchNodeMap<const UOpPtr*> m_memo;
  std::deque<UOpPtr> m_arena;
  std::vector<Frame> m_stack;
  std::vector<Waiter> m_waiters;
  const Rule* m_lastRule = nullptr;
  RewriteStats m_stats;
};

} // namespace uops
