#include "backends/llvm/disassemble.h"

#include "backends/llvm/jit_error.h"
#include "backends/llvm/relocations.h"
#include "backends/llvm/target_machine.h"

#include <llvm/MC/MCAsmInfo.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCDisassembler/MCDisassembler.h>
#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstPrinter.h>
#include <llvm/MC/MCInstrInfo.h>
#include <llvm/MC/MCRegisterInfo.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/MCTargetOptions.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Object/SymbolSize.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <memory>
#include <optional>

namespace uops {

namespace {

// The MC layer's objects for one target, in the order they depend on each other.
struct McTools {
  std::unique_ptr<const llvm::MCRegisterInfo> registers;
  std::unique_ptr<const llvm::MCAsmInfo> asmInfo;
  std::unique_ptr<const llvm::MCSubtargetInfo> subtarget;
  std::unique_ptr<const llvm::MCInstrInfo> instructions;
  std::unique_ptr<llvm::MCContext> context;
  std::unique_ptr<const llvm::MCDisassembler> disassembler;
  std::unique_ptr<llvm::MCInstPrinter> printer;
  // x86 branches are relative to the next instruction, and its printer adds
  // the immediate to the address it is given; others count from the instruction.
  bool branchFromNext = false;
};

McTools makeTools(const TargetDesc& target, AsmSyntax syntax) {
  const llvm::Target& llvmTarget = lookupTarget(target.triple);
  const llvm::Triple triple(target.triple);
  McTools tools;
  tools.registers.reset(llvmTarget.createMCRegInfo(target.triple));
  tools.asmInfo.reset(
      llvmTarget.createMCAsmInfo(*tools.registers, target.triple, llvm::MCTargetOptions()));
  tools.subtarget.reset(
      llvmTarget.createMCSubtargetInfo(target.triple, target.cpu, target.features));
  tools.instructions.reset(llvmTarget.createMCInstrInfo());
  if (!tools.registers || !tools.asmInfo || !tools.subtarget || !tools.instructions)
    throw JitError(JitError::Kind::Setup, "no MC layer for " + target.triple);
  tools.context = std::make_unique<llvm::MCContext>(triple, tools.asmInfo.get(),
                                                    tools.registers.get(), tools.subtarget.get());
  tools.disassembler.reset(llvmTarget.createMCDisassembler(*tools.subtarget, *tools.context));
  // x86 printers: variant 0 is AT&T, 1 is Intel; other targets have one syntax.
  unsigned variant = tools.asmInfo->getAssemblerDialect();
  if (triple.isX86()) variant = syntax == AsmSyntax::Intel ? 1 : 0;
  tools.printer.reset(llvmTarget.createMCInstPrinter(triple, variant, *tools.asmInfo,
                                                     *tools.instructions, *tools.registers));
  if (!tools.disassembler || !tools.printer)
    throw JitError(JitError::Kind::Setup, "no disassembler for " + target.triple);
  tools.branchFromNext = triple.isX86();
  tools.printer->setPrintImmHex(true);
  tools.printer->setPrintBranchImmAsAddress(true); // "jne 0x40": an offset in the same column
  return tools;
}

struct FunctionCode {
  llvm::object::SectionRef section;
  uint64_t start = 0; // in the section
  llvm::ArrayRef<uint8_t> bytes;
};

// The code of one sized symbol, if it lies inside its section's contents.
std::optional<FunctionCode> codeOf(const llvm::object::SymbolRef& symbol, uint64_t size,
                                   const llvm::object::ObjectFile& file) {
  auto section = symbol.getSection();
  auto address = symbol.getAddress();
  if (!section || !address || *section == file.section_end()) {
    if (!section) llvm::consumeError(section.takeError());
    if (!address) llvm::consumeError(address.takeError());
    return std::nullopt;
  }
  auto contents = (*section)->getContents();
  if (!contents) {
    llvm::consumeError(contents.takeError());
    return std::nullopt;
  }
  const uint64_t start = *address - (*section)->getAddress();
  if (start + size > contents->size()) return std::nullopt;
  const auto* data = reinterpret_cast<const uint8_t*>(contents->data());
  return FunctionCode{
      .section = **section, .start = start, .bytes = llvm::ArrayRef<uint8_t>(data + start, size)};
}

FunctionCode findFunction(const llvm::object::ObjectFile& file, const std::string& name) {
  for (const auto& [symbol, size] : llvm::object::computeSymbolSizes(file)) {
    auto symbolName = symbol.getName();
    // Mach-O prefixes C symbols with '_'.
    if (!symbolName || (*symbolName != name && *symbolName != "_" + name)) {
      if (!symbolName) llvm::consumeError(symbolName.takeError());
      continue;
    }
    if (auto code = codeOf(symbol, size, file)) return *code;
  }
  throw JitError(JitError::Kind::Setup, "function '" + name + "' is not in the object file");
}

std::string printInstruction(McTools& tools, const llvm::MCInst& instruction, uint64_t offset,
                             uint64_t size) {
  std::string text;
  llvm::raw_string_ostream out(text);
  const uint64_t address = tools.branchFromNext ? offset + size : offset;
  tools.printer->printInst(&instruction, address, "", *tools.subtarget, out);
  out.flush();
  // The printer indents with a tab and puts one between mnemonic and operands.
  const auto first = text.find_first_not_of(" \t");
  text = first == std::string::npos ? std::string() : text.substr(first);
  for (char& c : text)
    if (c == '\t') c = ' ';
  return text;
}

} // namespace

namespace {

std::unique_ptr<llvm::object::ObjectFile> readObject(std::span<const uint8_t> object, const std::string& name) {
  const llvm::StringRef bytes(reinterpret_cast<const char*>(object.data()), object.size());
  auto file = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(bytes, name));
  if (!file)
    throw JitError(JitError::Kind::Setup,
                   "cannot read the object file: " + llvm::toString(file.takeError()));
  return std::move(*file);
}

std::vector<AsmLine> decode(McTools& tools, const llvm::object::ObjectFile& file, const FunctionCode& code,
                            const InstructionVisitor& visit = {}) {
  const RelocationNotes notes = relocationNotes(file, code.section);
  std::vector<AsmLine> lines;
  for (uint64_t offset = 0; offset < code.bytes.size();) {
    llvm::MCInst instruction;
    uint64_t size = 0;
    const auto status = tools.disassembler->getInstruction(
        instruction, size, code.bytes.slice(offset), offset, llvm::nulls());
    AsmLine line;
    line.offset = offset;
    if (status == llvm::MCDisassembler::Fail || size == 0) {
      size = size == 0 ? 1 : size; // skip a byte, as objdump does
      line.text = "(bad)";
    } else {
      line.text = printInstruction(tools, instruction, offset, size);
    }
    size = std::min<uint64_t>(size, code.bytes.size() - offset);
    line.bytes.assign(code.bytes.begin() + offset, code.bytes.begin() + offset + size);
    line.relocation = notes.within(code.start + offset, size);
    if (visit) visit(instruction, line, status != llvm::MCDisassembler::Fail);
    lines.push_back(std::move(line));
    offset += size;
  }
  return lines;
}

} // namespace

