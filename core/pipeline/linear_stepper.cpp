#include "core/pipeline/linear_stepper.h"

#include "core/ir/arg.h"
#include "core/ir/axis_type.h"
#include "core/pipeline/kernel_interpreter_impl.h"
#include "core/runtime/float_convert.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

using kernel_interp::Scalar;

bool isAlu(Op op) {
  switch (op) {
  case Op::Add: case Op::Sub: case Op::Mul: case Op::Idiv: case Op::Mod: case Op::Max: case Op::Neg:
  case Op::Recip: case Op::Sqrt: case Op::Exp2: case Op::Log2: case Op::Sin: case Op::Trunc: case Op::Pow:
  case Op::CmpLt: case Op::CmpNe: case Op::CmpEq: case Op::CmpGt: case Op::CmpGe: case Op::CmpLe:
  case Op::And: case Op::Or: case Op::Xor: case Op::Shl: case Op::Shr: case Op::Not:
  case Op::Mulacc: case Op::Div:
    return true;
  default:
    return false;
  }
}

} // namespace

LinearStepper::LinearStepper(UOpPtr linear, std::vector<HostTensor> params)
    : m_linear(std::move(linear)), m_params(std::move(params)) {
  const UOpList& code = m_linear->src();
  m_slots.resize(code.size());
  m_endOf.assign(code.size(), code.size());
  size_t registers = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    m_index.emplace(code[i].get(), i);
    registers += code[i]->op() == Op::Buffer;
  }
  m_registers.reserve(registers); // slots point into it
  for (size_t i = 0; i < code.size(); ++i) {
    const UOp& u = *code[i];
    if ((u.op() == Op::End && u.src().size() == 2) || u.op() == Op::Endif) {
      auto opener = m_index.find(u.op() == Op::End ? u.src(1).get() : u.src(0).get());
      if (opener != m_index.end()) m_endOf[opener->second] = i;
    }
    if (u.op() == Op::Param) {
      const auto slot = static_cast<size_t>(u.argAs<ParamArg>().slot);
      if (slot >= m_params.size())
        throw StepperError(fmt::format("Param slot {} has no buffer ({} given)", slot, m_params.size()));
      if (m_params[slot].dtype() != u.dtype().base())
        throw StepperError(fmt::format("Param slot {} is {}, the buffer given {}", slot, toString(u.dtype().base()),
                                       toString(m_params[slot].dtype())));
    }
  }
}

LinearStepper::Slot& LinearStepper::slot(const UOp& u) { return m_slots[m_index.at(&u)]; }

const LinearStepper::Slot& LinearStepper::operand(const UOp& u) const {
  auto it = m_index.find(&u);
  if (it == m_index.end() || !m_slots[it->second].set)
    throw StepperError(fmt::format("{} reads a value not computed yet", opName(u.op())));
  return m_slots[it->second];
}

void LinearStepper::step() {
  if (done()) return;
  exec(m_pc);
  ++m_steps;
}

size_t LinearStepper::run(const std::vector<size_t>& breakpoints, size_t limit) {
  size_t ran = 0;
  while (!done() && ran < limit) {
    step();
    ++ran;
    if (std::find(breakpoints.begin(), breakpoints.end(), m_pc) != breakpoints.end()) break;
  }
  return ran;
}

