import Foundation

/// The page (`Page/` in this target's resources) and the three.js files it loads from Debian's
/// libjs-three, by fixed names only: nothing outside them can be asked for.
public struct StaticFiles: Sendable {
    /// Where Debian's libjs-three puts three.js r111.
    public static let debianThreeFolder = "/usr/share/javascript/three"

    /// The three.js files the page loads, by the path it asks for, relative to the three.js folder.
    static let threeFiles = [
        "/three/three.min.js": "build/three.min.js",
        "/three/OrbitControls.js": "examples/js/controls/OrbitControls.js",
        "/three/GLTFLoader.js": "examples/js/loaders/GLTFLoader.js",
    ]

    static let pageFiles = ["/": "index.html", "/index.html": "index.html", "/app.js": "app.js", "/style.css": "style.css"]

    let threeFolder: String

    /// Whether every three.js file is there; the message names the missing one and the fix.
    public func checkThree() -> String? {
        for file in Self.threeFiles.values.sorted() where !FileManager.default.isReadableFile(atPath: threeFolder + "/" + file) {
            return "three.js is missing: \(threeFolder)/\(file) is not there; install Debian's libjs-three (sudo apt-get install libjs-three, or `make deps`)"
        }
        return nil
    }

    func response(for path: String) -> HTTPResponse? {
        if let file = Self.pageFiles[path] {
            guard let url = Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Page"),
                  let data = try? Data(contentsOf: url) else { return .error(500, "the customizer's \(file) is missing from the build") }
            return HTTPResponse(contentType: Self.type(of: file), body: data)
        }
        if let file = Self.threeFiles[path] {
            guard let data = FileManager.default.contents(atPath: threeFolder + "/" + file) else {
                return .error(500, checkThree() ?? "cannot read \(threeFolder)/\(file)")
            }
            return HTTPResponse(contentType: "text/javascript; charset=utf-8", body: data)
        }
        return nil
    }

    static func type(of file: String) -> String {
        switch (file as NSString).pathExtension {
        case "html": return "text/html; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
