#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// A thin layer over the library: parse arguments, run a command, map its
// outcome to an exit status (in `ExitStatus`, the only place that does).
_ = TraceInput.standardInputWasClosed  // before anything is opened
#if canImport(Glibc)
// Blocks of 1 MiB and more straight from the kernel and back to it when
// freed: glibc's threshold otherwise rises to the largest block freed (up
// to 32 MiB), and a value of megabytes freed then stays in an arena (one
// per scanning thread) to the end: the peak would grow with the lines.
// (`mallopt` is in malloc.h, which Glibc's module leaves out; -3 is
// M_MMAP_THRESHOLD.)
if let mallopt = dlsym(nil, "mallopt") {
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(-3, 1 << 20)
}
#endif
let status = StreamTraceCommand.run(CommandLineArguments.read())
exit(status.rawValue)
