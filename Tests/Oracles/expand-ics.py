#!/usr/bin/env python3
"""Expands an iCalendar file as calendar apps do, for traqt's export tests.

Usage: expand-ics.py FILE FIRST LAST

Parses FILE with PyPI's icalendar and expands its events with
recurring-ical-events, then prints one JSON object: for each way of reading
the zone, every occurrence whose local start date is FIRST…LAST (YYYY-MM-DD,
inclusive), as {"uid", "summary", "date", "start", "minutes"}: start in seconds
since the epoch, and how long it lasts on the wall clock, in minutes.
(recurring-ical-events adds a DURATION on the wall clock: 01:59 plus 15
minutes ends at 02:14 even where that is 75 minutes later, on a fall-back
night, while RFC 5545 counts hours and minutes as exact time. Starts are not
affected.)

- "tzdb": the file as it is; a TZID that names a zone of the tz database is
  read with Python's own copy of it, as most calendar apps do.
- "vtimezone": every TZID renamed to one that no database has, so that the
  file's own VTIMEZONE decides every offset, as a calendar without a tz
  database of its own does.

Exits non-zero, with the reason on stderr, when the packages are missing or
are not the versions .ci/run installs.
"""

import datetime
import importlib.metadata
import json
import re
import sys

PINNED = {"icalendar": "7.3.2", "recurring-ical-events": "3.8.2"}

try:
    import icalendar
    import recurring_ical_events
except ImportError as error:
    sys.exit(f"{error}: .ci/run installs " + ", ".join(f"{name} {version}" for name, version in PINNED.items()))

for name, version in PINNED.items():
    installed = importlib.metadata.version(name)
    if installed != version:
        sys.exit(f"{name} {installed} is installed; the tests are for {version} (.ci/run installs it)")

UNKNOWN_TZID = "traqt-test-zone-known-to-no-database"


def only_vtimezone(text):
    """The file with every TZID renamed to UNKNOWN_TZID: parameters and the
    VTIMEZONE's own property, on unfolded lines."""
    unfolded = re.sub(r"\r\n[ \t]", "", text)
    lines = []
    for line in unfolded.split("\r\n"):
        if line.startswith("TZID:"):
            line = "TZID:" + UNKNOWN_TZID
        else:
            line = re.sub(r';TZID=("[^"]*"|[^;:]*)', ";TZID=" + UNKNOWN_TZID, line)
        lines.append(line)
    return "\r\n".join(lines)


def expand(text, first, last, expect_database):
    calendar = icalendar.Calendar.from_ical(text)
    # A day of margin each side: the dates are local, the query is not.
    events = recurring_ical_events.of(calendar).between(
        first - datetime.timedelta(days=1), last + datetime.timedelta(days=2))
    occurrences = []
    for event in events:
        start, end = event["DTSTART"].dt, event["DTEND"].dt if "DTEND" in event else None
        if end is None:
            end = start + event["DURATION"].dt
        if start.tzinfo is None:
            sys.exit(f"{event['UID']}: a start without a zone: {start}")
        from_database = type(start.tzinfo).__module__.startswith("zoneinfo")
        if from_database != expect_database:
            sys.exit(f"{event['UID']}: zone {start.tzinfo!r} read {'without' if expect_database else 'with'} the tz database")
        if first <= start.date() <= last:
            occurrences.append({
                "uid": str(event["UID"]),
                "summary": str(event["SUMMARY"]),
                "date": start.date().isoformat(),
                "start": int(start.timestamp()),
                "minutes": int((end.replace(tzinfo=None) - start.replace(tzinfo=None)).total_seconds()) // 60,
            })
    occurrences.sort(key=lambda occurrence: (occurrence["start"], occurrence["uid"]))
    return occurrences


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as file:
        text = file.read().decode("utf-8")
    first = datetime.date.fromisoformat(sys.argv[2])
    last = datetime.date.fromisoformat(sys.argv[3])
    print(json.dumps({
        "tzdb": expand(text, first, last, expect_database=True),
        "vtimezone": expand(only_vtimezone(text), first, last, expect_database=False),
    }))


main()
