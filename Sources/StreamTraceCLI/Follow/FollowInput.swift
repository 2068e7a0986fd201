import StreamTrace

/// What `show --follow` reads: a regular file as it grows, or a FIFO (a pipe, standard input) until its writer closes
/// it; either until Ctrl-C. No busy polling: a FIFO is read when `poll(2)` says it is readable, and at the end of a
/// regular file the input sleeps until the file changes (``FileChanges``); SIGINT wakes either wait (``Interrupt``).
final class FollowInput {
    let name: String
    /// Whether Ctrl-C ended the reading.
    private(set) var interrupted = false
    private let fd: Int32
    private let growing: FileChanges?

    /// Opens `argument` (a path, or `-`) and starts watching it.
    init(_ argument: String) throws(TraceReadError) {
        name = TraceInput.name(of: argument)
        Interrupt.install()
        var fd: Int32
        repeat {
            // A FIFO's open waits for a writer; Ctrl-C ends the wait.
            fd =
                argument == "-"
                ? TraceInput.duplicateStandardInput() : CommandLineArguments.open(argument, O_RDONLY | O_CLOEXEC)
        } while fd < 0 && errno == EINTR && !Interrupt.happened
        guard fd >= 0 else {
            if Interrupt.happened {
                self.fd = -1
                growing = nil
                interrupted = true
                return
            }
            throw TraceFile.openFailure(name, errno)
        }
        var info = stat()
        fstat(fd, &info)
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw TraceFile.readFailure(name, EISDIR)
        }
        self.fd = fd
        growing = (info.st_mode & S_IFMT) == S_IFREG ? FileChanges(fd: fd, path: argument) : nil
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Reads into `buffer`, waiting for the writer: bytes read, 0 at the end (writer gone, or Ctrl-C), -1 with `errno`.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard fd >= 0 else { return 0 }
        while true {
            if let growing {
                let n = SystemCall.read(fd, buffer, count)
                if n > 0 || (n < 0 && errno != EINTR) { return n }
                if n == 0, !growing.wait() {
                    interrupted = true
                    return 0
                }
            } else {
                guard Interrupt.wait(readable: fd) else {
                    interrupted = true
                    return 0
                }
                let n = SystemCall.read(fd, buffer, count)
                if n >= 0 || (errno != EINTR && errno != EAGAIN) { return n }
            }
        }
    }
}

/// Ctrl-C as a readable pipe: the SIGINT handler writes a byte to it, so a `poll(2)` or `kevent(2)` waiting on it wakes
/// whenever the signal comes (no race between checking a flag and starting to wait).
enum Interrupt {
    nonisolated(unsafe) private static var pipeFDs: [Int32] = [-1, -1]
    nonisolated(unsafe) fileprivate static var writeFD: Int32 = -1

    static var readFD: Int32 { pipeFDs[0] }

    /// Installs the handler (once), without SA_RESTART, so that a blocked `open(2)` of a FIFO returns too.
    static func install() {
        guard pipeFDs[0] < 0, pipe(&pipeFDs) == 0 else { return }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(pipeFDs[1], F_SETFL, O_NONBLOCK)
        writeFD = pipeFDs[1]
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = interruptHandler
        #else
        action.__sigaction_handler.sa_handler = interruptHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (the mask is inherited).
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    static var happened: Bool {
        var descriptor = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        return readFD >= 0 && poll(&descriptor, 1, 0) > 0
    }

    /// Waits until `fd` is readable (or at its end): `true`; or until Ctrl-C: `false`.
    static func wait(readable fd: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: readFD, events: Int16(POLLIN), revents: 0), pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if descriptors[0].revents != 0 { return false }
            if ready != 0 { return true }
        }
    }
}

/// The C handler: async-signal-safe, it only writes one byte.
private func interruptHandler(_ signal: Int32) {
    var byte: UInt8 = 1
    _ = write(Interrupt.writeFD, &byte, 1)
}
