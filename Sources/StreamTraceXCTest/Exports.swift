// A test target moving from CombineExpectations changes one import: `import StreamTraceXCTest` brings the recorders
// and expectations of the library with the waits.
@_exported import StreamTrace