std::vector<AsmLine> disassembleFunction(std::span<const uint8_t> object,
                                         const std::string& function, const TargetDesc& target,
                                         AsmSyntax syntax) {
  McTools tools = makeTools(target, syntax);
  auto file = readObject(object, function + ".o");
  return decode(tools, *file, findFunction(*file, function));
}

void visitFunction(std::span<const uint8_t> object, const std::string& function, const TargetDesc& target,
                   AsmSyntax syntax, const InstructionVisitor& visit) {
  McTools tools = makeTools(target, syntax);
  auto file = readObject(object, function + ".o");
  decode(tools, *file, findFunction(*file, function), visit);
}

std::vector<AsmFunction> disassembleObject(std::span<const uint8_t> object, const TargetDesc& target,
                                           AsmSyntax syntax) {
  McTools tools = makeTools(target, syntax);
  auto file = readObject(object, "object");
  std::vector<std::pair<uint64_t, AsmFunction>> found;
  for (const auto& [symbol, size] : llvm::object::computeSymbolSizes(*file)) {
    auto type = symbol.getType();
    auto name = symbol.getName();
    auto address = symbol.getAddress();
    if (!type || !name || !address || *type != llvm::object::SymbolRef::ST_Function || size == 0) {
      if (!type) llvm::consumeError(type.takeError());
      if (!name) llvm::consumeError(name.takeError());
      if (!address) llvm::consumeError(address.takeError());
      continue;
    }
    if (auto code = codeOf(symbol, size, *file))
      found.push_back({*address, AsmFunction{name->str(), decode(tools, *file, *code)}});
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<AsmFunction> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

std::string disassembleHostElf(std::span<const uint8_t> elf, uint16_t machine) {
  const llvm::Triple host(hostTarget().triple);
  const bool same = (machine == 62 && host.getArch() == llvm::Triple::x86_64) ||
                    (machine == 183 && host.getArch() == llvm::Triple::aarch64);
  if (!same)
    throw JitError(JitError::Kind::Setup,
                   "no disassembler for ELF machine " + std::to_string(machine) + " on " + host.str());
  std::string out;
  for (const AsmFunction& f : disassembleObject(elf, hostTarget(), AsmSyntax::Intel))
    out += f.name + ":\n" + formatAsm(f.lines) + "\n";
  return out;
}

} // namespace uops
