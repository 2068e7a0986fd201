import Foundation
import StreamTraceBrowser

// `make timeline-csp`: after an edit of timeline.html's inline script or
// style, recomputes the Content-Security-Policy hashes in its meta tag (in
// place). SwiftPM compiles the file into `streamtrace` as it is
// (`.embedInCode`); a test fails while the hashes are stale.
//
//   UpdateTimelineCSP [PACKAGE_DIRECTORY]

let root = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
let templatePath = root + "/" + ContentSecurityPolicy.templatePath
do {
    guard let data = FileManager.default.contents(atPath: templatePath) else {
        throw ContentSecurityPolicy.TemplateError(description: "cannot read \(templatePath)")
    }
    let template = try ContentSecurityPolicy.updated(Array(data))
    try Data(template).write(to: URL(fileURLWithPath: templatePath))
    print("\(templatePath): \(try ContentSecurityPolicy.current(in: template))")
} catch {
    FileHandle.standardError.write(Data("UpdateTimelineCSP: \(error)\n".utf8))
    exit(1)
}
