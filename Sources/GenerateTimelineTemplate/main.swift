import Foundation
import StreamTraceBrowser

// `make timeline-template`: after an edit of timeline.html, recomputes its
// Content-Security-Policy hashes (in place) and writes the Swift source
// that embeds it in `streamtrace`.
//
//   GenerateTimelineTemplate [PACKAGE_DIRECTORY]

let root = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
let templatePath = root + "/" + TimelineTemplateSource.templatePath
let sourcePath = root + "/" + TimelineTemplateSource.sourcePath
do {
    guard let data = FileManager.default.contents(atPath: templatePath) else {
        throw ContentSecurityPolicy.TemplateError(description: "cannot read \(templatePath)")
    }
    let template = try ContentSecurityPolicy.updated(Array(data))
    try Data(template).write(to: URL(fileURLWithPath: templatePath))
    let source = TimelineTemplateSource.swiftSource(for: String(decoding: template, as: UTF8.self))
    try Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))
    print("\(templatePath): \(try ContentSecurityPolicy.current(in: template))")
    print("\(sourcePath): \(source.utf8.count) bytes")
} catch {
    FileHandle.standardError.write(Data("GenerateTimelineTemplate: \(error)\n".utf8))
    exit(1)
}
