#if canImport(Glibc)
import Glibc
#endif
import CLinux
import TraqtCore

/// Watches over the commands of one `due --exec` run, so that none outlives its
/// turn. traqt becomes their child subreaper: whatever a command leaves
/// running, even in a session of its own (`setsid`), becomes traqt's child when
/// its parent ends, and is ended when the command ends. SIGTERM, SIGINT and
/// SIGHUP are passed on to the running command's process group, and stop the
/// run after it (`stopSignal`).
final class CommandSupervisor {
    /// The signals that stop a run, passed on to the running command.
    static let stoppingSignals = [SIGTERM, SIGINT, SIGHUP]

    /// How long a command that overran, or what a command left, gets to end
    /// after SIGTERM before SIGKILL.
    static let terminationGraceNanoseconds: UInt64 = 2_000_000_000

    /// The first stopping signal traqt got, once it got one.
    private(set) var stopSignal: Int32?

    /// Takes over the signals for the run: from here on, a stopping signal no
    /// longer ends traqt by itself.
    init() {
        // Should the kernel refuse, leftovers go to init as before: they are
        // then not ended, and nothing else changes.
        _ = traqt_become_child_subreaper()
        // A signal ignored when traqt started (nohup) stays ignored, by traqt
        // as by the commands, which inherit that.
        let caught = Self.stoppingSignals.filter { !Self.isIgnored($0) } + [SIGCHLD]
        SignalPipe.catchSignals(caught)
        // Blocked, as some launchers leave them, SIGCHLD would never wake the
        // wait, and a SIGTERM would never reach the command.
        SignalPipe.unblock(caught)
    }

    /// Whether a stopping signal has come, counting those since the last check.
    var isStopped: Bool {
        readSignals(forwardingTo: nil)
        return stopSignal != nil
    }

    /// Waits for the command `pid`, leader of a process group of its own, then
    /// ends whatever it left running and returns how it ended. A stopping
    /// signal that comes meanwhile is passed on to its group; at `timeout` (0:
    /// no limit) the group gets SIGTERM, and SIGKILL after the grace.
    func wait(for pid: pid_t, timeout: TimeSpan) -> ExternalCommand.Outcome {
        // The command is reaped last: until then its pid, which is also its
        // group's id, cannot be given to another process, so that signalling
        // the group cannot reach a stranger's.
        let deadline = timeout.seconds > 0 ? MonotonicClock.nanoseconds() + UInt64(timeout.seconds) * 1_000_000_000 : nil
        let overran = !waitForExit(of: pid, until: deadline)
        if overran {
            kill(-pid, SIGTERM)
            if !waitForExit(of: pid, until: MonotonicClock.nanoseconds() + Self.terminationGraceNanoseconds) {
                kill(-pid, SIGKILL)
                _ = waitForExit(of: pid, until: nil)
            }
        }
        endLeftovers(of: pid)
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, 0)
        while reaped < 0 && errno == EINTR { reaped = waitpid(pid, &status, 0) }
        if overran { return .timedOut(after: timeout) }
        // It cannot fail while traqt alone waits for its children; a command
        // whose end went unseen would count as failed, never as succeeded.
        return reaped == pid ? ExternalCommand.Outcome(waitStatus: status) : .killed(signal: SIGKILL)
    }

    /// Whether `pid` has ended (left unreaped) by `deadline` (nil: none).
    /// Meanwhile reaps the other children as they end (what the command left
    /// that ended since), and passes stopping signals on to its group. Sleeps in
    /// poll(2) on the signal pipe, which SIGCHLD wakes.
    private func waitForExit(of pid: pid_t, until deadline: UInt64?) -> Bool {
        while true {
            // Signals first: one that comes after is still in the pipe for poll.
            readSignals(forwardingTo: pid)
            while true {
                // WNOWAIT: a child that ended is seen, not reaped.
                var info = siginfo_t()
                guard waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
                    if errno == EINTR { continue }
                    // No child at all cannot be while the command is unreaped.
                    return true
                }
                let ended = info._sifields._sigchld.si_pid
                if ended == 0 { break }
                if ended == pid { return true }
                var status: Int32 = 0
                _ = waitpid(ended, &status, 0)
            }
            var milliseconds: Int32 = -1
            if let deadline {
                let now = MonotonicClock.nanoseconds()
                guard now < deadline else { return false }
                milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            }
            var entry = pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, milliseconds)
        }
    }

    /// Ends all that the command `leader` (ended, unreaped) left running: its
    /// process group, and every other child traqt has, which is where the
    /// subreaper brings whatever left the group once its parent ended. SIGTERM
    /// first, SIGKILL after the grace, until traqt has no child left but it.
    private func endLeftovers(of leader: pid_t) {
        kill(-leader, SIGTERM)
        let graceEnd = MonotonicClock.nanoseconds() + Self.terminationGraceNanoseconds
        var warned: Set<pid_t> = []
        var nap: UInt64 = 50_000
        while true {
            readSignals(forwardingTo: nil)
            var left = Self.children().filter { $0 != leader }
            // Done only when a scan finds no child at all: one that ended after
            // the scan had its children brought to traqt by then, unseen by it.
            guard !left.isEmpty else { return }
            left.removeAll { child in
                var status: Int32 = 0
                return waitpid(child, &status, WNOHANG) == child
            }
            // A live process of the group that is no child of traqt has a live
            // parent in it, and the topmost such parent is traqt's child.
            if left.isEmpty { continue }
            let late = MonotonicClock.nanoseconds() >= graceEnd
            if late { kill(-leader, SIGKILL) }
            // A child's pid is not given to another process before traqt reaps
            // it, so signalling it by pid is safe.
            for child in left where late || !warned.contains(child) {
                kill(child, late ? SIGKILL : SIGTERM)
                warned.insert(child)
            }
            var request = timespec(tv_sec: 0, tv_nsec: Int(nap))
            nanosleep(&request, nil)
            nap = min(nap * 2, 10_000_000)
        }
    }

    /// Records the stopping signals that came since the last call, each passed
    /// on to the process group `group` when there is one.
    private func readSignals(forwardingTo group: pid_t?) {
        for number in SignalPipe.pending() where Self.stoppingSignals.contains(number) {
            if stopSignal == nil { stopSignal = number }
            if let group { kill(-group, number) }
        }
    }

    /// The processes whose parent is traqt, ended or not, from /proc.
    static func children() -> [pid_t] {
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        let me = getpid()
        var found: [pid_t] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), parent(of: pid) == me else { continue }
            found.append(pid)
        }
        return found
    }

    /// The parent of `pid` from `/proc/PID/stat`: the fourth field, after the
    /// name in parentheses, which may itself hold spaces and parentheses.
    private static func parent(of pid: pid_t) -> pid_t? {
        let file = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress!, $0.count) }
        guard count > 0, let nameEnd = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // ") S 1234 …": the state, then the parent.
        let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        guard let handler = current.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
