/// `export --format ics`: every activity as one calendar file, written into
/// `output` row by row, so that memory stays flat whatever the count.
public enum CalendarExport {
    /// How many years after the export's own the zone's rules are spelled out.
    public static let yearsAhead = 10

    /// The local zone (`TZ`, else the system zone) is the events' `TZID`
    /// (named `zoneName`), with its `VTIMEZONE` from 1 January of the year the
    /// earliest activity was created (or of `now`'s year) to the end of the
    /// tenth year after `now`'s. Days marked done or skipped are left out.
    public static func write(from store: ActivityStore, to output: OutputBuffer, zoneName: String,
                             productID: String, now: Int) throws {
        var writer: CalendarWriter?
        var marked = MarkedDates()
        try store.forEachRow(afterEarliestCreation: { earliest, dates in
            marked = dates
            let thisYear = LocalZone.wallClock(at: now).dateTime.year
            let firstYear = min(thisYear, earliest.map { LocalZone.wallClock(at: $0).dateTime.year } ?? thisYear)
            var started = CalendarWriter(zoneName: zoneName, history: ZoneHistory(years: firstYear...thisYear + yearsAhead),
                                         productID: productID)
            started.appendStart(to: &output.bytes)
            writer = started
        }) { row in
            // Days marked done or skipped become EXDATEs.
            writer!.append(row, excluded: row.withIDBytes(marked.dates(forID:)), to: &output.bytes)
            try output.flushIfFull()
        }
        writer!.appendEnd(to: &output.bytes)
    }
}
