#include "core/runtime/zero_filled.h"

namespace uops {

ReferenceEvaluator zeroFilledEvaluator() {
  ReferenceEvaluator evaluator;
  evaluator.setBufferProvider([](const UOp& buffer) -> std::optional<HostTensor> {
    return HostTensor(buffer.dtype().base(), Shape{buffer.argAs<BufferArg>().size});
  });
  return evaluator;
}

} // namespace uops
