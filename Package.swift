// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "traqt",
    products: [
        .executable(name: "traqt", targets: ["traqt"]),
        .library(name: "TraqtCore", targets: ["TraqtCore"]),
    ],
    targets: [
        // Debian's libsqlite3-dev: the shared library for debug builds, the
        // static one when the release build links a static executable.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // Linux calls Swift's Glibc module leaves out (memfd_create): a header only.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // The SQL schema, embedded in the binary so that it works wherever it is copied.
        .target(
            name: "TraqtMigrations",
            path: "Migrations",
            resources: [
                .embedInCode("0001-activities.sql"),
                .embedInCode("0002-reminders.sql"),
                .embedInCode("0003-live-activities.sql"),
            ]
        ),
        .target(name: "TraqtCore", dependencies: ["CSQLite", "TraqtMigrations"]),
        .target(name: "ArgumentParsing"),
        .executableTarget(
            name: "traqt",
            dependencies: ["TraqtCore", "ArgumentParsing", "CLinux"],
            // A release build is one self-contained file: the Swift runtime, glibc and
            // SQLite linked in, so it starts fast and runs when copied to any Linux
            // machine of the same architecture. Without its symbol table (-s) it is a
            // third smaller and starts with 35 fewer page faults: 0.70 ms instead of
            // 0.91 ms for --version, measured.
            linkerSettings: [.unsafeFlags(["-static-executable", "-Xlinker", "-s"], .when(configuration: .release))]
        ),
        .testTarget(name: "TraqtCoreTests", dependencies: ["TraqtCore", "TraqtMigrations"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        // The executable's own code, where a black-box test cannot reach: terminal widths.
        .testTarget(name: "TraqtTests", dependencies: ["traqt"]),
        // Black-box tests of the built binary; depending on it makes `swift test` build it.
        .testTarget(name: "TraqtCLITests", dependencies: ["traqt", "TraqtCore", "TraqtMigrations"]),
    ]
)
