import ArgumentParsing
import Foundation
import Testing
@testable import TraqtCLI

/// Help, the completion scripts and the manual are all written from
/// `Tool.spec`: walking it, every command, subcommand and option must be in
/// each of them, and none of them may offer one the table does not have.
@Suite("help, completions and the manual cannot drift from the command table")
struct ReferenceDriftTests {
    /// Every command a user may type, depth first, with what it accepts.
    struct Path {
        let words: String
        let command: CommandSpec?
        /// Its options with the global ones and --help (and --version for the tool).
        let options: [OptionSpec]
        let subcommands: [String]
        var longOptions: Set<String> { Set(options.map { "--" + $0.name }) }
    }

    static let paths: [Path] = {
        let spec = Tool.spec
        var paths = [Path(words: "", command: nil, options: spec.globalOptions + [.help, .version],
                          subcommands: spec.visibleCommands.map(\.name) + ["help"])]
        func add(_ command: CommandSpec) {
            paths.append(Path(words: command.path, command: command, options: command.options + spec.globalOptions + [.help],
                              subcommands: command.visibleSubcommands.map(\.name)))
            command.visibleSubcommands.forEach(add)
        }
        spec.visibleCommands.forEach(add)
        return paths
    }()

    @Test("the table has what this test walks: groups, options with values, hidden commands")
    func tableShape() {
        #expect(Self.paths.contains { $0.words == "live start" })
        #expect(Self.paths.count > 12)
        #expect(Tool.spec.commands.contains { $0.isHidden })
        #expect(!Self.paths.contains { $0.words.contains("__") })
    }

    @Test("every command's help lists its options, arguments and subcommands")
    func help() throws {
        for path in Self.paths {
            let words = path.words.split(separator: " ").map(String.init)
            let help = try InProcessTraqt.run(words + ["--help"], database: nil).stdout
            let options = try #require(help.range(of: "\nOPTIONS:\n")).lowerBound
            for option in path.options {
                let label = option.short.map { "-\($0), --\(option.name)" } ?? "--\(option.name)"
                #expect(help[options...].contains("\n  \(label)"), "\(path.words) --help lacks \(label)")
            }
            for argument in path.command?.arguments ?? [] {
                #expect(help.contains("\n  <\(argument.name)>"), "\(path.words) --help lacks <\(argument.name)>")
            }
            for name in path.subcommands {
                #expect(help.contains("\n  \(name) "), "\(path.words) --help lacks \(name)")
            }
            #expect(!help.contains("__complete"))
        }
    }

    @Test("the manual has a subsection per command with each option and argument, and no other")
    func manual() throws {
        let page = try InProcessTraqt.run(["man"], database: nil).stdout
        var sections: [String: String] = [:]
        var current: String?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".SS ") {
                current = String(line.dropFirst(4)).replacing("\"", with: "").replacing("\\-", with: "-")
                #expect(sections[current!] == nil, "two subsections \(current!)")
                sections[current!] = ""
            } else if line.hasPrefix(".SH ") {
                current = nil
            } else if let name = current {
                sections[name]! += line + "\n"
            }
        }
        #expect(Set(sections.keys) == Set(Self.paths.dropFirst().map(\.words) + ["help"]))
        for path in Self.paths.dropFirst() {
            let text = try #require(sections[path.words]).replacing("\\-", with: "-")
            let own = Set(path.command!.options.map { "--" + $0.name })
            let named = Set(text.matches(of: /\\fB(--[a-z-]+)\\fR/).map { String($0.1) })
            #expect(named == own, "\(path.words): the manual names \(named.sorted()), the table \(own.sorted())")
            for argument in path.command!.arguments {
                #expect(text.contains("\\fI\(argument.name)\\fR"), "\(path.words): no argument \(argument.name)")
            }
            for name in path.subcommands {
                #expect(text.contains("\\fB\(name)\\fR"), "\(path.words): no subcommand \(name)")
            }
        }
        let options = try #require(page.range(of: ".SH OPTIONS\n"))
        for option in Tool.spec.globalOptions + [.help, .version] {
            #expect(page[options.upperBound...].contains("\\fB\\-\\-\(option.name)\\fR"))
        }
        for variable in Tool.documented.environment { #expect(page.contains(".TP\n\\fB\(variable.name)\\fR\n")) }
        for status in Tool.documented.exitStatuses { #expect(page.contains(".TP\n\\fB\(status.code)\\fR\n")) }
    }

    @Test("each shell offers exactly the table's options and subcommands at every command", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let shells = try ShellCompletion()
        var lines: [String] = [], expected: [Set<String>] = [], labels: [String] = []
        for path in Self.paths {
            let prefix = "traqt " + (path.words.isEmpty ? "" : path.words + " ")
            lines.append(prefix + "--")
            expected.append(path.longOptions)
            labels.append("\(path.words) --")
            if !path.subcommands.isEmpty {
                lines.append(prefix)
                expected.append(Set(path.subcommands))
                labels.append("\(path.words) <subcommand>")
            }
        }
        let results: [[String]]
        switch shell {
        case "bash": results = try shells.bash(lines)
        case "zsh": results = try shells.zsh(lines)
        default: results = try shells.fish(lines)
        }
        for (index, result) in results.enumerated() {
            #expect(Set(result) == expected[index], "\(shell), \(labels[index]): offers \(result.sorted()), the table has \(expected[index].sorted())")
        }
    }

    @Test("completions offers exactly the shells it writes scripts for")
    func shellNames() {
        #expect(CompletionsCommand.spec.arguments[0].completion == .words(CompletionShell.allCases.map(\.rawValue)))
    }

    @Test("the manual passes mandoc's lint without a warning, style included")
    func lint() throws {
        let page = try InProcessTraqt.run(["man"], database: nil)
        #expect(page.status == 0)
        let scratch = try TemporaryDirectory()
        try Data(page.stdout.utf8).write(to: URL(fileURLWithPath: scratch.file("traqt.1")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mandoc")
        process.arguments = ["-T", "lint", "-W", "all", scratch.file("traqt.1")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let messages = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(messages.isEmpty, "\(messages)")
    }
}
