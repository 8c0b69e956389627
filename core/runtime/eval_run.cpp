#include "core/runtime/eval_run.h"

#include <algorithm>
#include <unordered_set>

#include "core/ir/shape.h"
#include "core/runtime/tensor_movement.h"

#include <fmt/format.h>

namespace uops {
namespace {

bool isCallable(const UOp& node) {
  return node.op() == Op::Function || node.op() == Op::Call;
}

// The Tuple a Function or Call substitutes into; a Call of anything else is a
// compiled kernel, opaque to a tensor-level evaluator.
const UOp& callableBody(const UOp& callable) {
  const UOp& body = *callable.src(0);
  if (body.op() != Op::Tuple)
    throw EvalError(callable, fmt::format("its body is a {}, not a Tuple: a compiled kernel has no "
                                          "tensor-level value",
                                          opName(body.op())));
  return body;
}

} // namespace

// Post-order walk with an explicit stack: a node is computed once all its
// dependencies have values. Entries may repeat; a repeat finds the value memoised.
const HostTensor& EvalRun::valueOf(const UOp& root) {
  struct Task {
    Dep dep;
    bool expanded;
  };
  std::vector<Task> stack{{Dep{0, &root}, false}};
  std::vector<const HostTensor*> in;
  const std::atomic<bool>* cancel = m_evaluator.m_cancel;
  while (!stack.empty()) {
    if (cancel && cancel->load(std::memory_order_relaxed)) throw EvalCancelled();
    Task task = stack.back();
    if (find(task.dep)) {
      stack.pop_back();
      continue;
    }
    const UOp& node = *task.dep.node;
    std::vector<Dep> ds = depsChecked(task.dep.frame, node);
    if (!task.expanded) {
      stack.back().expanded = true;
      // Reversed, so the first source is evaluated first: Stores run in source order.
      for (auto d = ds.rbegin(); d != ds.rend(); ++d)
        if (!find(*d)) stack.push_back({*d, false});
      continue;
    }
    in.clear();
    for (const Dep& d : ds)
      in.push_back(find(d));
    if (std::find(in.begin(), in.end(), nullptr) != in.end()) {
      // a value freed since this node was expanded (read from a path the
      // count did not see): expanded again, it is computed again
      stack.back().expanded = false;
      continue;
    }
    stack.pop_back();
    HostTensor value = computeChecked(task.dep.frame, node, in);
    keep(task.dep.frame, node, std::move(value));
    if (task.dep.frame == 0) release(node, ds);
  }
  return *find(Dep{0, &root});
}

void EvalRun::keep(int frame, const UOp& node, HostTensor value) {
  if (frame == 0) {
    m_liveBytes += static_cast<int64_t>(value.bytes().size());
    m_peakBytes = std::max(m_peakBytes, m_liveBytes);
  }
  m_frames[static_cast<size_t>(frame)].values.emplace(&node, std::move(value));
}

void EvalRun::release(const UOp& reader, const std::vector<Dep>& read) {
  if (!m_counted.count(&reader)) return; // its reads were not counted: nothing to give back
  auto& values = m_frames[0].values;
  for (const Dep& d : read) {
    if (d.frame != 0) continue;
    auto r = m_readers.find(d.node);
    if (r == m_readers.end() || --r->second > 0) continue;
    auto v = values.find(d.node);
    if (v == values.end()) continue;
    m_liveBytes -= static_cast<int64_t>(v->second.bytes().size());
    values.erase(v);
  }
}

void EvalRun::countReaders(std::span<const UOpPtr> roots) {
  constexpr int64_t kept = int64_t{1} << 40; // never reaches zero
  std::vector<const UOp*> stack;
  std::unordered_set<const UOp*>& seen = m_counted;
  for (const UOpPtr& r : roots) stack.push_back(r.get());
  try {
    while (!stack.empty()) {
      const UOp* u = stack.back();
      stack.pop_back();
      if (!seen.insert(u).second) continue;
      for (const Dep& d : deps(0, *u)) {
        if (d.frame != 0) continue;
        ++m_readers[d.node];
        stack.push_back(d.node);
      }
      // a GetTuple of a Function or Call reads its frame: the callable's arguments come from here
      if (u->op() == Op::GetTuple && isCallable(*u->src(0))) stack.push_back(u->src(0).get());
      // a Function's or Call's arguments are read from the frames it opens,
      // and computed in this one: what they read is counted too
      if (isCallable(*u))
        for (size_t i = 1; i < u->src().size(); ++i) {
          m_readers[u->src(i).get()] = kept;
          stack.push_back(u->src(i).get());
        }
    }
  } catch (const std::exception&) {
    m_readers.clear(); // a malformed node: its error comes from the evaluation itself; nothing is freed
    m_counted.clear();
    return;
  }
  for (const UOpPtr& r : roots) m_readers[r.get()] = kept;
  for (auto& [node, count] : m_readers) {
    Op op = node->op();
    if (op == Op::Buffer || op == Op::Store || op == Op::After || op == Op::Param) count = kept;
  }
}

const HostTensor* EvalRun::find(const Dep& d) const {
  const auto& values = m_frames[static_cast<size_t>(d.frame)].values;
  auto it = values.find(d.node);
  return it == values.end() ? nullptr : &it->second;
}

// deps() with a malformed node (an arg of the wrong kind) reported as an EvalError.
std::vector<EvalRun::Dep> EvalRun::depsChecked(int frame, const UOp& node) {
  try {
    return deps(frame, node);
  } catch (const EvalError&) {
    throw;
  } catch (const std::exception& e) {
    throw EvalError(node, e.what());
  }
}

// What a node's value is computed from. Shape operands (the s' and o of
// Reshape, Expand, Pad, Shrink, Param) are read from the node, not evaluated.
std::vector<EvalRun::Dep> EvalRun::deps(int frame, const UOp& node) {
  Op op = node.op();
  if (op == Op::Param) {
    if (!m_frames[static_cast<size_t>(frame)].function) return {};
    return {paramArgument(frame, node)};
  }
  if (op == Op::Reshape || op == Op::Expand || op == Op::Pad || op == Op::Shrink)
    return {Dep{frame, node.src(0).get()}};
  if (op == Op::Reduce && node.src().size() == 1) {
    std::vector<Dep> out;
    for (const UOp* leaf : fusedReduce(node).leaves())
      out.push_back(Dep{frame, leaf});
    return out;
  }
  if (isCallable(node)) {
    // Evaluated for its effects (a Sink of it): every body element, in its frame.
    int child = childFrame(frame, node);
    std::vector<Dep> out;
    for (const auto& element : callableBody(node).src())
      out.push_back(Dep{child, element.get()});
    return out;
  }
  if (op == Op::GetTuple) {
    const UOp& tuple = *node.src(0);
    const int64_t* index = node.argIf<int64_t>();
    bool callable = isCallable(tuple);
    const UOp& elements = callable ? callableBody(tuple) : tuple;
    if (elements.op() != Op::Tuple)
      throw EvalError(
          node, fmt::format("its source is a {}, not a Tuple or Function", opName(tuple.op())));
    if (!index || *index < 0 || static_cast<size_t>(*index) >= elements.src().size())
      throw EvalError(node,
                      fmt::format("index out of range for a Tuple of {}", elements.src().size()));
    int at = callable ? childFrame(frame, tuple) : frame;
    return {Dep{at, elements.src(static_cast<size_t>(*index)).get()}};
  }
  std::vector<Dep> out;
  for (const auto& s : node.src())
    out.push_back(Dep{frame, s.get()});
  return out;
}

FusedReduce& EvalRun::fusedReduce(const UOp& reduce) {
  auto& fused = m_fusedReduces[&reduce];
  if (!fused) fused = std::make_unique<FusedReduce>(reduce);
  return *fused;
}

int EvalRun::childFrame(int frame, const UOp& callable) {
  auto& children = m_frames[static_cast<size_t>(frame)].children;
  if (auto it = children.find(&callable); it != children.end()) return it->second;
  int child = static_cast<int>(m_frames.size());
  m_frames.push_back(Frame{frame, &callable, {}, {}});
  children.emplace(&callable, child);
  return child;
}

// Param slot k in a frame stands for argument k of the frame's Function,
// valued in the frame that called it.
EvalRun::Dep EvalRun::paramArgument(int frame, const UOp& param) {
  const Frame& f = m_frames[static_cast<size_t>(frame)];
  int64_t slot = param.argAs<ParamArg>().slot;
  size_t args = f.function->src().size() - 1;
  if (slot < 0 || static_cast<size_t>(slot) >= args)
    throw EvalError(param, fmt::format("slot {} but the enclosing {} has {} arguments", slot,
                                       opName(f.function->op()), args));
  return Dep{f.parent, f.function->src(static_cast<size_t>(slot) + 1).get()};
}

HostTensor EvalRun::paramValue(const UOp& node, std::span<const HostTensor* const> in) {
  int64_t slot = node.argAs<ParamArg>().slot;
  HostTensor value;
  if (!in.empty()) {
    value = *in[0];
  } else if (auto it = m_evaluator.m_params.find(slot); it != m_evaluator.m_params.end()) {
    value = it->second;
  } else {
    throw EvalError(node,
                    fmt::format("Param slot {} is outside any Function and has no binding", slot));
  }
  if (value.dtype() != node.dtype() || value.shape() != node.shape())
    throw EvalError(node, fmt::format("Param slot {} is bound to a {} of shape {}", slot,
                                      toString(value.dtype()), toString(value.shape())));
  return value;
}

std::optional<HostTensor> EvalRun::suppliedBuffer(const UOp& buffer) const {
  if (auto it = m_evaluator.m_buffersByNode.find(&buffer); it != m_evaluator.m_buffersByNode.end())
    return it->second.second;
  if (auto it = m_evaluator.m_buffersById.find(buffer.argAs<BufferArg>().id);
      it != m_evaluator.m_buffersById.end())
    return it->second;
  if (m_evaluator.m_provider) return m_evaluator.m_provider(buffer);
  return std::nullopt;
}

// The contents the caller supplied, before any Store.
HostTensor EvalRun::bufferValue(const UOp& buffer) {
  if (auto it = m_initialBuffers.find(&buffer); it != m_initialBuffers.end()) return it->second;
  const BufferArg& arg = buffer.argAs<BufferArg>();
  std::optional<HostTensor> data = suppliedBuffer(buffer);
  if (!data)
    throw EvalError(buffer,
                    fmt::format("no data was supplied for Buffer id {} ({} elements on {})", arg.id,
                                shapeProduct(buffer.shape()), toString(arg.device)));
  if (data->dtype() != buffer.dtype() || data->numel() != shapeProduct(buffer.shape()))
    throw EvalError(buffer, fmt::format("the data supplied for Buffer id {} is {} elements of {}",
                                        arg.id, data->numel(), toString(data->dtype())));
  HostTensor value = data->withShape(buffer.shape());
  m_initialBuffers.emplace(&buffer, value);
  return value;
}

// The Buffer a Store writes or an After passes through: seen through After
// chains and through Params bound to it.
const UOp* EvalRun::storeTarget(int frame, const UOp* node) {
  while (true) {
    if (node->op() == Op::Buffer) return node;
    if (node->op() == Op::After) {
      node = node->src(0).get();
      continue;
    }
    if (node->op() != Op::Param || !m_frames[static_cast<size_t>(frame)].function) return nullptr;
    Dep arg = paramArgument(frame, *node);
    frame = arg.frame;
    node = arg.node;
  }
}

// Store(buf, val, gate?): write val (where gate holds) into buf. Its value is void.
HostTensor EvalRun::store(int frame, const UOp& node, std::span<const HostTensor* const> in) {
  const UOp* target = storeTarget(frame, node.src(0).get());
  if (!target)
    throw EvalError(node,
                    fmt::format("it writes into a {}, not a Buffer", opName(node.src(0)->op())));
  auto [it, fresh] = m_storedBuffers.try_emplace(target);
  if (fresh) it->second = bufferValue(*target);
  HostTensor& contents = it->second;
  const HostTensor& value = *in[1];
  if (value.dtype() != contents.dtype() || value.shape() != contents.shape())
    throw EvalError(node, fmt::format("it writes a {} of shape {} into a {} Buffer of shape {}",
                                      toString(value.dtype()), toString(value.shape()),
                                      toString(contents.dtype()), toString(contents.shape())));
  if (in.size() < 3) {
    contents = value;
    return HostTensor();
  }
  HostTensor gate = broadcastTo(*in[2], contents.shape());
  size_t n = static_cast<size_t>(contents.itemSize());
  std::span<std::byte> dst = contents.mutableBytes();
  for (int64_t i = 0; i < contents.numel(); ++i)
    if (gate.getBool(i))
      std::copy_n(value.bytes().data() + static_cast<size_t>(i) * n, n,
                  dst.data() + static_cast<size_t>(i) * n);
  return HostTensor();
}

// After(buf, deps...): its deps have run (they are its sources), so a Buffer
// reads as the Stores left it; anything else passes through.
HostTensor EvalRun::after(int frame, const UOp& node, const HostTensor& passthrough) {
  const UOp* target = storeTarget(frame, node.src(0).get());
  if (!target) return passthrough;
  auto it = m_storedBuffers.find(target);
  return it == m_storedBuffers.end() ? passthrough : it->second;
}

} // namespace uops
