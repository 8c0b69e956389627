# The stable-diffusion UNet of a tinygrad checkout (extra/models/unet.py),
# tiny: 32 channels, two levels, attention at the second, a 2-token context;
# one 8x8 latent through it. The model casts its activations to float16 where
# the device has it (mixed precision), as on CPU. tinygrad's codegen folds
# x.cast(half).cast(float) back to x inside a kernel, so a float16 value that
# never leaves its kernel is never rounded; uopc does the same
# (core/pipeline/half_round_trip.h).
# tolerance: 1e-4 (float16 arithmetic: no two tinygrad backends agree closer
# on this model. Its C backend (DEV=CPU, the peer here) keeps float16
# expressions in float until stored; its LLVM and OpenCL backends list no
# float16 on Linux, so the model stays in float32 there, and C against LLVM
# differs by 3.9e-5. uopc rounds each float16 op as IEEE does: 5.0e-5 from the
# C backend, 3.5e-5 from the float32 one, and 2.5e-6 from it with
# mixed_precision_dtype = float32. float16's unit roundoff is 4.9e-4.)
from tinygrad import Tensor, dtypes
from extra.models.unet import UNetModel

Tensor.manual_seed(0)
model = UNetModel(adm_in_ch=None, in_ch=4, out_ch=4, model_ch=32, attention_resolutions=[2], num_res_blocks=1,
                  channel_mult=[1, 2], transformer_depth=[1, 1], ctx_dim=24, d_head=16)
x = Tensor.rand(1, 4, 8, 8)
t = Tensor([10])
ctx = Tensor.rand(1, 2, 24)
print(model(x, t, ctx).cast(dtypes.float32).flatten()[:64].tolist())
