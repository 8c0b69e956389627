#include "core/engine/linear_stepper.h"

#include "core/ir/arg.h"
#include "core/ir/axis_type.h"
#include "core/engine/kernel_interpreter_impl.h"
#include "core/ir/variable.h"
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
  case Op::Mulacc:
  case Op::Fma:
  case Op::Ldexp:
  case Op::FracNearest:
  case Op::Div:
    return true;
  default:
    return false;
  }
}

// lidx before gidx/idx, then by dimension: the order lanes count work-items in.
int specialRank(const std::string& name) {
  const bool local = name.starts_with("lidx");
  const int dim = name.empty() ? 0 : name.back() - '0';
  return (local ? 0 : 10) + dim;
}

} // namespace

LinearStepper::LinearStepper(UOpPtr linear, std::vector<HostTensor> params, int64_t lanes)
    : m_linear(std::move(linear)), m_params(std::move(params)) {
  const UOpList& code = m_linear->src();
  m_endOf.assign(code.size(), code.size());
  size_t registers = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    m_index.emplace(code[i].get(), i);
    registers += code[i]->op() == Op::Buffer;
    if (code[i]->op() == Op::Special) {
      std::optional<ConstValue> size = code[i]->src(0)->constValue();
      if (!size) throw StepperError("a Special of symbolic size");
      m_specials.emplace_back(i, std::get<int64_t>(*size));
      m_workItems *= m_specials.back().second;
      if (code[i]->argAs<std::string>().starts_with("lidx")) m_groupSize *= m_specials.back().second;
    }
  }
  std::stable_sort(m_specials.begin(), m_specials.end(), [&](const std::pair<size_t, int64_t>& a, const std::pair<size_t, int64_t>& b) {
    return specialRank(code[a.first]->argAs<std::string>()) < specialRank(code[b.first]->argAs<std::string>());
  });
  m_lanes = std::clamp<int64_t>(lanes, 1, m_workItems);
  m_slots.resize(code.size() * static_cast<size_t>(m_lanes));
  m_active.assign(static_cast<size_t>(m_lanes), true);
  m_registers.reserve(registers * static_cast<size_t>(m_lanes)); // slots point into it
  for (size_t i = 0; i < code.size(); ++i) {
    const UOp& u = *code[i];
    if ((u.op() == Op::End && u.src().size() == 2) || u.op() == Op::Endif) {
      auto opener = m_index.find(u.op() == Op::End ? u.src(1).get() : u.src(0).get());
      if (opener != m_index.end()) m_endOf[opener->second] = i;
    }
    if (isVariable(u))
      throw StepperError(fmt::format("the kernel takes variable {} as an argument: stepping such kernels is not "
                                     "supported yet",
                                     variableOf(u).name));
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

int64_t LinearStepper::specialValue(size_t special, int64_t lane) const {
  for (const auto& [i, size] : m_specials) {
    if (i == special) return lane % size;
    lane /= size;
  }
  return 0;
}

std::string LinearStepper::laneName(int64_t lane) const {
  std::string out;
  for (const auto& [i, size] : m_specials)
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", instructions()[i]->argAs<std::string>(), specialValue(i, lane));
  return out.empty() ? std::string("lane 0") : out;
}

const LinearStepper::Slot& LinearStepper::operand(const UOp& u, int64_t lane) const {
  auto it = m_index.find(&u);
  if (it == m_index.end() || !at(it->second, lane).set)
    throw StepperError(fmt::format("{} reads a value not computed yet", opName(u.op())));
  return at(it->second, lane);
}

bool LinearStepper::anyActive() const {
  return std::find(m_active.begin(), m_active.end(), true) != m_active.end();
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
  const Op op = instructions()[i]->op();
  if (op == Op::Range || op == Op::End || op == Op::If || op == Op::Endif) {
    m_pc = execControl(i);
    return;
  }
  for (int64_t lane = 0; lane < m_lanes; ++lane)
    if (m_active[static_cast<size_t>(lane)]) execLane(i, lane);
  m_pc = i + 1;
}

size_t LinearStepper::execControl(size_t i) {
  const UOp& u = *instructions()[i];
  auto scalarOf = [&](const UOp& s, int64_t lane) {
    const Slot& v = operand(s, lane);
    return Scalar{v.f, v.bits};
  };
  auto boundOf = [&](const UOp& range, int64_t lane) {
    return kernel_interp::asIndex(range.src(0)->dtype(), scalarOf(*range.src(0), lane));
  };
  // the lanes `keep` says go on; none: the mask before the block, and past its end
  auto enter = [&](auto keep) -> size_t {
    m_masks.push_back(m_active);
    for (int64_t lane = 0; lane < m_lanes; ++lane)
      if (m_active[static_cast<size_t>(lane)] && !keep(lane)) m_active[static_cast<size_t>(lane)] = false;
    if (anyActive()) return i + 1;
    m_active = m_masks.back();
    m_masks.pop_back();
    return m_endOf[i] + 1;
  };
  auto leave = [&] {
    if (m_masks.empty()) throw StepperError(fmt::format("{} closes nothing open", opName(u.op())));
    m_active = m_masks.back();
    m_masks.pop_back();
  };
  switch (u.op()) {
  case Op::Range:
    for (int64_t lane = 0; lane < m_lanes; ++lane)
      if (m_active[static_cast<size_t>(lane)]) at(i, lane) = {true, 0, 0, nullptr, -1};
    return enter([&](int64_t lane) { return boundOf(u, lane) > 0; }); // an empty loop: past its End
  case Op::End: {
    if (u.src().size() != 2) throw StepperError("an End closes one range");
    const size_t range = m_index.at(u.src(1).get());
    bool again = false;
    for (int64_t lane = 0; lane < m_lanes; ++lane) {
      if (!m_active[static_cast<size_t>(lane)]) continue;
      Slot& counter = at(range, lane);
      if (static_cast<int64_t>(counter.bits) + 1 < boundOf(*u.src(1), lane)) {
        ++counter.bits;
        again = true;
      } else {
        m_active[static_cast<size_t>(lane)] = false; // waits for the others to finish the loop
      }
    }
    if (again) return range + 1;
    leave();
    return i + 1;
  }
  case Op::If:
    return enter([&](int64_t lane) { return kernel_interp::truthy(u.src(0)->dtype(), scalarOf(*u.src(0), lane)); });
  case Op::Endif:
    leave();
    return i + 1;
  default:
    throw StepperError(fmt::format("{} is no control flow", opName(u.op())));
  }
}

void LinearStepper::execLane(size_t i, int64_t lane) {
  const UOp& u = *instructions()[i];
  Slot& out = at(i, lane);
  auto scalarOf = [&](const UOp& s) {
    const Slot& v = operand(s, lane);
    return Scalar{v.f, v.bits};
  };
  auto put = [&](Scalar s) {
    out.set = true;
    out.f = s.f;
    out.bits = s.bits;
  };
  auto element = [&](const UOp& index) -> std::pair<HostTensor*, int64_t> {
    const Slot& a = operand(index, lane);
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
  case Op::Buffer: {
    if (out.set) break; // one per instruction, also inside a loop: the storage reserved for it stays put
    const BufferArg& arg = u.argAs<BufferArg>();
    // a LOCAL buffer is the work-group's: a lane gets the one of its group's first lane
    if (arg.addrSpace == AddrSpace::Local)
      for (int64_t other = lane - lane % m_groupSize; other < lane; ++other)
        if (at(i, other).set) {
          out = at(i, other);
          return;
        }
    m_registers.emplace_back(u.dtype().base(), Shape{arg.size});
    out = {true, 0, 0, &m_registers.back(), -1};
    break;
  }
  case Op::After: out = operand(*u.src(0), lane); break;
  case Op::Index: {
    const Slot& b = operand(*u.src(0), lane);
    if (!b.buffer) throw StepperError("Index into something that is no buffer");
    int64_t offset = u.src().size() > 1 ? kernel_interp::asIndex(u.src(1)->dtype(), scalarOf(*u.src(1))) : 0;
    out = {true, 0, 0, b.buffer, std::max<int64_t>(b.offset, 0) + offset};
    break;
  }
  case Op::Load: {
    if (u.src().size() == 3 && !kernel_interp::truthy(u.src(2)->dtype(), scalarOf(*u.src(2)))) {
      put(scalarOf(*u.src(1)));
      break;
    }
    auto [buffer, offset] = element(*u.src(0));
    put(u.dtype().isFloat() ? Scalar{buffer->getDouble(offset), 0} : Scalar{0, buffer->getUInt(offset)});
    break;
  }
  case Op::Store: {
    if (u.src().size() == 3 && !kernel_interp::truthy(u.src(2)->dtype(), scalarOf(*u.src(2)))) break;
    auto [buffer, offset] = element(*u.src(0));
    Scalar v = scalarOf(*u.src(1));
    if (buffer->dtype().isFloat()) buffer->setDouble(offset, v.f);
    else buffer->setUInt(offset, v.bits);
    break;
  }
  case Op::Special: put(Scalar{0, static_cast<uint64_t>(specialValue(i, lane))}); break;
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
}

std::optional<std::string> LinearStepper::value(size_t i, int64_t lane) const {
  if (i >= instructions().size() || lane < 0 || lane >= m_lanes || !at(i, lane).set) return std::nullopt;
  const Slot& s = at(i, lane);
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
