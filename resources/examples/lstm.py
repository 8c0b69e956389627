# A character-level LSTM as tinygrad users write one: an embedding, an
# nn.LSTMCell stepped over the sequence, a linear head on the last state.
from tinygrad import Tensor, nn

class CharLSTM:
  def __init__(self, vocab: int, hidden: int):
    self.embed = nn.Embedding(vocab, hidden)
    self.cell = nn.LSTMCell(hidden, hidden)
    self.head = nn.Linear(hidden, vocab)

  def __call__(self, tokens: Tensor) -> Tensor:
    h, c = Tensor.zeros(tokens.shape[0], 8), Tensor.zeros(tokens.shape[0], 8)
    for t in range(tokens.shape[1]):
      h, c = self.cell(self.embed(tokens[:, t]), (h, c))
    return self.head(h).log_softmax()

Tensor.manual_seed(7)
model = CharLSTM(12, 8)
out = model(Tensor([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]]))
