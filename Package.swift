// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MiniDesk",
    products: [
        .library(name: "Support", targets: ["Support"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "MiniDesk", targets: ["MiniDesk"]),
        .library(name: "MeshIO", targets: ["MeshIO"]),
        .library(name: "MiniDeskServer", targets: ["MiniDeskServer"]),
        .executable(name: "minidesk", targets: ["minidesk"]),
        .executable(name: "minidesk-bench", targets: ["minidesk-bench"]),
    ],
    targets: [
        // C libraries from Debian's packages (installed by `make deps`).
        .systemLibrary(
            name: "CAssimp", path: "Sources/CAssimp", pkgConfig: "assimp",
            providers: [.apt(["libassimp-dev"])]),
        .systemLibrary(
            name: "CMinizip", path: "Sources/CMinizip", pkgConfig: "minizip",
            providers: [.apt(["libminizip-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),

        // The application's helpers: JSON values read and written exactly, suggestions for typos,
        // the version.
        .target(name: "Support"),
        // The kernel: pure Swift, no C dependency.
        .target(name: "Geometry"),
        // CSG scenes: solids as JSON documents, read and written exactly.
        .target(name: "Scene", dependencies: ["Geometry", "Support"]),
        // The catalogue: parameters, the enclosure, the items, each built as a scene.
        .target(name: "MiniDesk", dependencies: ["Geometry", "Scene", "Support"]),
        // Writers and readers.
        .target(name: "MeshIO", dependencies: ["Geometry", "MiniDesk", "Support", "CAssimp", "CMinizip"]),

        // `minidesk serve`: the customizer's HTTP server, page and API.
        .target(name: "MiniDeskServer", dependencies: ["MiniDesk", "MeshIO", "Geometry", "Support", "CMicroHTTPD"], resources: [.copy("Page")]),

        .executableTarget(name: "minidesk", dependencies: ["Geometry", "Scene", "MiniDesk", "MeshIO", "MiniDeskServer", "Support"]),
        .executableTarget(name: "minidesk-bench", dependencies: ["Geometry", "MiniDesk", "MeshIO", "MiniDeskServer", "Support"]),

        .testTarget(name: "SupportTests", dependencies: ["Support"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Geometry", "Support"]),
        .testTarget(name: "MiniDeskTests", dependencies: ["MiniDesk", "Scene", "Geometry", "Support"], exclude: ["GoldenScenes"]),
        .testTarget(name: "MeshIOTests", dependencies: ["MeshIO", "MiniDesk", "Geometry", "Support", "CMinizip"]),
        .testTarget(name: "MiniDeskServerTests", dependencies: ["MiniDeskServer", "MiniDesk", "MeshIO", "Geometry", "Support"]),
        // End-to-end tests of the built binary.
        .testTarget(name: "minideskTests", dependencies: ["minidesk", "Geometry", "MiniDesk", "MeshIO", "Support"]),
    ]
)
