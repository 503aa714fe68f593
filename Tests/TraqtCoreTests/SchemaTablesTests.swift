import Testing
import TraqtMigrations
@testable import TraqtCore

/// The tables whose triggers a write refuses are every table traqt's
/// migrations leave behind, on both engines.
@Suite("traqt's tables")
struct SchemaTablesTests {
    @Test("every table a migration creates (and does not rename away) is in Schema.tables")
    func tablesCoverMigrations() throws {
        for migration in migrations + postgresMigrations {
            let words = migration.sql.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ";" })
            for index in words.indices.dropLast(2) where words[index] == "CREATE" && words[index + 1] == "TABLE" {
                let table = String(words[index + 2])
                let renamed = migration.sql.contains("ALTER TABLE \(table) RENAME TO")
                #expect(Schema.tables.contains(table) || renamed, "\(migration.fileName): \(table)")
            }
        }
    }

    @Test("the tables' SQL list is the list of tables")
    func tablesSQL() {
        #expect(Schema.tablesSQL == Schema.tables.map { "'\($0)'" }.joined(separator: ", "))
    }
}
