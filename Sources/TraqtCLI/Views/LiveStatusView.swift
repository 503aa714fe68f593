import TraqtCore

/// `live status`: the compact view's line through the user's templates
/// (`StatusTemplate`), for a status bar; nothing when it is empty.
struct LiveStatusView: OutputView {
    let glance: CompactGlance
    let now: Instant
    let running: StatusTemplate
    let next: StatusTemplate

    func write(to output: OutputBuffer) {
        guard let text = glance.text(at: now, running: running, next: next), !text.isEmpty else { return }
        output.append(text + "\n")
    }
}
