#include "backends/cuda/cuda_sass.h"

#include "backends/cuda/cuda_error.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include <fmt/format.h>

namespace uops {
namespace {

// A command's standard output and error, and whether it exited with 0.
bool cudaRunCapturing(const std::string& command, std::string& output) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return false;
  std::array<char, 4096> chunk{};
  while (size_t n = fread(chunk.data(), 1, chunk.size(), pipe)) output.append(chunk.data(), n);
  const int status = pclose(pipe);
  return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

std::optional<std::string> findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::stringstream folders(path);
  for (std::string folder; std::getline(folders, folder, ':');) {
    if (folder.empty()) continue;
    const std::string candidate = folder + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::vector<char> linkCubin(CudaContext& context, const std::string& ptx, const std::string& kernel) {
  const cu::CudaDriver& d = context.driver();
  const std::string doing = fmt::format("linking kernel '{}' into a cubin on {}", kernel, context.name());
  context.makeCurrent(doing);
  cu::CUlinkState state = nullptr;
  checkCuda(d, d.cuLinkCreate_v2(0, nullptr, nullptr, &state), "cuLinkCreate_v2", doing);
  std::vector<char> cubin;
  try {
    std::string text = ptx; // the driver wants a writable, NUL-terminated image
    checkCuda(d,
              d.cuLinkAddData_v2(state, cu::CU_JIT_INPUT_PTX, text.data(), text.size() + 1, kernel.c_str(), 0, nullptr,
                                 nullptr),
              "cuLinkAddData_v2", doing);
    void* image = nullptr;
    size_t bytes = 0;
    checkCuda(d, d.cuLinkComplete(state, &image, &bytes), "cuLinkComplete", doing);
    cubin.assign(static_cast<const char*>(image), static_cast<const char*>(image) + bytes); // owned by the state
  } catch (...) {
    d.cuLinkDestroy(state);
    throw;
  }
  d.cuLinkDestroy(state);
  return cubin;
}

CudaSass cudaSass(CudaContext& context, const std::string& ptx, const std::string& kernel) {
  std::string command;
  if (std::optional<std::string> cuobjdump = findOnPath("cuobjdump")) command = *cuobjdump + " -sass ";
  else if (std::optional<std::string> nvdisasm = findOnPath("nvdisasm")) command = *nvdisasm + " ";
  else return {"", "neither cuobjdump nor nvdisasm is on PATH (the CUDA toolkit's): PTX only"};
  std::vector<char> cubin;
  try {
    cubin = linkCubin(context, ptx, kernel);
  } catch (const std::exception& e) {
    return {"", std::string("no cubin, PTX only: ") + e.what()};
  }
  std::string path = (std::filesystem::temp_directory_path() / "uopscope-sass-XXXXXX").string();
  const int fd = mkstemp(path.data());
  if (fd < 0) return {"", "no temporary file for the cubin: PTX only"};
  close(fd);
  {
    std::ofstream out(path, std::ios::binary);
    out.write(cubin.data(), static_cast<std::streamsize>(cubin.size()));
  }
  std::string output;
  const bool ok = cudaRunCapturing(command + path, output);
  std::filesystem::remove(path);
  if (!ok) return {"", fmt::format("{}failed, PTX only: {}", command, output)};
  return {output, ""};
}

} // namespace uops
