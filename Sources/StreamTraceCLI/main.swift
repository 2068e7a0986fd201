import StreamTrace

// The C library, exported here for every file of the command rather than imported by each.
#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#endif

// A thin layer over the library: parse arguments, run a command, map its outcome to an exit status (`ExitStatus`).
_ = TraceInput.standardInputWasClosed  // before anything is opened
#if canImport(Glibc)
// Blocks of 1 MiB and up straight from the kernel and back when freed: glibc's threshold otherwise rises to the largest
// block freed (up to 32 MiB), and freed megabyte values stay in each scanning thread's arena, so the peak would grow
// with the lines. (-3 is M_MMAP_THRESHOLD; malloc.h is not in Glibc's module.)
if let mallopt = SystemCall.symbol("mallopt") {
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(-3, 1 << 20)
}
#endif
let status = StreamTraceCommand.run(CommandLineArguments.read())
exit(status.rawValue)
