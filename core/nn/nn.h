// The nn layer of the Tensor API: tinygrad's functional nn methods as free
// functions (x.conv2d(w, ...) is conv2d(x, w, {...})), built only from Tensor
// methods so their graphs stay in the spec's primitives.
//
// In processing order of a typical network: int_tuple (argument forms), conv,
// pool, norm, linear, dropout, attention, interpolate, loss.
#pragma once

#include "core/nn/attention.h"
#include "core/nn/conv.h"
#include "core/nn/dropout.h"
#include "core/nn/int_tuple.h"
#include "core/nn/interpolate.h"
#include "core/nn/linear.h"
#include "core/nn/loss.h"
#include "core/nn/norm.h"
#include "core/nn/pool.h"
