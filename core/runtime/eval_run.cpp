#include "core/runtime/eval_run.h"

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
    stack.pop_back();
    in.clear();
    for (const Dep& d : ds)
      in.push_back(find(d));
    HostTensor value = computeChecked(task.dep.frame, node, in);
    m_frames[static_cast<size_t>(task.dep.frame)].values.emplace(&node, std::move(value));
  }
  return *find(Dep{0, &root});
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
