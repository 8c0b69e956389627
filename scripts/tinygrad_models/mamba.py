# The state-space model of a tinygrad checkout (examples/mamba.py), tiny:
# dim 16, two layers, vocab 64. Four prompt tokens through the selective
# scan (the forward that fills the conv and ssm states), then one decoded
# token through the recurrent step. The example imports tqdm and transformers
# at module level: shims/ stands in for them.
from tinygrad import Tensor
from examples.mamba import Mamba

Tensor.manual_seed(0)
model = Mamba(dim=16, n_layers=2, vocab_size=64)
logits = model.forward(Tensor([[1, 17, 42, 5]]))
print(logits[:, -1, :].flatten().tolist())
step = model(Tensor([[9]]))
print(step.flatten().tolist())
