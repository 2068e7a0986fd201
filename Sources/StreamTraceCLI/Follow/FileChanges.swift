/// Waits, without busy polling, until a regular file may have grown: inotify on Linux, a kqueue on Apple platforms,
/// elsewhere (or when neither can be set up) a look every 250 ms. Ctrl-C (``Interrupt``) ends the wait.
final class FileChanges {
    /// The inotify instance (Linux) or the kqueue (Apple platforms); -1 for a look every 250 ms.
    private let watch: Int32

    /// Watches the file open as `fd`, at `path`.
    init(fd: Int32, path: String) {
        #if os(Linux)
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF)
        let added = CommandLineArguments.withPath(bytes: CommandLineArguments.pathBytes(path)) {
            inotify_add_watch(watch, $0, mask)
        }
        if watch >= 0, added >= 0 {
            self.watch = watch
            return
        }
        if watch >= 0 { close(watch) }
        #elseif canImport(Darwin)
        let queue = kqueue()
        if queue >= 0 {
            var events = [
                kevent(
                    ident: UInt(fd), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                    fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_RENAME | NOTE_DELETE), data: 0,
                    udata: nil),
                kevent(
                    ident: UInt(Interrupt.readFD), filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD), fflags: 0,
                    data: 0, udata: nil),
            ]
            if kevent(queue, &events, 2, nil, 0, nil) == 0 {
                self.watch = queue
                return
            }
            close(queue)
        }
        #endif
        self.watch = -1
    }

    deinit {
        if watch >= 0 { close(watch) }
    }

    /// Sleeps until the file may have changed: `true`; or until Ctrl-C: `false`.
    func wait() -> Bool {
        if watch >= 0 {
            #if os(Linux)
            guard Interrupt.wait(readable: watch) else { return false }
            var events = [UInt8](repeating: 0, count: 4096)
            while events.withUnsafeMutableBytes({ read(watch, $0.baseAddress!, $0.count) }) > 0 {}
            return true
            #elseif canImport(Darwin)
            var event = kevent()
            while kevent(watch, nil, 0, &event, 1, nil) < 0, errno == EINTR {}
            return !Interrupt.happened
            #endif
        }
        var descriptor = pollfd(fd: Interrupt.readFD, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 250) == 0 || !Interrupt.happened
    }
}