void LinearStepper::exec(size_t i) {
  const UOp& u = *instructions()[i];
  Slot& out = m_slots[i];
  size_t next = i + 1;
  auto scalarOf = [&](const UOp& s) {
    const Slot& v = operand(s);
    return Scalar{v.f, v.bits};
  };
  auto put = [&](Scalar s) {
    out.set = true;
    out.f = s.f;
    out.bits = s.bits;
  };
  auto element = [&](const UOp& index) -> std::pair<HostTensor*, int64_t> {
    const Slot& a = operand(index);
    if (!a.buffer || a.offset < 0) throw StepperError(fmt::format("{} through something that is no address", opName(u.op())));
    if (a.offset >= a.buffer->numel())
      throw StepperError(fmt::format("{} at element {} of a buffer of {}", opName(u.op()), a.offset, a.buffer->numel()));
    return {a.buffer, a.offset};
  };
  switch (u.op()) {
  case Op::Const: put(kernel_interp::constScalar(u)); break;
  case Op::Stack: case Op::Group: case Op::Barrier: case Op::Sink: break;
  case Op::Param:
    out = {true, 0, 0, &m_params[static_cast<size_t>(u.argAs<ParamArg>().slot)], -1};
    break;
  case Op::Buffer:
    if (out.set) break; // one per instruction, also inside a loop: the storage reserved for it stays put
    m_registers.emplace_back(u.dtype().base(), Shape{u.argAs<BufferArg>().size});
    out = {true, 0, 0, &m_registers.back(), -1};
    break;
  case Op::After: {
    const Slot& b = operand(*u.src(0));
    out = b;
    break;
  }
  case Op::Index: {
    const Slot& b = operand(*u.src(0));
    if (!b.buffer) throw StepperError("Index into something that is no buffer");
    int64_t at = u.src().size() > 1 ? kernel_interp::asIndex(u.src(1)->dtype(), scalarOf(*u.src(1))) : 0;
    out = {true, 0, 0, b.buffer, std::max<int64_t>(b.offset, 0) + at};
    break;
  }
  case Op::Load: {
    if (u.src().size() == 3 && !kernel_interp::truthy(u.src(2)->dtype(), scalarOf(*u.src(2)))) {
      put(scalarOf(*u.src(1)));
      break;
    }
    auto [buffer, at] = element(*u.src(0));
    put(u.dtype().isFloat() ? Scalar{buffer->getDouble(at), 0} : Scalar{0, buffer->getUInt(at)});
    break;
  }
  case Op::Store: {
    if (u.src().size() == 3 && !kernel_interp::truthy(u.src(2)->dtype(), scalarOf(*u.src(2)))) break;
    auto [buffer, at] = element(*u.src(0));
    Scalar v = scalarOf(*u.src(1));
    if (buffer->dtype().isFloat()) buffer->setDouble(at, v.f);
    else buffer->setUInt(at, v.bits);
    break;
  }
  case Op::Range: {
    const int64_t bound = kernel_interp::asIndex(u.src(0)->dtype(), scalarOf(*u.src(0)));
    put(Scalar{0, 0});
    if (bound <= 0) next = m_endOf[i] + 1; // an empty loop: past its End
    break;
  }
  case Op::End: {
    if (u.src().size() != 2) throw StepperError("an End closes one range");
    const auto range = m_index.at(u.src(1).get());
    Slot& counter = m_slots[range];
    const int64_t bound = kernel_interp::asIndex(u.src(1)->src(0)->dtype(), scalarOf(*u.src(1)->src(0)));
    if (static_cast<int64_t>(counter.bits) + 1 < bound) {
      ++counter.bits;
      next = range + 1;
    }
    break;
  }
  case Op::If:
    if (!kernel_interp::truthy(u.src(0)->dtype(), scalarOf(*u.src(0)))) next = m_endOf[i] + 1;
    break;
  case Op::Endif: break;
  case Op::Special: put(Scalar{0, 0}); break; // work-item 0
  case Op::Cast: put(kernel_interp::castScalar(u.src(0)->dtype(), u.dtype(), scalarOf(*u.src(0)))); break;
  case Op::Bitcast: put(kernel_interp::bitcastScalar(u.src(0)->dtype(), u.dtype(), scalarOf(*u.src(0)))); break;
  case Op::Where:
    put(kernel_interp::truthy(u.src(0)->dtype(), scalarOf(*u.src(0))) ? scalarOf(*u.src(1)) : scalarOf(*u.src(2)));
    break;
  default: {
    if (!isAlu(u.op()))
      throw StepperError(fmt::format("the kernel stepper does not run {} yet", opName(u.op())));
    std::vector<Scalar> in;
    for (const UOpPtr& s : u.src()) in.push_back(scalarOf(*s));
    put(kernel_interp::applyOp(u.op(), u.src(0)->dtype(), u.dtype(), in.data(), in.size()));
  }
  }
  m_pc = next;
}

std::optional<std::string> LinearStepper::value(size_t i) const {
  if (i >= m_slots.size() || !m_slots[i].set) return std::nullopt;
  const Slot& s = m_slots[i];
  const UOp& u = *instructions()[i];
  if (s.buffer) {
    if (s.offset < 0) return std::string("buffer");
    std::string base = "reg";
    for (size_t p = 0; p < m_params.size(); ++p)
      if (&m_params[p] == s.buffer) base = fmt::format("data{}", p);
    return fmt::format("{}[{}]", base, s.offset);
  }
  if (u.dtype().isBool()) return std::string(s.bits ? "true" : "false");
  if (u.dtype().isFloat()) return fmt::format("{}", s.f);
  if (isSignedInt(u.dtype().scalar)) return fmt::format("{}", static_cast<int64_t>(s.bits));
  return fmt::format("{}", s.bits);
}

} // namespace uops
