// swift-tools-version:6.1
import PackageDescription

// The migrations in `Migrations/`, each a file for SQLite (`.sql`) and one for
// PostgreSQL (`.postgres.sql`). A manifest cannot list a folder, so the names are
// here as well as in `SchemaStep` (Migrations.swift); a test checks they agree.
let migrationFiles = [
    "0001-activities",
    "0002-reminders",
    "0003-live-activities",
    "0004-exec-states",
    "0005-day-marks",
    "0006-push-tokens",
    "0007-push-order",
    "0008-api-tokens",
]

// The library and the binary leave out Swift's regex engine (_StringProcessing):
// imported implicitly, one call of its string searches (`firstRange(of:)`,
// `contains` of a substring) linked all of it, 1.3 MB, into the static binary.
// Without the import such a call does not compile.
let withoutRegexEngine: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"]),
]

let package = Package(
    name: "traqt",
    products: [
        .executable(name: "traqt", targets: ["traqt"]),
        .library(name: "TraqtCore", targets: ["TraqtCore"]),
        .library(name: "TraqtCLI", targets: ["TraqtCLI"]),
    ],
    // The PostgreSQL backend is built only when asked for (`--traits Postgres`):
    // the default build stays one static executable with SQLite alone. libpq
    // cannot be linked statically on Debian (no static Kerberos, LDAP or
    // libpgcommon), so a build with Postgres is dynamic; asking for Postgres
    // alone also leaves out the default trait that makes the binary static.
    traits: [
        .trait(name: "StaticBinary", description: "Link the release build as one static executable (SQLite only)."),
        .trait(name: "Postgres", description: "Add the PostgreSQL backend (libpq, dynamically linked)."),
        // GnuTLS, which libmicrohttpd links, cannot be linked statically on
        // Debian: it calls p11-kit, which Debian ships as a shared library only
        // (no libp11-kit.a), so a build with the server is dynamic too.
        .trait(name: "Server", description: "Add `traqt serve` (libmicrohttpd with GnuTLS, dynamically linked)."),
        .default(enabledTraits: ["StaticBinary"]),
    ],
    targets: [
        // Debian's libsqlite3-dev: the shared library for debug builds, the
        // static one when the release build links a static executable.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // Linux calls Swift's Glibc module leaves out (memfd_create, O_TMPFILE),
        // wrapped in C compiled with _GNU_SOURCE.
        .target(name: "CLinux", path: "Sources/CLinux"),
        // Debian's nettle-dev: SHA-256 for the API tokens' secrets and ECDSA over
        // P-256 (hogweed, GMP) for APNs provider tokens (never our own crypto);
        // their static libraries link into the static release binary.
        .systemLibrary(name: "CNettle", path: "Sources/CNettle", pkgConfig: "nettle"),
        // Debian's libpq-dev, for the Postgres trait only.
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq"),
        // Debian's libmicrohttpd-dev, for the Server trait only.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        // HTTP/1.1 over libmicrohttpd: sockets, limits, whole requests in and
        // answers out; nothing of traqt's. Without the Server trait only its
        // request and response types, so that the API's routes build and are
        // tested in every build, called in-process.
        .target(name: "HTTPServer", dependencies: [
            .target(name: "CMicroHTTPD", condition: .when(traits: ["Server"])),
        ], swiftSettings: withoutRegexEngine),
        // The SQL schema, embedded in the binary so that it works wherever it is copied.
        .target(
            name: "TraqtMigrations",
            path: "Migrations",
            resources: migrationFiles.flatMap { [.embedInCode("\($0).sql"), .embedInCode("\($0).postgres.sql")] },
            swiftSettings: withoutRegexEngine
        ),
        .target(name: "TraqtCore", dependencies: [
            "CSQLite", "CNettle", "TraqtMigrations",
            .target(name: "CPostgres", condition: .when(traits: ["Postgres"])),
        ], swiftSettings: withoutRegexEngine),
        .target(name: "ArgumentParsing", swiftSettings: withoutRegexEngine),
        // The command line as a library: parsing, the commands, their output and
        // exit statuses, run in-process by tests and by the front ends to come.
        .target(name: "TraqtCLI", dependencies: [
            "TraqtCore", "ArgumentParsing", "CLinux", "HTTPServer",
        ], swiftSettings: withoutRegexEngine),
        // The executable: reads argv and the environment, calls TraqtCLI, exits.
        .executableTarget(
            name: "traqt",
            dependencies: ["TraqtCLI"],
            swiftSettings: withoutRegexEngine,
            // A release build is one self-contained file: the Swift runtime, glibc and
            // SQLite linked in, so it starts fast and runs when copied to any Linux
            // machine of the same architecture. Without its symbol table (-s) it is a
            // third smaller and starts with 35 fewer page faults: 0.70 ms instead of
            // 0.91 ms for --version, measured.
            linkerSettings: [
                .unsafeFlags(["-static-executable", "-Xlinker", "-s"], .when(configuration: .release, traits: ["StaticBinary"])),
                // With libpq (dynamic), the Swift runtime is still linked in: the
                // binary needs only glibc, libsqlite3 and libpq where it runs.
                .unsafeFlags(["-static-stdlib", "-Xlinker", "-s"], .when(configuration: .release, traits: ["Postgres"])),
                .unsafeFlags(["-static-stdlib", "-Xlinker", "-s"], .when(configuration: .release, traits: ["Server"])),
            ]
        ),
        .testTarget(name: "TraqtCoreTests", dependencies: ["TraqtCore", "TraqtMigrations"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        // The command line library's own code, where a black-box test cannot reach: terminal widths.
        .testTarget(name: "TraqtTests", dependencies: ["TraqtCLI"]),
        // Black-box tests of the built binary; depending on it makes `swift test` build it.
        .testTarget(name: "TraqtCLITests", dependencies: ["traqt", "TraqtCLI", "TraqtCore", "TraqtMigrations"]),
    ]
)
