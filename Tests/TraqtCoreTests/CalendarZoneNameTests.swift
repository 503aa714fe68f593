import Foundation
import Testing
@testable import TraqtCore

/// The calendar's TZID, found the way glibc finds the zone: from TZ, else
/// from /etc/localtime and /etc/timezone (here, files in a test folder).
@Suite("calendar zone name")
struct CalendarZoneNameTests {
    /// A folder with `zoneinfo/Europe/Berlin` and `zoneinfo/posix/Asia/Tokyo` in it.
    static func withZoneinfo(_ body: (String) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            for name in ["Europe/Berlin", "posix/Asia/Tokyo"] {
                let path = folder + "/zoneinfo/" + name
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data("TZif".utf8).write(to: URL(fileURLWithPath: path))
            }
            try body(folder)
        }
    }

    @Test("TZ: a name of the database, a path into it, a POSIX rule as written, empty as UTC")
    func fromVariable() throws {
        try Self.withZoneinfo { folder in
            let zoneinfo = folder + "/zoneinfo"
            for (tz, expected) in [
                ("Europe/Berlin", "Europe/Berlin"),
                (":Europe/Berlin", "Europe/Berlin"),
                (zoneinfo + "/Europe/Berlin", "Europe/Berlin"),
                (":" + zoneinfo + "/Europe/Berlin", "Europe/Berlin"),
                ("posix/Asia/Tokyo", "Asia/Tokyo"),
                ("/usr/share/zoneinfo/America/New_York", "America/New_York"),
                ("CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0,M10.5.0/3"),
                ("<+0330>-3:30", "<+0330>-3:30"),
                ("Mars/Olympus", "Mars/Olympus"),
                ("", "UTC"),
                (":", "UTC"),
                ("/srv/zones/berlin", CalendarZoneName.unnamed),
                ("EST5\"EDT", CalendarZoneName.unnamed),
            ] {
                #expect(CalendarZoneName.resolve(tz: tz, zoneinfo: zoneinfo, localtime: folder + "/none",
                                                 timezoneFile: folder + "/none") == expected, "TZ=\(tz)")
            }
        }
    }

    @Test("no TZ: the /etc/localtime link, else /etc/timezone, else UTC when there is no zone file")
    func fromSystem() throws {
        try Self.withZoneinfo { folder in
            let localtime = folder + "/localtime", timezone = folder + "/timezone"
            func resolve() -> String {
                CalendarZoneName.resolve(tz: nil, zoneinfo: folder + "/zoneinfo", localtime: localtime, timezoneFile: timezone)
            }
            #expect(resolve() == "UTC")
            try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: folder + "/zoneinfo/Europe/Berlin")
            #expect(resolve() == "Europe/Berlin")
            try FileManager.default.removeItem(atPath: localtime)
            try FileManager.default.createSymbolicLink(atPath: localtime, withDestinationPath: "../usr/share/zoneinfo/posix/Asia/Tokyo")
            #expect(resolve() == "Asia/Tokyo")
            // A copy of a zone file: its name is in /etc/timezone, or nowhere.
            try FileManager.default.removeItem(atPath: localtime)
            try Data("TZif".utf8).write(to: URL(fileURLWithPath: localtime))
            #expect(resolve() == CalendarZoneName.unnamed)
            try Data(" America/New_York \nrest\n".utf8).write(to: URL(fileURLWithPath: timezone))
            #expect(resolve() == "America/New_York")
        }
    }
}
