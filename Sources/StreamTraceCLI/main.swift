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
let status = StreamTraceCommand.run(CommandLineArguments.read())
exit(status.rawValue)
