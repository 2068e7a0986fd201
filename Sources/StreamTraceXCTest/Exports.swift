// One `expectEventually`, shared with StreamTraceTesting, so that a target
// importing both glue modules has one to call.
@_exported import StreamTraceTestSupport
