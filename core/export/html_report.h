// A session as one self-contained HTML file to share: the program, the graph
// of a stage as SVG, every kernel (launch sizes, OptOps, bytes, times, its
// source and machine code), and the roofline. Everything is inline (styles,
// SVG): no script, font or link to fetch, so it opens anywhere offline.
#pragma once

#include "core/engine/kernel_launch.h"
#include "core/runtime/device_peaks.h"

#include <optional>
#include <string>
#include <vector>

namespace uops {

struct ReportKernel {
  KernelLaunch launch;
  std::string language;    // of `source`: "LLVM IR", "OpenCL C"
  std::string source;
  std::string machineCode; // empty: none to show
  double medianMs = -1, minMs = -1; // negative: not timed
  double flops = 0, bytes = 0;      // for the roofline (kernel_flops.h)
};

struct ReportInput {
  std::string title;   // the program's file name
  std::string program; // its text
  std::string device;
  int repeat = 0;          // timed runs; 0: not run
  std::string graphStage;  // the stage whose graph is shown
  std::string graphSvg;    // as a renderer made it (an <svg> element; an XML prolog is dropped)
  std::string graphDot;    // shown as text when there is no SVG
  std::vector<ReportKernel> kernels; // in schedule order
  std::optional<DevicePeaks> peaks;
  std::string peaksNote; // why there is no roofline, when there are no peaks
};

std::string htmlReport(const ReportInput& in);

// `svg` as an inline element: from <svg on, without the namespace
// declarations (URIs an inline SVG does not need) and comments.
std::string inlineSvg(const std::string& svg);

} // namespace uops
