#include "core/export/html_report.h"

#include "core/export/html_text.h"
#include "core/export/roofline_svg.h"

#include <fmt/format.h>

#include <regex>

namespace uops {
namespace {

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 24px; color: #222; max-width: 1200px; }
h1 { font-size: 22px; } h2 { font-size: 18px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 28px; }
pre { background: #f6f8fa; border: 1px solid #ddd; padding: 8px; overflow: auto; max-height: 480px; font-size: 12px; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
th { background: #eef2f7; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
details { margin: 8px 0; } summary { cursor: pointer; font-weight: bold; }
.graph { overflow: auto; max-height: 720px; border: 1px solid #ddd; }
.note { color: #666; }
)";

std::string reportShape(const std::vector<int64_t>& sizes) {
  if (sizes.empty()) return "-";
  std::string out;
  for (int64_t s : sizes) out += (out.empty() ? "" : " x ") + std::to_string(s);
  return out;
}

std::string reportMs(double ms) { return ms < 0 ? "-" : fmt::format("{:.4f} ms", ms); }

std::string kernelRow(size_t i, const ReportKernel& k) {
  return fmt::format("<tr><td class=\"num\">{}</td><td><a href=\"#kernel-{}\">{}</a></td><td>{}</td><td>{}</td>"
                     "<td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                     i, i, htmlEscaped(k.launch.name), reportShape(k.launch.global), reportShape(k.launch.local),
                     k.launch.opts.empty() ? "none" : htmlEscaped(k.launch.opts), k.launch.bytes, reportMs(k.medianMs),
                     reportMs(k.minMs));
}

std::string kernelDetails(size_t i, const ReportKernel& k) {
  std::string out = fmt::format("<details id=\"kernel-{}\" open><summary>kernel {}: {}</summary>\n", i, i,
                                htmlEscaped(k.launch.name));
  out += fmt::format("<p>OptOps: {}; global {}, local {}; {} bytes of buffers; median {}, min {}</p>\n",
                     k.launch.opts.empty() ? "none" : htmlEscaped(k.launch.opts), reportShape(k.launch.global),
                     reportShape(k.launch.local), k.launch.bytes, reportMs(k.medianMs), reportMs(k.minMs));
  out += fmt::format("<h3>Source ({})</h3>\n<pre class=\"source\">{}</pre>\n", htmlEscaped(k.language),
                     htmlEscaped(k.source));
  out += k.machineCode.empty() ? std::string("<p class=\"note\">no machine code for this device</p>\n")
                               : fmt::format("<h3>Machine code</h3>\n<pre class=\"isa\">{}</pre>\n", htmlEscaped(k.machineCode));
  return out + "</details>\n";
}

std::string kernelsSection(const ReportInput& in) {
  std::string out = "<section id=\"kernels\">\n<h2>Kernels</h2>\n";
  out += in.repeat > 0 ? fmt::format("<p>Times: median and minimum over {} run{} on {}.</p>\n", in.repeat,
                                     in.repeat == 1 ? "" : "s", htmlEscaped(in.device))
                       : std::string("<p class=\"note\">not run: no times</p>\n");
  out += "<table>\n<tr><th>#</th><th>kernel</th><th>global</th><th>local</th><th>OptOps</th><th>bytes</th>"
         "<th>median</th><th>min</th></tr>\n";
  for (size_t i = 0; i < in.kernels.size(); ++i) out += kernelRow(i, in.kernels[i]);
  out += "</table>\n";
  for (size_t i = 0; i < in.kernels.size(); ++i) out += kernelDetails(i, in.kernels[i]);
  return out + "</section>\n";
}

std::string rooflineSection(const ReportInput& in) {
  std::string out = "<section id=\"roofline\">\n<h2>Roofline</h2>\n";
  if (!in.peaks) return out + fmt::format("<p class=\"note\">{}</p>\n</section>\n", htmlEscaped(in.peaksNote));
  std::vector<RooflineKernel> points;
  for (const ReportKernel& k : in.kernels) points.push_back({k.launch.name, k.flops, k.bytes, k.medianMs});
  return out + rooflineSvg(*in.peaks, points) + "\n</section>\n";
}

std::string graphSection(const ReportInput& in) {
  std::string out = fmt::format("<section id=\"graph\">\n<h2>Graph after {}</h2>\n", htmlEscaped(in.graphStage));
  if (!in.graphSvg.empty()) return out + "<div class=\"graph\">" + inlineSvg(in.graphSvg) + "</div>\n</section>\n";
  return out + fmt::format("<pre class=\"dot\">{}</pre>\n</section>\n", htmlEscaped(in.graphDot));
}

} // namespace

std::string inlineSvg(const std::string& svg) {
  size_t start = svg.find("<svg");
  if (start == std::string::npos) return {};
  std::string out = svg.substr(start);
  static const std::regex namespaces(R"re(\s+xmlns(:\w+)?="[^"]*")re");
  static const std::regex comments(R"re(<!--[\s\S]*?-->)re");
  out = std::regex_replace(out, namespaces, "");
  return std::regex_replace(out, comments, "");
}

std::string htmlReport(const ReportInput& in) {
  std::string title = htmlEscaped(in.title);
  std::string out = fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                                "<title>{} - UOpScope report</title>\n<style>{}</style>\n</head>\n<body>\n",
                                title, kStyle);
  out += fmt::format("<h1>{}</h1>\n<p>UOpScope report: {} kernel{} on {}.</p>\n", title, in.kernels.size(),
                     in.kernels.size() == 1 ? "" : "s", htmlEscaped(in.device));
  out += fmt::format("<section id=\"program\">\n<h2>Program</h2>\n<pre class=\"program\">{}</pre>\n</section>\n",
                     htmlEscaped(in.program));
  out += graphSection(in);
  out += kernelsSection(in);
  out += rooflineSection(in);
  return out + "</body>\n</html>\n";
}

} // namespace uops
