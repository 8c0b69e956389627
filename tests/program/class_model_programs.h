// Tensor programs whose models are classes, as tinygrad users write them.
// A header of its own: moc reads the test's .cpp, and `class` inside its
// strings would confuse it.
#pragma once

namespace classmodels {

// A Linear layer class, an MLP of them (matmul + relu), and a subclass that
// calls super().__init__ and super().__call__; a state dict built with a
// dict comprehension, an assert and an f-string on the way.
inline constexpr const char* kMlp = R"py(from tinygrad import Tensor, dtypes

class Linear:
    def __init__(self, w, b=None):
        self.weight = Tensor(w)
        self.bias = Tensor(b) if b is not None else None

    def __call__(self, x: Tensor) -> Tensor:
        y = x @ self.weight
        return y + self.bias if self.bias is not None else y

class MLP:
    def __init__(self, sizes: list):
        self.layers = [Linear([[(i * n + j) % 5 - 2 for j in range(m)] for i in range(n)], [0.5] * m)
                       for n, m in zip(sizes[:-1], sizes[1:])]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = layer(x).relu()
        return self.layers[-1](x)

class ScaledMLP(MLP):
    def __init__(self, sizes, scale=2.0, **kw):
        super().__init__(sizes)
        self.scale = scale
        self.config = {"sizes": sizes, **kw}

    def __call__(self, x):
        return super().__call__(x) * self.scale

def state_dict(model):
    return {f"layers.{i}.{k}": getattr(layer, k) for i, layer in enumerate(model.layers)
            for k in ("weight", "bias")}

if __name__ == "__main__":
    model = ScaledMLP([3, 4, 2], scale=0.5, name="tiny")
    params = state_dict(model)
    assert len(params) == 4, f"expected 4 tensors, got {len(params)}"
    print(f"{model.config['name']}: {len(model.layers)} layers, " +
          ", ".join("%s %s" % (k, v.shape) for k, v in params.items()))
    x = Tensor([[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]])
    out = model(x)
)py";

// The same layer as a base class without a bias, its subclass adding one:
// attribute lookup through the class chain, a bound method as a value.
inline constexpr const char* kBoundMethods = R"py(from tinygrad import Tensor

class Layer:
    activation = "relu"

    def __init__(self, rows, cols):
        self.w = Tensor.arange(rows * cols).reshape(rows, cols).float() - 2

    def act(self, x):
        return getattr(x, self.activation)()

    def forward(self, x):
        return self.act(x @ self.w)

class Biased(Layer):
    def __init__(self, rows, cols, bias):
        super().__init__(rows, cols)
        self.b = Tensor([bias] * cols)

    def forward(self, x):
        return super().forward(x) + self.b

step = Biased(2, 3, 1.0).forward
out = step(Tensor([[1.0, 0.0], [0.0, 1.0]]))
)py";

} // namespace classmodels
