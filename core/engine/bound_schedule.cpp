#include "core/engine/bound_schedule.h"

#include "core/engine/device_schedule.h"
#include "core/runtime/reference_evaluator.h"

#include <fmt/format.h>

namespace uops {

BoundSchedule::BoundSchedule(Device& device, const PipelineRun& run)
    : m_device(device), m_linear(run.schedule.linear), m_kernels(kernelsFor(device, run)),
      m_programs(device.compileAll(m_kernels)) {}

BoundSchedule::~BoundSchedule() = default;

void BoundSchedule::bind(int64_t id, DeviceBuffer& buffer) {
  if (m_resolved) throw KernelError("bind the inputs of a schedule before its first run");
  m_bound[id] = &buffer;
  m_written[id] = true;
}

DeviceBuffer& BoundSchedule::buffer(const UOp& node, bool written) {
  const BufferArg& arg = node.argAs<BufferArg>();
  if (written) m_written[arg.id] = true;
  else if (arg.size != 0 && !m_written[arg.id])
    throw KernelError(fmt::format("buffer {} is read before anything wrote it", arg.id));
  if (auto b = m_bound.find(arg.id); b != m_bound.end()) return *b->second;
  std::unique_ptr<DeviceBuffer>& own = m_own[arg.id];
  if (!own) own = m_device.allocate(node.dtype().base(), arg.size);
  return *own;
}

void BoundSchedule::resolve() {
  size_t kernel = 0;
  for (const UOpPtr& item : m_linear->src()) {
    if (item->op() == Op::Store) {
      // Store(Buffer, Load(data)): another buffer, or literal data evaluated once on the host
      Step step;
      const UOpPtr& source = item->src(1)->src(0);
      if (source->op() == Op::Buffer) {
        step.copyFrom = &buffer(*source, false);
      } else {
        HostTensor value = ReferenceEvaluator().evaluate(source);
        step.literal = value.withShape(Shape{value.numel()});
      }
      step.buffers.push_back(&buffer(*item->src(0), true));
      m_steps.push_back(std::move(step));
    } else if (item->op() == Op::Call) {
      const LoweredKernel& k = m_kernels.at(kernel);
      Step step;
      step.program = m_programs.at(kernel).get();
      for (size_t i = 1; i < item->src().size(); ++i) {
        bool writes = i - 1 < k.params.size() && k.params[i - 1].written;
        step.buffers.push_back(&buffer(*item->src(i), writes));
      }
      m_steps.push_back(std::move(step));
      ++kernel;
    } else if (item->op() == Op::Tuple) {
      m_outputs.clear();
      for (const UOpPtr& out : item->src()) m_outputs.push_back(&buffer(*out->src(0), false));
    } else {
      throw KernelError(fmt::format("schedule: unexpected item {}", opName(item->op())));
    }
  }
  m_resolved = true;
}

const std::vector<DeviceBuffer*>& BoundSchedule::run() {
  if (!m_resolved) resolve();
  for (Step& step : m_steps) {
    if (step.program) step.program->run(step.buffers);
    else if (step.copyFrom) m_device.copy(*step.copyFrom, *step.buffers.front());
    else m_device.copyIn(*step.buffers.front(), *step.literal);
  }
  return m_outputs;
}

} // namespace uops
