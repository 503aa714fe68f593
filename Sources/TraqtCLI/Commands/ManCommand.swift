import ArgumentParsing

enum ManCommand: Command {
    static let spec = CommandSpec(
        "man",
        abstract: "Print the manual page traqt(1), in man(7) format.",
        discussion: """
            Made from the same table as help: every command, option, environment variable, \
            file and exit status. Install it where man looks (~/.local/share/man/man1/traqt.1), \
            then read it with 'man traqt'.
            """,
        examples: [
            "mkdir -p ~/.local/share/man/man1 && traqt man > ~/.local/share/man/man1/traqt.1",
            "traqt man | man -l -   # read it without installing it",
        ])

    /// What the manual says besides the table.
    static let page = ManPage(
        tool: Tool.documented, date: Tool.versionDate,
        description: [
            """
            traqt keeps daily activities, each an id, a name, a set of weekdays and a time of day, \
            in one SQLite file that any number of processes read and write at the same moment: \
            shells, cron jobs, status bars, other programs. It shows what is still pending today, \
            fires each reminder exactly once from cron, and tracks live activities (stopwatches, \
            deliveries, builds) and the time spent on each activity.
            """,
            """
            Every command is one transaction: it commits whole or not at all, even when killed. \
            Reads never write and never create the database. An error is printed on standard \
            error as 'Error: ...' with the exit status below; standard output then stays empty \
            and the database exactly as it was.
            """,
        ],
        files: [
            DefinitionSpec("${XDG_DATA_HOME:-~/.local/share}/traqt/traqt.sqlite", help: """
                The database when neither --db nor TRAQT_DB names another: created with mode 0600, \
                in folders created with mode 0700, by the first command that writes.
                """),
            DefinitionSpec("${XDG_DATA_HOME:-~/.local/share}/traqt/traqt.sqlite-journal", help: """
                SQLite's rollback journal, beside the database while a write commits.
                """),
        ],
        examples: [
            "# Add two activities, then see what is still pending today",
            "traqt add 'Walk dog' --days mon,wed,fri --at 7:30",
            "traqt add Standup --days weekdays --at 9:15am --id standup",
            "traqt today",
            "# In a crontab: fire due reminders every minute as desktop notifications",
            "* * * * * traqt due --quiet --exec notify-send traqt",
            "# Time a walk, then see the day with the time spent",
            "traqt live start walk-dog",
            "traqt live end walk-dog",
            "traqt summary",
        ])

    static func run(_ context: Context) throws {
        context.output.append(page.render())
    }
}
