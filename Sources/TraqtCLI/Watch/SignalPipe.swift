#if canImport(Glibc)
import Glibc
#endif

/// Where the signal handler writes: the write end of the pipe (set once, before
/// any handler is installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Signals turned into bytes on a pipe (the self-pipe trick), so that the watch
/// loop handles them in its own time, between redraws, never inside a handler.
enum SignalPipe {
    /// The read end, readable when a signal came; created on first use.
    static let readEnd: Int32 = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd = ends[1]
        return ends[0]
    }()

    /// Sends `signals` to the pipe from now on.
    static func catchSignals(_ signals: [Int32]) {
        _ = readEnd
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The signals that came since the last call, in order.
    static func pending() -> [Int32] {
        var signals: [Int32] = []
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) == 1 { signals.append(Int32(byte)) }
        return signals
    }

    /// Ends the process as `number` would have without a handler (the shell then
    /// reports it as killed by that signal), or for SIGTSTP stops it until it is
    /// continued, then catches the signal again.
    static func actAsDefault(_ number: Int32) {
        signal(number, SIG_DFL)
        unblock([number])
        raise(number)
        catchSignals([number])
    }

    /// Lets `signals` through: a process started with them blocked (as some
    /// launchers and runtimes leave their children) would otherwise never end
    /// on SIGTERM nor see the window resized.
    static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
