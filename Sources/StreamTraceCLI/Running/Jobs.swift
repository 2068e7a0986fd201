enum Jobs {
    /// The number of cores online: how many traces are read at once unless `--jobs N` says.
    static var cores: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
