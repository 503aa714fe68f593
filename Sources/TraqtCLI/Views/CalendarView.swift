import TraqtCore

/// `export --format ics`: every activity as one iCalendar file, streamed row
/// by row. The format itself is the library's (`CalendarExport`): a calendar
/// is data another program reads, not only something shown.
struct CalendarView: OutputView {
    let store: ActivityStore
    /// The local zone's name, the events' `TZID`.
    let zoneName: String
    /// When the export is made, in seconds since 1970 (its `DTSTAMP`).
    let now: Int

    func write(to output: OutputBuffer) throws {
        try CalendarExport.write(from: store, to: output, zoneName: zoneName,
                                 productID: "-//traqt//traqt \(Tool.version)//EN", now: now)
    }
}
