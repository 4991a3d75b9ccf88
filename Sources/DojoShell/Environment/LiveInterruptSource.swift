import Foundation
import Glibc
import LineEditing

/// Ctrl-C, as seen by the real process: a SIGINT handler sets a flag and writes a byte to a
/// wake pipe; `nextInterrupt` sleeps in `poll(2)` on that pipe, so Ctrl-C wakes it at once and
/// nothing runs in between.
///
/// The handler replaces the default action (ending the process), so Ctrl-C can never take
/// the shell down; the shell decides what it means: drop the line, or cancel a check.
package struct LiveInterruptSource: InterruptSource {
    private init() {}

    /// Installs the SIGINT handler and its wake pipe (once; installing again is harmless) and
    /// returns the source.
    ///
    /// - Parameter stopSignalsToo: SIGTERM and SIGHUP interrupt as Ctrl-C does (a script's
    ///   `timeout`, a terminal closed): ended by them at once, a check left its folder of
    ///   compiled files behind. The program ends by that signal once what was under way has
    ///   stopped (`endIfStopped()`).
    package static func installed(stopSignalsToo: Bool = false) -> LiveInterruptSource {
        if stopSignalsToo {
            InterruptSignal.installStopSignals()
        } else {
            InterruptSignal.install()
        }
        return LiveInterruptSource()
    }

    /// Ends the process by the stop signal (SIGTERM or SIGHUP) that interrupted it, if one did,
    /// with the signal's default action: the script that sent it sees the program ended by it.
    package static func endIfStopped() {
        InterruptSignal.endByStopSignal()
    }

    package func takeInterrupt() -> Bool {
        InterruptSignal.take()
    }

    package var stopRequested: Bool {
        InterruptSignal.stopSignal != nil
    }

    /// Waits on a thread of its own (a blocked `poll(2)` must not hold one of Swift's few
    /// cooperative threads); cancelling the waiting task wakes that thread through a pipe.
    package func nextInterrupt() async {
        if takeInterrupt() { return }
        guard let cancellation = WakeUpPipe() else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let thread = Thread {
                    Self.waitForInterrupt(orReadable: cancellation.readDescriptor)
                    continuation.resume()
                }
                thread.name = "LiveInterruptSource"
                thread.start()
            }
        } onCancel: {
            cancellation.signal()
        }
    }

    /// Blocks until SIGINT has arrived (and takes it) or `cancelDescriptor` is readable.
    private static func waitForInterrupt(orReadable cancelDescriptor: Int32) {
        let interruptDescriptor = InterruptSignal.wakeDescriptor
        while true {
            // Drain first, then take: a SIGINT between the two leaves its byte for the next poll.
            InterruptSignal.drainWakePipe()
            if InterruptSignal.take() { return }
            var pollers = [
                pollfd(fd: interruptDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: cancelDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // Without a wake pipe (the system refused one), look at the flag every 20 ms.
            let ready = poll(&pollers, nfds_t(pollers.count), interruptDescriptor < 0 ? 20 : -1)
            if ready < 0, errno != EINTR { return }
            if pollers[1].revents != 0 { return }
        }
    }
}
