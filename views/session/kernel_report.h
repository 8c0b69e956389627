// A kernel report: one kernel of the explorer's program as a Markdown file a
// user can attach to a bug or a review (File > Export Kernel Report): the
// program and device, the kernel's ranges with their AxisTypes, its OptOps
// and where they came from, its rendered source, its machine code and its
// times from the last run.
#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace uops {
struct LoweredKernel;
struct KernelTimes;
}

namespace uops::views {

struct KernelReportInput {
  QString program;              // the program's file name
  QString device;               // what it was lowered for
  const LoweredKernel* kernel = nullptr;
  size_t index = 0;             // its place in the schedule
  QString optsOrigin;           // "the heuristics", "chosen by hand" or BEAM's summary
  QString machineCode;          // the disassembly; empty when not compiled
  const KernelTimes* times = nullptr; // from the last run on `device`, if it ran
};

QString kernelReport(const KernelReportInput& in);

} // namespace uops::views
