import ArgumentParsing
import Foundation
import Testing
@testable import TraqtCLI

/// What README.md and docs/ name, against what exists: every `traqt …` command
/// line and every option they show is in the command table, and every link
/// between them leads to a file and, with `#anchor`, to one of its headings.
@Suite("the docs name only what exists")
struct DocsReferenceTests {
    static let root = DocumentationTests.root

    /// README.md and every guide in docs/, with their paths from the root.
    static func documents() throws -> [(path: String, text: String)] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return try (["README.md"] + guides).map {
            ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The code a document shows: each line of a fenced block (one ending in a
    /// backslash joined to the next), and each inline `span` elsewhere.
    static func code(in text: String) -> [String] {
        var code: [String] = [], fenced = false, continued = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if fenced, line.hasSuffix("\\") { continued += line.dropLast() + " "; continue }
            if fenced { code.append(continued + line); continued = ""; continue }
            code += line.matches(of: /`([^`]+)`/).map { String($0.1) }
        }
        return code
    }

    @Test("every traqt command line in the docs names commands and options of the command table")
    func commandLines() throws {
        var commands = 0
        for (path, text) in try Self.documents() {
            for line in Self.code(in: text) {
                let check = CommandLineCheck(tool: Tool.spec).check(line)
                commands += check.commands
                for problem in check.problems { Issue.record("\(path): `\(line)`: \(problem)") }
            }
        }
        #expect(commands > 100)
    }

    @Test("the check finds a command, a subcommand or an option the table lacks, and passes the real ones")
    func checkFindsWhatIsMissing() {
        let check = CommandLineCheck(tool: Tool.spec)
        #expect(check.check("$ traqt live start walk --stale-after 10m --relevance=5").problems == [])
        #expect(check.check("traqt --db x.sqlite due --exec notify-send --urgent").problems == [])
        #expect(check.check("traqt export | traqt --db y import -").commands == 2)
        #expect(check.check("traqt lsit").problems == ["no command traqt lsit"])
        #expect(check.check("traqt live begin x").problems == ["no command traqt live begin"])
        #expect(check.check("x | traqt live start x --stale-on 5m").problems == ["traqt live start has no option --stale-on"])
        #expect(check.check("traqt --jsn").problems == ["traqt has no option --jsn"])
    }

    @Test("every option the docs name by itself is an option of some command")
    func standaloneOptions() throws {
        let known = Set(CommandLineCheck.allOptions(of: Tool.spec).map(\.name))
        for (path, text) in try Self.documents() {
            for span in Self.code(in: text) where span.hasPrefix("--") {
                let name = CommandLineCheck.optionName(span.split(separator: " ")[0])
                #expect(known.contains(name), "\(path): `\(span)`")
            }
        }
    }

    @Test("every relative link in the docs leads to a file, and to a heading of it")
    func links() throws {
        let documents = try Self.documents()
        var headings: [String: Set<String>] = [:]
        for (path, text) in documents { headings[path] = Self.anchors(in: text) }
        var checked = 0
        for (path, text) in documents {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().relativePath
            for match in text.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? path : Self.normalized(folder + "/" + parts[0])
                checked += 1
                guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path) else {
                    Issue.record("\(path): link to \(target): no file \(file)")
                    continue
                }
                if parts.count == 2 {
                    #expect(headings[file]?.contains(String(parts[1])) == true, "\(path): link to \(target): no such heading")
                }
            }
        }
        #expect(checked > 0)
    }

    /// `docs/../README.md` as `README.md`; `./x` as `x`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The anchors of a document's headings, as a Markdown renderer makes them:
    /// lower case, punctuation dropped, spaces as hyphens, a repeat numbered.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = [], fenced = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(title.compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            var anchor = slug, repeats = 0
            while anchors.contains(anchor) { repeats += 1; anchor = "\(slug)-\(repeats)" }
            anchors.insert(anchor)
        }
        return anchors
    }
}

/// One line of shell, read for the `traqt` command lines in it: the words that
/// follow `traqt` must be commands and subcommands of the table, and every
/// `--option` one that the command (or the tool) accepts.
struct CommandLineCheck {
    let tool: ToolSpec

    /// Words after which `traqt` starts a command: a prompt, a pipe, a list.
    static let commandStarts: Set<Substring> = ["$", "|", ";", "&&", "||", "exec", "time"]

    static func allOptions(of tool: ToolSpec) -> [OptionSpec] {
        func options(_ command: CommandSpec) -> [OptionSpec] { command.options + command.subcommands.flatMap(options) }
        return tool.globalOptions + [.help, .version] + tool.commands.flatMap(options)
    }

    /// `--at=<time>]` as `at`.
    static func optionName(_ word: Substring) -> String {
        String(word.drop { $0 == "-" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
    }

    /// How many `traqt` command lines `line` has, and what they name that the table lacks.
    func check(_ line: String) -> (commands: Int, problems: [String]) {
        let words = line.split(separator: " ")
        var commands = 0, problems: [String] = []
        for index in words.indices {
            let word = words[index].drop { "\"'$(`".contains($0) }
            guard word == "traqt", index == 0 || Self.commandStarts.contains(words[index - 1])
                    || words[index - 1].contains("=") && !words[index - 1].hasPrefix("-") else { continue }
            commands += 1
            problems += check(words[(index + 1)...])
        }
        return (commands, problems)
    }

    /// The words after one `traqt`, up to the end of its command.
    private func check(_ words: ArraySlice<Substring>) -> [String] {
        var command: CommandSpec?, problems: [String] = []
        var followsPipe = false, takesValue = false
        for raw in words {
            if takesValue { takesValue = false; continue }
            if raw == "|" { followsPipe = true; continue }
            // A pipe into another program, or the end of a list, ends the command;
            // in a synopsis `|` separates choices (`(ID... | --all)`).
            if followsPipe && raw.first?.isLowercase == true || [";", "&&", "||", ">", "2>"].contains(raw)
                || raw.hasPrefix("#") { break }
            followsPipe = false
            if raw.contains("<TAB>") { return [] }
            let word = raw.drop { "[(\"'".contains($0) }
            if word.hasPrefix("--") {
                let name = Self.optionName(word)
                let accepted = (command?.options ?? tool.command(named: "today")!.options)
                    + tool.globalOptions + [.help] + (command == nil ? [.version] : [])
                guard let option = accepted.first(where: { $0.name == name }) else {
                    problems.append("\(command.map { "traqt " + $0.path } ?? "traqt") has no option --\(name)")
                    continue
                }
                if case .remainder = option.kind { break }
                if case .value = option.kind, !word.contains("=") { takesValue = true }
            } else if command == nil || command!.isGroup, word.first?.isLowercase == true {
                let choices = word.split(separator: "|").map { String($0.prefix { $0 != ")" && $0 != "]" }) }
                let found = choices.map { name in
                    command.map { $0.subcommand(named: name) }
                        ?? tool.command(named: name) ?? (name == "help" ? ToolSpec.helpCommand : nil)
                }
                if let missing = zip(choices, found).first(where: { $0.1 == nil }) {
                    problems.append("no command traqt \(command.map { $0.path + " " } ?? "")\(missing.0)")
                    break
                }
                // Choices of subcommands (`start|update|end`) share no options to check.
                if found.count > 1 { break }
                command = found[0]
            }
        }
        return problems
    }
}
