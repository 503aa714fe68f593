import Foundation
import Testing
import TraqtMigrations

/// The three places a migration is named, which cannot be one: the files in
/// `Migrations/`, Package.swift's `migrationFiles` (a manifest cannot list a
/// folder) and `SchemaStep` (the embedded bytes are named at compile time).
@Suite("the migrations are registered once")
struct MigrationListTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The steps' names as the code lists them, e.g. `0003-live-activities`.
    static let steps = SchemaStep.allCases.map(\.baseName)

    @Test("every SQL file in Migrations/ is a step of SchemaStep, for both engines, and only those")
    func folderMatchesSteps() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Migrations").path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        let expected = Self.steps.flatMap { [$0 + ".postgres.sql", $0 + ".sql"] }.sorted()
        #expect(files == expected)
    }

    @Test("Package.swift embeds the same steps, in the same order")
    func manifestMatchesSteps() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let list = try #require(manifest.range(of: "let migrationFiles = [\n"))
        let names = manifest[list.upperBound...].split(separator: "\n").prefix { $0 != "]" }
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\",")) }
        #expect(names == Self.steps)
    }

    @Test("the steps are numbered 1, 2, 3 … and each engine's list follows them")
    func versionsAreConsecutive() {
        #expect(SchemaStep.allCases.map(\.version) == Array(1...SchemaStep.allCases.count))
        #expect(migrations.map(\.version) == SchemaStep.allCases.map(\.version))
        #expect(postgresMigrations.map(\.version) == SchemaStep.allCases.map(\.version))
        #expect(migrations.allSatisfy { !$0.sql.isEmpty } && postgresMigrations.allSatisfy { !$0.sql.isEmpty })
    }
}
