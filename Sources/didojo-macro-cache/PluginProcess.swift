import Glibc

/// The real macro plugin, started on demand, talking over two pipes.
struct PluginProcess {
    let channel: MessageChannel
    private let pid: pid_t

    /// Starts the plugin at `path`; nil when it cannot be started. Its standard error is ours,
    /// which the compiler shows, so the plugin's own complaints still reach the learner.
    init?(path: String) {
        var toPlugin: [Int32] = [0, 0]
        var fromPlugin: [Int32] = [0, 0]
        guard pipe(&toPlugin) == 0, pipe(&fromPlugin) == 0 else { return nil }
        // Only the plugin's own ends reach it (as its stdin and stdout, through dup2).
        for descriptor in toPlugin + fromPlugin {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toPlugin[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromPlugin[1], STDOUT_FILENO)
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, path, &actions, nil, arguments, environ)
        close(toPlugin[0])
        close(fromPlugin[1])
        guard status == 0 else {
            close(toPlugin[1])
            close(fromPlugin[0])
            return nil
        }
        self.pid = pid
        channel = MessageChannel(input: fromPlugin[0], output: toPlugin[1])
    }

    /// Closes the plugin's input, which ends it, and waits for it.
    func finish() {
        close(channel.output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(channel.input)
    }
}
