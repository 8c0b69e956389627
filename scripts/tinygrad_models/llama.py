# LLaMA from a tinygrad checkout (extra/models/llama.py), tiny: dim 64, two
# layers, four heads (two kv heads), vocab 128. The prompt's loss, then one
# decoded token through the kv-cache. start_pos is a plain int and jit is off:
# symbolic Variables are not in this build.
import math
from tinygrad import Tensor
from extra.models.llama import Transformer

Tensor.manual_seed(0)
model = Transformer(dim=64, hidden_dim=128, n_heads=4, n_layers=2, norm_eps=1e-5, vocab_size=128,
                    n_kv_heads=2, max_context=16, jit=False)
tokens = Tensor([[1, 17, 42, 99, 3, 64, 5, 127]])
logits = model(tokens, 0, math.nan)
targets = Tensor([[17, 42, 99, 3, 64, 5, 127, 8]])
print(logits.sparse_categorical_crossentropy(targets).reshape(1).tolist())
step = model(Tensor([[8]]), 8, math.nan)
print(step[:, -1, :16].flatten().tolist())
