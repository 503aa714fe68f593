import Testing

@Suite("traqt binary basics")
struct SmokeTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let result = try TraqtProcess.run(["--version"], database: nil)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("traqt "))
        #expect(result.stderr.isEmpty)
    }
}
