import Foundation

/// Completes command lines in real shells with the scripts `traqt completions`
/// prints, installed where each shell looks for them, as a user would: the
/// binary is on PATH as `traqt`, and HOME is a folder of the test's own.
final class ShellCompletion {
    let folder: TemporaryDirectory
    private var home: String { folder.file("home") }

    init() throws {
        folder = try TemporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder.file("bin/traqt"), withDestinationPath: TraqtProcess.executable.path)
        for (shell, path) in [("bash", ".local/share/bash-completion/completions/traqt"),
                              ("zsh", "zfunc/_traqt"), ("fish", ".config/fish/completions/traqt.fish")] {
            let result = try InProcessTraqt.run(["completions", shell], database: nil)
            guard result.status == 0 else { throw Failure("traqt completions \(shell): \(result.stderr)") }
            let file = URL(fileURLWithPath: home).appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: file)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What bash offers for each line, with the cursor at its end: the script
    /// is sourced, and the function `complete -p traqt` names is called with
    /// COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set as readline sets
    /// them (words split at blanks, and at ':' and '=' into pieces of their own).
    func bash(_ lines: [String], environment: [String: String] = [:]) throws -> [[String]] {
        let script = #"""
            source "$HOME/.local/share/bash-completion/completions/traqt"
            spec=$(complete -p traqt)
            function=${spec#*-F }
            function=${function%% *}
            for line in "$@"; do
                words=() word=''
                for (( i = 0; i < ${#line}; i++ )); do
                    c=${line:i:1}
                    if [[ $c == [[:blank:]] ]]; then
                        if [[ -n $word ]]; then words+=("$word"); fi
                        word=''
                    elif [[ $c == [:=] ]]; then
                        if [[ -n $word ]]; then words+=("$word"); fi
                        words+=("$c")
                        word=''
                    else
                        word+=$c
                    fi
                done
                if [[ -n $word || $line == *[[:blank:]] ]]; then words+=("$word"); fi
                COMP_WORDS=("${words[@]}")
                COMP_CWORD=$(( ${#words[@]} - 1 ))
                COMP_LINE=$line
                COMP_POINT=${#line}
                COMPREPLY=()
                "$function" traqt "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null
                if (( ${#COMPREPLY[@]} )); then printf '%s\n' "${COMPREPLY[@]}"; fi
                echo '<end>'
            done
            """#
        return try run("/bin/bash", ["-c", script, "bash"], lines, environment: environment)
    }

    /// What zsh offers when Tab is pressed after each line: an interactive zsh
    /// in a pseudo-terminal (zsh's zpty module), with the script as `_traqt` in
    /// a folder of `$fpath` and `compinit` run, reports every match the
    /// completion functions add.
    func zsh(_ lines: [String], environment: [String: String] = [:]) throws -> [[String]] {
        let script = #"""
            zmodload zsh/zpty || exit 2
            zpty -b z zsh -f -i
            zpty -w z "unsetopt prompt_sp prompt_cr; PROMPT='' RPROMPT='' PS2=''; fpath=(\$HOME/zfunc \$fpath); autoload -Uz compinit; compinit -u -D"
            # Every match added is printed as it is added.
            zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a hits; builtin compadd -A hits "$@"; local h; for h in $hits; do print -r -- "<ma""tch>$h</ma""tch>"; done; builtin compadd "$@"; }'
            zpty -w z '__complete_and_mark() { zle complete-word; print -r -- "<do""ne>"; }; zle -N __complete_and_mark; bindkey "^I" __complete_and_mark'
            for line in "$@"; do
                zpty -w -n z $'\C-u'"$line"$'\t'
                all='' waited=0
                while (( waited < 800 )); do
                    if zpty -r -t z out; then
                        all+=$out
                        [[ $all == *'<done>'* ]] && break
                    else
                        sleep 0.025
                        (( waited++ ))
                    fi
                done
                [[ $all == *'<done>'* ]] || { print -u2 "no completion ran for: $line"; exit 1; }
                all=${all%%'<done>'*}
                while [[ $all =~ '<match>([^<]*)</match>' ]]; do
                    print -r -- $match[1]
                    all=${all#*</match>}
                done
                print -r -- '<end>'
            done
            zpty -d z
            """#
        return try run("/usr/bin/zsh", ["-f", "-c", script, "zsh"], lines, environment: environment)
    }

    /// What fish offers for each line (`complete -C`), the script found where
    /// fish loads completions from: ~/.config/fish/completions.
    func fish(_ lines: [String], environment: [String: String] = [:]) throws -> [[String]] {
        let script = #"""
            for line in $argv
                for match in (complete -C $line)
                    string split -f 1 \t -- $match
                end
                echo '<end>'
            end
            """#
        return try run("/usr/bin/fish", ["-c", script], lines, environment: environment)
    }

    /// Runs a shell; its output is each line's matches, then `<end>`.
    private func run(_ shell: String, _ arguments: [String], _ lines: [String],
                     environment extra: [String: String]) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments + lines
        var environment = TraqtProcess.environment(database: nil, extra: [
            "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
            "PATH": folder.file("bin") + ":/usr/bin:/bin", "TERM": "dumb",
        ])
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("\(shell) exited \(process.terminationStatus): \(String(decoding: errorBytes, as: UTF8.self))")
        }
        var results: [[String]] = [], current: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "<end>" {
                results.append(current)
                current = []
            } else if !line.isEmpty {
                current.append(String(line))
            }
        }
        guard results.count == lines.count else {
            throw Failure("\(shell) answered \(results.count) lines: \(String(decoding: bytes, as: UTF8.self))")
        }
        return results
    }
}
