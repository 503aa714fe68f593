// The command line: `CommandLineParser` with the tool's real command table
// (`Tool.spec`, from the executable's own sources), then what `Tool.run` does
// with the result short of running the command: find the command, format
// help and usage errors.
import ArgumentParsing
@testable import TraqtCLI

/// Words are separated by NUL bytes, which no argv word can contain.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let words = fuzzBytes(data, size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let help = HelpFormatter(tool: Tool.spec)
    do {
        switch try CommandLineParser(tool: Tool.spec, defaultCommand: "today").parse(words) {
        case .version:
            break
        case .help(nil):
            _ = help.toolHelp()
        case let .help(name?):
            // Subcommands are named by their path (`live list`), as Tool.run finds them.
            guard let command = Tool.spec.command(atPath: name) else { fatalError("help for unknown command '\(name)'") }
            _ = help.help(for: command)
        case let .run(name, _):
            expect(Tool.spec.command(atPath: name) != nil, "parsed to unknown command '\(name)'")
        }
    } catch {
        if let name = error.command, let command = Tool.spec.command(atPath: name) {
            _ = help.usage(for: command)
        } else {
            _ = help.toolUsage()
        }
    }
    return 0
}
