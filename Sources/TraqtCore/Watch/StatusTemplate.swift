/// A template for a compact view, as `live status --format` takes it:
/// placeholders in braces (`⏱ {elapsed} {name}{more}`), `{{` and `}}` for
/// literal braces. An unknown placeholder, an unclosed `{` or a lone `}` is
/// refused when the template is read, so a typo never reaches a status bar.
public struct StatusTemplate: Equatable, Sendable {
    enum Part: Equatable, Sendable {
        case text(String)
        case elapsed, name, id, status, more, time, alert
        /// `{state.KEY}`: a top-level member of the state.
        case state(String)
    }

    let parts: [Part]

    /// The placeholders, for help and error messages.
    public static let placeholders = "{elapsed}, {name}, {id}, {status}, {more}, {time}, {alert}, {state.KEY}"

    public init(_ template: String) throws(InvalidValue) {
        var parts: [Part] = []
        var text = ""
        var scalars = template.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "{" where scalars.first == "{", "}" where scalars.first == "}":
                scalars.removeFirst()
                text.unicodeScalars.append(scalar)
            case "{":
                guard let close = scalars.firstIndex(of: "}") else {
                    throw InvalidValue("unclosed '{' in '\(template)'; write '{{' for a brace")
                }
                let name = String(scalars[..<close])
                scalars = scalars[scalars.index(after: close)...]
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(try Self.placeholder(name, in: template))
            case "}":
                throw InvalidValue("a lone '}' in '\(template)'; write '}}' for a brace")
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    private static func placeholder(_ name: String, in template: String) throws(InvalidValue) -> Part {
        switch name {
        case "elapsed": return .elapsed
        case "name": return .name
        case "id": return .id
        case "status": return .status
        case "more": return .more
        case "time": return .time
        case "alert": return .alert
        default:
            if name.hasPrefix("state."), name.count > 6 { return .state(String(name.dropFirst(6))) }
            throw InvalidValue("unknown placeholder '{\(name)}' in '\(template)'; known: \(placeholders); write '{{' and '}}' for braces")
        }
    }

    /// Whether it shows `{more}` (which costs a count of the others).
    public var usesMore: Bool { parts.contains(.more) }

    /// The text for `glance` at `now`; nil for `.nothing`. Values from the store
    /// have control and bidirectional characters replaced (`UnsafeText`).
    /// - running: `{elapsed}` its stopwatch (`05:07`, `01:02:03`), `{status}`
    ///   active or stale, `{time}` when it started (`HH:MM`), `{more}` ` +N` when
    ///   N more run, `{alert}` ` · ` and the alert of its last event (its
    ///   title and body) when there is one, `{state.KEY}` that member of its state.
    /// - next: `{elapsed}` empty, `{status}` pending, `{time}` its time of day,
    ///   `{more}` ` +N` when N more are pending after it, `{alert}` and `{state.KEY}` empty.
    /// A missing state key, or null, shows as nothing; a string as its text;
    /// any other value as compact JSON.
    public func render(_ glance: CompactGlance, at now: Instant) -> String? {
        let values: (Part) -> String
        switch glance {
        case .nothing:
            return nil
        case let .running(activity, others):
            let state = (try? JSONParser.parse(Array(activity.state.utf8))) ?? .object([])
            values = { part in
                switch part {
                case let .text(text): return text
                case .elapsed: return LiveActivity.elapsedText(seconds: activity.elapsedSeconds(at: now))
                case .name: return activity.name
                case .id: return activity.id
                case .status: return activity.status(at: now).rawValue
                case .more: return others > 0 ? " +\(others)" : ""
                case .time: return TimeOfDay(minutes: activity.startedAt.localDateTime.minuteOfDay)!.description
                case let .state(key): return Self.text(of: state[key])
                case .alert: return activity.alert.flatMap { LiveAlert(stored: $0)?.line }.map { " · " + $0 } ?? ""
                }
            }
        case let .next(activity, others):
            values = { part in
                switch part {
                case let .text(text): return text
                case .elapsed, .state, .alert: return ""
                case .name: return activity.name
                case .id: return activity.id
                case .status: return "pending"
                case .more: return others > 0 ? " +\(others)" : ""
                case .time: return activity.time.description
                }
            }
        }
        var result = ""
        for part in parts {
            if case let .text(text) = part {
                result += text
            } else {
                result += UnsafeText.replacingUnsafe(values(part))
            }
        }
        return result
    }

    private static func text(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case let .string(text)?: return text
        case let other?: return other.compactJSON
        }
    }
}

extension StatusTemplate {
    /// `live status` without `--format`: `⏱ 12:34 Walk dog`, plus ` +2` when two more run.
    public static let running = try! StatusTemplate("⏱ {elapsed} {name}{alert}{more}")
    /// `live status` without `--next-format`: `next 18:00 Gym`.
    public static let next = try! StatusTemplate("next {time} {name}")
}

extension CompactGlance {
    /// The compact view's text at `now` through `running` or `next`, whichever
    /// applies; nil when there is nothing to show.
    public func text(at now: Instant, running: StatusTemplate = .running, next: StatusTemplate = .next) -> String? {
        switch self {
        case .running: return running.render(self, at: now)
        case .next: return next.render(self, at: now)
        case .nothing: return nil
        }
    }
}
