// didojo-macro-cache: stands in for a macro plugin (swift-dependencies' `@DependencyClient`)
// while the checker compiles a learner's file, and answers the compiler from expansions it has
// kept, starting the real plugin only for a request it has not seen.
//
// Why: a macro plugin built by `swift build` is a debug build of swift-syntax, and expanding
// one `@DependencyClient` struct in it takes 80–100 ms, at every check, although the struct
// rarely changes between two checks. An expansion depends on nothing but the request (the
// macro, the code it is attached to, where that code is), so the same request gets the same
// answer back.
//
// The checker (`MacroExpansionCache`) gives each plugin path a folder of its own holding a
// copy of this program under the plugin's name, the real plugin's path in `real-plugin`, and
// the kept expansions in `expansions/`, each filed with the build of the plugin that gave it
// (`PluginIdentity`), so that a rebuilt plugin is never answered for by its predecessor. The
// compiler starts the copy with no arguments and an empty environment, so the folder is found
// from the program's own path.
//
// Written against Glibc alone, without Foundation: it starts at every compile that uses a macro.
import Glibc

/// Says what went wrong on standard error, which the compiler shows with its own messages.
func complain(_ text: String) {
    _ = MessageChannel.writeAll(Array("didojo-macro-cache: \(text)\n".utf8), to: STDERR_FILENO)
}

signal(SIGPIPE, SIG_IGN)
let folder = PluginFolder(program: CommandLine.arguments[0])
guard let realPlugin = folder.realPluginPath() else {
    complain("no real-plugin file beside \(CommandLine.arguments[0]); run `swift build` again")
    exit(1)
}
// The plugin at that path is checked at every start, not when the folder was set up: it may
// have been rebuilt since (a shell stays open across a `swift build`), or be gone.
guard let identity = PluginIdentity(path: realPlugin) else {
    complain("""
        the macro plugin \(realPlugin) is not there any more (was DIDojo's folder moved, \
        deleted or cleaned?). Run `swift build` in DIDojo's folder, then start didojo from there.
        """)
    exit(1)
}
folder.startOverUnlessMadeBy(identity)
let compiler = MessageChannel(input: STDIN_FILENO, output: STDOUT_FILENO)
let store = ExpansionStore(folder: folder.expansions, plugin: identity)
var plugin: PluginProcess?
// Requests that set the session up (the compiler's capability question) are sent again to a
// real plugin started later in the session, so that it answers in the same protocol version.
var handshake: [[UInt8]] = []

while let request = compiler.read() {
    // Recorded once the request is answered, whoever answered it, so that a plugin started
    // later is set up as the compiler set up the session, and only once.
    defer { if MessageChannel.isHandshake(request) { handshake.append(request) } }
    if let kept = store.response(to: request) {
        guard compiler.write(kept) else { break }
        continue
    }
    if plugin == nil {
        guard let started = PluginProcess(path: realPlugin) else {
            complain("could not start the macro plugin \(realPlugin); run `swift build` in DIDojo's folder")
            exit(1)
        }
        folder.recordStart(for: store.entryName(for: request))
        for question in handshake {
            guard started.channel.write(question), started.channel.read() != nil else { exit(1) }
        }
        plugin = started
    }
    guard let running = plugin, running.channel.write(request), let response = running.channel.read() else {
        complain("the macro plugin \(realPlugin) stopped answering")
        exit(1)
    }
    store.keep(response, for: request)
    guard compiler.write(response) else { break }
}
plugin?.finish()
exit(0)
