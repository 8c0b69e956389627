#include "app/uopc/commands.h"

#include "backends/devices.h"
#include "core/autobatch/module.h"

#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app{"uopc: the UOpScope compiler core, headless"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("uopc ") + UOPSCOPE_VERSION);
  uops::registerBackendDevices();
  uops::autobatch::installAutobatchModule();
  uopc::addDocCommand(app);
  uopc::addShowCommand(app);
  uopc::addBenchRewriteCommand(app);
  uopc::addRunCommand(app);
  uopc::addStagesCommand(app);
  uopc::addTraceCommand(app);
  uopc::addEmitCommand(app);
  uopc::addBenchCompileCommand(app);
  uopc::addOptsCommand(app);
  uopc::addRemarksCommand(app);
  uopc::addDevicesCommand(app);
  uopc::addAutobatchCommand(app);
  uopc::addReportCommand(app);
  uopc::addMcaCommand(app);
  uopc::addBisectCommand(app);
  uopc::addMemoryCommand(app);
  uopc::addPeaksCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "uopc: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
