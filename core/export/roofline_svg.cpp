#include "core/export/roofline_svg.h"

#include "core/export/html_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace uops {
namespace {

constexpr double kWidth = 640, kHeight = 400;
constexpr double kLeft = 64, kRight = 16, kTop = 16, kBottom = 48;

// Log axes over whole decades.
struct RoofAxes {
  double x0, x1, y0, y1; // log10 of the ends
  double x(double intensity) const {
    return kLeft + (std::log10(intensity) - x0) / (x1 - x0) * (kWidth - kLeft - kRight);
  }
  double y(double gflops) const {
    return kHeight - kBottom - (std::log10(gflops) - y0) / (y1 - y0) * (kHeight - kTop - kBottom);
  }
};

struct RoofPoint {
  std::string name;
  double intensity, gflops;
};

std::vector<RoofPoint> roofPoints(const std::vector<RooflineKernel>& kernels) {
  std::vector<RoofPoint> out;
  for (const RooflineKernel& k : kernels)
    if (k.flops > 0 && k.bytes > 0 && k.ms > 0) out.push_back({k.name, k.flops / k.bytes, k.flops / (k.ms * 1e6)});
  return out;
}

RoofAxes roofAxes(const DevicePeaks& peaks, const std::vector<RoofPoint>& points) {
  double xlo = peaks.ridge() / 100, xhi = peaks.ridge() * 100, ylo = peaks.gflops / 1e4, yhi = peaks.gflops * 2;
  for (const RoofPoint& p : points) {
    xlo = std::min(xlo, p.intensity / 2);
    xhi = std::max(xhi, p.intensity * 2);
    ylo = std::min(ylo, p.gflops / 2);
  }
  return {std::floor(std::log10(xlo)), std::ceil(std::log10(xhi)), std::floor(std::log10(ylo)),
          std::ceil(std::log10(yhi))};
}

std::string roofGrid(const RoofAxes& a) {
  std::string out;
  for (double d = a.x0; d <= a.x1; ++d) {
    double x = a.x(std::pow(10.0, d));
    out += fmt::format(R"svg(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#ddd"/>)svg"
                       R"svg(<text x="{:.1f}" y="{:.1f}" font-size="11" text-anchor="middle">1e{}</text>)svg",
                       x, kTop, x, kHeight - kBottom, x, kHeight - kBottom + 14, d);
  }
  for (double d = a.y0; d <= a.y1; ++d) {
    double y = a.y(std::pow(10.0, d));
    out += fmt::format(R"svg(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="#ddd"/>)svg"
                       R"svg(<text x="{:.1f}" y="{:.1f}" font-size="11" text-anchor="end">1e{}</text>)svg",
                       kLeft, y, kWidth - kRight, y, kLeft - 4, y + 4, d);
  }
  out += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" font-size="12" text-anchor="middle">FLOPs per byte</text>)svg",
                     (kLeft + kWidth - kRight) / 2, kHeight - 8);
  out += fmt::format(R"svg(<text x="14" y="{:.1f}" font-size="12" text-anchor="middle" transform="rotate(-90 14 {:.1f})">GFLOPS</text>)svg",
                     (kTop + kHeight - kBottom) / 2, (kTop + kHeight - kBottom) / 2);
  return out;
}

} // namespace

std::string rooflineSvg(const DevicePeaks& peaks, const std::vector<RooflineKernel>& kernels) {
  std::vector<RoofPoint> points = roofPoints(kernels);
  RoofAxes a = roofAxes(peaks, points);
  std::string out = fmt::format(R"svg(<svg class="roofline" width="{}" height="{}" viewBox="0 0 {} {}">)svg",
                                kWidth, kHeight, kWidth, kHeight);
  out += roofGrid(a);
  double xStart = std::pow(10.0, a.x0), xEnd = std::pow(10.0, a.x1);
  // the memory roof rises to the ridge, the compute roof is flat after it
  out += fmt::format(R"svg(<polyline class="roof" fill="none" stroke="#C62828" stroke-width="2" points="{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}"/>)svg",
                     a.x(xStart), a.y(peaks.gbps * xStart), a.x(peaks.ridge()), a.y(peaks.gflops), a.x(xEnd),
                     a.y(peaks.gflops));
  out += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" font-size="11" fill="#C62828">{:.0f} GFLOPS, {:.0f} GB/s</text>)svg",
                     a.x(peaks.ridge()) + 6, a.y(peaks.gflops) - 6, peaks.gflops, peaks.gbps);
  for (const RoofPoint& p : points) {
    double roof = std::min(peaks.gflops, peaks.gbps * p.intensity);
    bool above = p.gflops > roof;
    double x = a.x(p.intensity), y = a.y(above ? roof : p.gflops);
    std::string name = htmlEscaped(p.name);
    out += fmt::format(R"svg(<circle class="kernel" cx="{:.1f}" cy="{:.1f}" r="5" fill="{}" stroke="#1565C0" stroke-width="2">)svg"
                       R"svg(<title>{}: {:.3g} FLOPs/byte, {:.3g} GFLOPS{}</title></circle>)svg"
                       R"svg(<text x="{:.1f}" y="{:.1f}" font-size="10">{}</text>)svg",
                       x, y, above ? "none" : "#1565C0", name, p.intensity, p.gflops,
                       above ? " (above the measured roof)" : "", x + 7, y - 7, name);
  }
  out += "</svg>";
  return out;
}

} // namespace uops
