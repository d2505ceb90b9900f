// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Trellis",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TrellisDiff", targets: ["TrellisDiff"]),
    .library(name: "TrellisValues", targets: ["TrellisValues"]),
    .library(name: "TrellisDocuments", targets: ["TrellisDocuments"]),
    .library(name: "TrellisPredicates", targets: ["TrellisPredicates"]),
    .library(name: "TrellisThemes", targets: ["TrellisThemes"]),
    .library(name: "TrellisPropertyNames", targets: ["TrellisPropertyNames"]),
    .library(name: "Trellis", targets: ["Trellis"]),
    .library(name: "TrellisSettings", targets: ["TrellisSettings"]),
    .library(name: "TrellisDescriptors", targets: ["TrellisDescriptors"]),
    .library(name: "TrellisMacros", targets: ["TrellisMacros"]),
    .library(name: "TrellisTerminal", targets: ["TrellisTerminal"]),
    .library(name: "TrellisTesting", targets: ["TrellisTesting"]),
    .library(name: "TrellisSQL", targets: ["TrellisSQL"]),
    .library(name: "TrellisSQLite", targets: ["TrellisSQLite"]),
    .library(name: "TrellisWeb", targets: ["TrellisWeb"]),
    .library(name: "TrellisWebService", targets: ["TrellisWebService"]),
    .library(name: "TrellisPostgres", targets: ["TrellisPostgres"]),
    .library(name: "TrellisWebPostgres", targets: ["TrellisWebPostgres"]),
    .library(name: "TrellisListSources", targets: ["TrellisListSources"]),
    .library(name: "TrellisUIKit", targets: ["TrellisUIKit"]),
    // The seed examples, for apps that show them (the iOS demo in Examples/iOS).
    .library(name: "TrellisExamples", targets: ["TrellisExamples"]),
    .executable(name: "trellis", targets: ["trellis"]),
    .executable(name: "trellis-demo", targets: ["trellis-demo"]),
    .executable(name: "trellis-bench", targets: ["trellis-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
    .package(
      url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.21.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", "3.9.0"..<"6.0.0"),
    .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0"),
    .package(url: "https://github.com/jpsim/Yams.git", "6.0.0"..<"7.0.0"),
  ],
  targets: [
    // The diff engine: snapshots in, staged changesets out. Standard library only.
    .target(name: "TrellisDiff"),

    // The vocabulary every layer shares: values, key-value coding, property tables, document
    // objects, diagnostics and source locations.
    .target(name: "TrellisValues"),
    // JSON and property-list documents (XML, binary, OpenStep), read and written with positions.
    .target(name: "TrellisDocuments", dependencies: ["TrellisValues"]),
    // The predicate language: parse, check, evaluate. No SQL.
    .target(name: "TrellisPredicates", dependencies: ["TrellisValues"]),
    // The .sct theme language and style resolution. No CSS, no ANSI.
    .target(name: "TrellisThemes", dependencies: ["TrellisValues"]),
    // The names-string language: which properties a definition shows, grouped into sections.
    .target(name: "TrellisPropertyNames", dependencies: ["TrellisValues"]),

    // The platform-neutral core; re-exports the six modules above.
    .target(
      name: "Trellis",
      dependencies: [
        "TrellisDiff", "TrellisValues", "TrellisDocuments", "TrellisPredicates", "TrellisThemes",
        "TrellisPropertyNames",
      ]
    ),

    // Stores of settings: user defaults, and key-value stores that follow a person.
    .target(name: "TrellisSettings", dependencies: ["Trellis"]),

    // Tables as data: the canonical descriptor schema and the seed formats, bound to data.
    .target(
      name: "TrellisDescriptors", dependencies: ["Trellis", "TrellisPredicates", "TrellisSettings"]),

    // The `@TableBound` macro: a Swift class's property table. Its expansion is a library, so
    // that the tests link it directly; a test target that depends on a macro target makes
    // SwiftPM build every test, and all they use, a second time for the host.
    .target(
      name: "TrellisMacrosExpansion",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
      ]
    ),
    .macro(
      name: "TrellisMacrosPlugin",
      dependencies: [
        "TrellisMacrosExpansion",
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    .target(name: "TrellisMacros", dependencies: ["Trellis", "TrellisMacrosPlugin"]),

    // Small, runnable examples from the seeds, shared by the demo and the tests.
    .target(
      name: "TrellisExamples",
      dependencies: ["Trellis", "TrellisMacros", "TrellisSettings", "TrellisDescriptors"]),
    // The examples that keep their data in SQLite (the demo's Tasks and Contacts).
    .target(name: "TrellisSQLiteExamples", dependencies: ["TrellisExamples", "TrellisSQLite"]),

    // Predicates as SQL WHERE clauses, in the SQLite and PostgreSQL dialects. No database.
    // Also what lists and forms are inferred from a database's schema, whichever database.
    .target(name: "TrellisSQL", dependencies: ["Trellis", "TrellisPredicates", "TrellisValues"]),

    // The embedded relational store.
    .target(
      name: "TrellisSQLite",
      dependencies: [
        "Trellis", "TrellisSQL", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // Lists and forms over REST APIs: the web-service store, on AsyncHTTPClient.
    .target(
      name: "TrellisWebService",
      dependencies: [
        "Trellis", "TrellisDocuments",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ]
    ),

    // The shared relational store: PostgreSQL, on postgres-nio's pooled client.
    .target(
      name: "TrellisPostgres",
      dependencies: [
        "Trellis", "TrellisSQL", "TrellisSettings",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // Descriptors' SQLite and web-service sources: the resolvers a program registers in its
    // descriptor library when it links those stores.
    .target(
      name: "TrellisListSources",
      dependencies: [
        "TrellisDescriptors", "TrellisSQL", "TrellisSQLite", "TrellisWebService", "TrellisPostgres",
      ]
    ),

    // OpenAPI documents as web-service descriptors: each resource a list and a form. Only the
    // `trellis` command, the fuzz targets and their tests link it, so the libraries never build
    // OpenAPIKit.
    .target(
      name: "TrellisOpenAPI",
      dependencies: [
        "TrellisDescriptors", "TrellisDocuments", "TrellisListSources", "TrellisPredicates",
        .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
        .product(name: "OpenAPIKit", package: "OpenAPIKit"),
        .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),

    // Hosts.
    .target(name: "TrellisTerminal", dependencies: ["Trellis"]),
    // The UIKit host: what cells, bars and navigation show, as values, on every platform; the
    // UIKit mapping in files wrapped in `#if canImport(UIKit)` (checked on Linux through
    // TrellisUIKitOnMirror below).
    .target(name: "TrellisUIKit", dependencies: ["Trellis"]),
    .target(
      name: "TrellisWeb",
      dependencies: [
        "Trellis",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "_NIOFileSystem", package: "swift-nio"),
      ],
      resources: [.copy("Assets")]
    ),

    // The web host's people and sign-ins in PostgreSQL, for servers on several machines.
    .target(
      name: "TrellisWebPostgres",
      dependencies: [
        "TrellisWeb", "TrellisPostgres", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // The headless table view and contract suites, and the UI fuzzer.
    .target(name: "TrellisTesting", dependencies: ["Trellis", "TrellisDiff"]),
    // The apps the UI fuzzer plays, shared by the tests and the benchmarks: the demo's apps,
    // the descriptor fixtures, generated forms, lists and selections, document screens, and the
    // screens inferred from the "Any Data" fixtures (the OpenAPI ones over a service on
    // loopback, made of the web host's Store API).
    .target(
      name: "TrellisFuzzTargets",
      dependencies: [
        "TrellisTesting", "TrellisMacros", "TrellisExamples", "TrellisSQLiteExamples",
        "TrellisDescriptors", "TrellisSettings", "TrellisListSources", "TrellisPostgres",
        "TrellisOpenAPI", "TrellisWeb",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // The command-line options both servers take (`trellis serve`, `trellis-demo`).
    .target(
      name: "TrellisServerOptions",
      dependencies: [
        "TrellisWeb", "TrellisWebPostgres", "TrellisPostgres",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Executables.
    .executableTarget(
      name: "trellis-demo",
      dependencies: [
        "Trellis", "TrellisExamples", "TrellisSQLiteExamples", "TrellisTerminal", "TrellisWeb",
        "TrellisSQLite", "TrellisDescriptors", "TrellisWebService", "TrellisPostgres",
        "TrellisSettings", "TrellisServerOptions",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .executableTarget(
      name: "trellis",
      dependencies: [
        "Trellis", "TrellisDescriptors", "TrellisTerminal", "TrellisWeb", "TrellisListSources",
        "TrellisSettings", "TrellisPostgres", "TrellisOpenAPI", "TrellisServerOptions",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // Descriptors named by an http(s) address are fetched with it.
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .executableTarget(
      name: "trellis-bench",
      dependencies: [
        "TrellisDiff", "Trellis", "TrellisSQLite", "TrellisWeb", "TrellisExamples",
        "TrellisSettings", "TrellisDescriptors", "TrellisDocuments",
        "TrellisSQLiteExamples", "TrellisTesting", "TrellisFuzzTargets", "TrellisWebService",
        "TrellisPostgres", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ],
      path: "Benchmarks/trellis-bench"
    ),

    // The UIKit host checked on Linux: a declaration-only mirror of the UIKit API TrellisUIKit
    // uses (named UIKitMirror, so it never shadows UIKit), TrellisUIKit's own files compiled
    // against it through a symlinked directory, and the iOS demo compiled against both.
    .target(name: "UIKitMirror", dependencies: ["TrellisTesting"], path: "Tests/UIKitMirror"),
    .target(
      name: "TrellisUIKitOnMirror", dependencies: ["Trellis", "UIKitMirror"],
      path: "Tests/TrellisUIKitOnMirror", exclude: ["Sources/TrellisUIKit.docc"],
      swiftSettings: [.define("TRELLIS_UIKIT_MIRROR")]),
    .target(
      name: "TrellisiOSDemo",
      dependencies: [
        "TrellisUIKitOnMirror", "UIKitMirror", "TrellisExamples", "TrellisSettings",
      ],
      path: "Examples/iOS/TrellisDemo", exclude: ["AppDelegate.swift"],
      swiftSettings: [.define("TRELLIS_UIKIT_MIRROR")]),

    // Tests.
    .testTarget(name: "TrellisDiffTests", dependencies: ["TrellisDiff", "TrellisTesting"]),
    .testTarget(
      name: "TrellisDocumentsTests", dependencies: ["TrellisDocuments", "TrellisTesting"]),
    .testTarget(
      name: "TrellisPredicatesTests", dependencies: ["TrellisPredicates", "TrellisTesting"]),
    .testTarget(name: "TrellisThemesTests", dependencies: ["TrellisThemes", "TrellisTesting"]),
    .testTarget(
      name: "TrellisTests",
      dependencies: [
        "Trellis", "TrellisMacros", "TrellisTesting", "TrellisExamples", "TrellisSettings",
        "TrellisTerminal",
      ]
    ),
    .testTarget(
      name: "TrellisDescriptorsTests",
      dependencies: ["TrellisDescriptors", "TrellisTesting", "TrellisTerminal", "TrellisSettings"]
    ),
    .testTarget(
      name: "TrellisTerminalTests",
      dependencies: ["TrellisTerminal", "TrellisTesting", "TrellisExamples", "TrellisDescriptors"]
    ),
    .testTarget(
      name: "TrellisCLITests",
      dependencies: [
        "trellis", "TrellisTesting", "TrellisSettings", "TrellisWeb", "TrellisWebPostgres",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["Expected", "Inputs"]),
    .testTarget(
      name: "TrellisSQLTests", dependencies: ["TrellisSQL", "TrellisPredicates", "TrellisValues"]),
    .testTarget(
      name: "TrellisSQLiteTests",
      dependencies: ["TrellisSQLite", "TrellisTesting", "TrellisSQLiteExamples"]),
    .testTarget(
      name: "TrellisWebTests",
      dependencies: [
        "TrellisWeb", "TrellisTesting", "TrellisExamples", "TrellisSQLiteExamples",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "TrellisWebServiceTests",
      dependencies: [
        "TrellisWebService", "TrellisTesting", "TrellisExamples", "TrellisWeb",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TrellisPostgresTests",
      dependencies: [
        "TrellisPostgres", "TrellisSQLite", "TrellisTesting", "TrellisExamples", "TrellisSettings",
        "TrellisWeb", "TrellisWebPostgres", "TrellisDescriptors", "TrellisListSources",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TrellisListSourcesTests",
      dependencies: [
        "TrellisListSources", "TrellisSQL", "TrellisSQLite", "TrellisTesting", "TrellisTerminal",
        "TrellisWeb", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "TrellisOpenAPITests",
      dependencies: [
        "TrellisOpenAPI", "TrellisListSources", "TrellisDescriptors", "TrellisSQL",
        "TrellisWebService", "TrellisTesting",
      ]
    ),
    .testTarget(name: "TrellisTestingTests", dependencies: ["TrellisTesting"]),
    .testTarget(
      name: "TrellisUIKitTests",
      dependencies: [
        "TrellisUIKitOnMirror", "UIKitMirror", "TrellisiOSDemo", "TrellisTesting",
        "TrellisExamples", "TrellisSettings",
      ]
    ),
    .testTarget(
      name: "TrellisFuzzTargetsTests", dependencies: ["TrellisFuzzTargets", "TrellisTesting"]),
    .testTarget(
      name: "TrellisMacrosExpansionTests",
      dependencies: [
        "TrellisMacrosExpansion",
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
