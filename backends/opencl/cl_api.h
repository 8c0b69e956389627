// The one place OpenCL's C API is included. The target version comes from
// backend_opencl's CMakeLists (3.0, with the 1.2 calls kept usable: queues on
// 1.x devices need clCreateCommandQueue); only this folder's .cpp files and
// private headers include this file, so nothing outside sees OpenCL types.
#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#error "backend_opencl sets CL_TARGET_OPENCL_VERSION in its CMakeLists.txt"
#endif

#include <CL/cl.h>
