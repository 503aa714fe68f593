import TraqtCore

/// A view: one value in, its bytes out. Commands parse, ask the store, hand
/// what they got to a view and let it write; they build no text or JSON of
/// their own. A view writes into the output buffer rather than returning its
/// bytes, so that one over a store's rows (`list`, `export`: a million rows)
/// streams in constant memory, flushing as the buffer fills.
///
/// The server's HTML and JSON views are to sit beside these, in the same form.
protocol OutputView {
    func write(to output: OutputBuffer) throws
}
