import Foundation
import Testing

/// PyPI's `wcwidth` package, run in a real `python3` process (the one on PATH,
/// where .ci/run installs it): the reference that terminal programs in Python
/// measure text with.
enum Wcwidth {
    /// The release .ci/run installs; the differences the tests list are for it.
    static let version = "0.7.0"

    /// `wcwidth()` of every code point but the surrogates, indexed by code point.
    static func everyCodePoint() throws -> [Int8] {
        // Runs of equal width as `first width` lines: a few thousand lines, not 1.1M.
        let lines = try run("""
            import wcwidth
            previous = None
            for point in range(0x110000):
                if 0xD800 <= point <= 0xDFFF:
                    continue
                width = wcwidth.wcwidth(chr(point))
                if width != previous:
                    print(f"{point:X} {width}")
                    previous = width
            """)
        var widths = [Int8](repeating: 0, count: 0x110000)
        let runs = try lines.map { line in
            let fields = line.split(separator: " ")
            return (first: try #require(Int(fields[0], radix: 16)), width: try #require(Int8(fields[1])))
        }
        for (index, run) in runs.enumerated() {
            let end = index + 1 < runs.count ? runs[index + 1].first : widths.count
            for point in run.first..<end { widths[point] = run.width }
        }
        return widths
    }

    /// `wcswidth()` of each text.
    static func wcswidth(_ texts: [String]) throws -> [Int] {
        try run("""
            import sys, wcwidth
            for text in sys.argv[1:]:
                print(wcwidth.wcswidth(text))
            """, arguments: texts).map { try #require(Int($0)) }
    }

    /// Runs `script` after checking wcwidth's version; its output lines.
    private static func run(_ script: String, arguments: [String] = []) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let check = """
            import sys, wcwidth
            if wcwidth.__version__ != "\(version)":
                sys.exit(f"wcwidth {wcwidth.__version__} is installed, the tests are for \(version)")

            """
        process.arguments = ["python3", "-c", check + script] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: the output is larger than a pipe holds.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0,
                     "python3 with wcwidth \(version) is needed (.ci/run installs both): \(errorText)")
        return text.split(separator: "\n").map(String.init)
    }
}
