#!/usr/bin/env python3
"""Opens a page in real headless Chromium and reads its live DOM through the DevTools protocol.

`chromium --dump-dom` cannot read the dashboard: its event stream never ends, and headless
Chromium's virtual time does not advance while a request is open. So this starts Chromium with
a remote-debugging port and asks the page itself, as often as needed:

    browse.py URL --wait-for CSS [--then-wait-for CSS] [--timeout S] [--screenshot FILE] [--firefox]
              [--viewport WIDTHxHEIGHT] [--report JS] [--set-file CSS FILE] [--click CSS]

Waits until `document.querySelector(CSS)` finds something, prints the page's HTML, then a line
`READY`. With --then-wait-for it goes on polling for the second selector and prints
`SEEN <unix time in ms>` when it appears (the test changes the room meanwhile). Exits 1 with a
message when a selector does not appear in time. --viewport sets the page's size exactly (the
default is 1400x900); --report evaluates a JavaScript expression once the page is ready and
prints `REPORT <its value as JSON>` before `READY`. After `READY`, --set-file puts FILE in the
file input CSS (Chromium only, as a person choosing it would) and --click clicks CSS (given
again, it clicks each in turn, once it appears, then prints `CLICKED`; --click-screenshots
PREFIX saves the page as PREFIX-N.png just before the Nth click), before the wait for
--then-wait-for. Once that
appeared, --final-report evaluates a JavaScript expression (a promise is awaited, so it may
fetch) and prints `FINAL <its value as JSON>` after `SEEN`. A
confirm() the page asks (Chromium) is answered OK and printed as `DIALOG <message as JSON>`.
Whatever it waits for, the script ends after --give-up-after seconds (600 by default).
Standard library only.

With --firefox it drives Firefox (Debian's firefox-esr) instead, through WebDriver BiDi, the
protocol Firefox speaks on its remote port.
"""
import argparse, base64, ctypes, json, os, shutil, signal, socket, struct, subprocess, sys, tempfile, time, urllib.request


class DevTools:
    """A minimal WebSocket client (RFC 6455, text frames) for one DevTools target."""

    def __init__(self, url):
        host_port, path = url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = self.sock.recv(4096)
            if not chunk:
                # Read again, an ended connection answers b"" at once, for ever.
                raise RuntimeError("DevTools closed the connection before its handshake's answer")
            answer += chunk
        if b" 101 " not in answer.split(b"\r\n")[0]:
            raise RuntimeError(f"no WebSocket from DevTools: {answer[:200]!r}")
        self.pending = answer.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, count):
        while len(self.pending) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            self.pending += chunk
        data, self.pending = self.pending[:count], self.pending[count:]
        return data

    def _frame(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            message += self._read(length)
            if first & 0x80:
                return message

    def call(self, method, **params):
        self.next_id += 1
        call_id = self.next_id
        payload = json.dumps({"id": call_id, "method": method, "params": params}).encode()
        self.send(payload)
        while True:
            answer = json.loads(self._frame())
            if answer.get("method") == "Page.javascriptDialogOpening":
                # A confirm() the page asks, as a person would answer it: OK. Printed, so that
                # the test can read what the page asked.
                print("DIALOG " + json.dumps(answer["params"].get("message", "")), flush=True)
                self.next_id += 1
                self.send(json.dumps({"id": self.next_id, "method": "Page.handleJavaScriptDialog",
                                      "params": {"accept": True}}).encode())
                continue
            if answer.get("id") == call_id:
                if "error" in answer:
                    raise RuntimeError(answer)
                return answer["result"]

    def send(self, payload):
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def evaluate(self, expression, await_promise=False):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                         awaitPromise=await_promise)["result"].get("value")


class FirefoxPage:
    """The same questions asked of Firefox, through WebDriver BiDi."""

    def __init__(self, port):
        self.tools = DevTools(f"ws://127.0.0.1:{port}/session")
        try:
            self.tools.call("session.new", capabilities={})
            self.context = self.tools.call("browsingContext.getTree")["contexts"][0]["context"]
        except Exception:
            # Firefox keeps one session: closing this connection ends it, so that the next try
            # (open_page tries again while the browser starts) is not "Maximum number of active
            # sessions".
            self.tools.sock.close()
            raise

    def navigate(self, url):
        self.tools.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def add_init_script(self, source):
        self.tools.call("script.addPreloadScript", functionDeclaration="() => {\n" + source + "\n}")

    def set_viewport(self, width, height):
        self.tools.call("browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height})

    def evaluate(self, expression, await_promise=False):
        result = self.tools.call("script.evaluate", expression=expression, target={"context": self.context},
                                 awaitPromise=await_promise)
        return result.get("result", {}).get("value")

    def screenshot(self):
        return self.tools.call("browsingContext.captureScreenshot", context=self.context)["data"]


class GaveUp(BaseException):
    """The script's own time is up. Not an Exception (and so not an OSError, as TimeoutError
    is): the retries that catch those while the browser starts must not catch this."""


def die_with_parent():
    """In the browser's process, before it starts: SIGKILL when this script's process ends."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(page, selector, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if page.evaluate(f"document.querySelector({json.dumps(selector)}) !== null"):
                return True
        except RuntimeError:
            pass   # the page was between two documents (the sign-in page going to the dashboard): ask again
        time.sleep(0.02)
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--wait-for", required=True)
    parser.add_argument("--then-wait-for")
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--screenshot")
    parser.add_argument("--firefox", action="store_true")
    parser.add_argument("--viewport", default="1400x900")
    parser.add_argument("--report")
    parser.add_argument("--set-file", nargs=2, metavar=("CSS", "FILE"))
    parser.add_argument("--click", action="append", default=[])
    parser.add_argument("--click-screenshots")
    parser.add_argument("--final-screenshot")
    parser.add_argument("--final-report")
    parser.add_argument("--init-script", help="JavaScript run in every page before the page's own (a test's clock, say)")
    parser.add_argument("--give-up-after", type=int, default=600,
                        help="seconds after which the script stops, whatever it waits for")
    args = parser.parse_args()
    # The test reads this script's output to its end: however the browser misbehaves, the
    # script ends (the `finally` below still kills the browser) and says why.
    def out_of_time(signum, frame):
        raise GaveUp(f"browse.py gave up after {args.give_up_after} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(args.give_up_after)
    width, height = (int(part) for part in args.viewport.lower().split("x"))
    if args.firefox:
        browser_path = shutil.which("firefox-esr") or shutil.which("firefox")
        if not browser_path:
            sys.exit("Firefox is not installed: apt-get install firefox-esr.")
    else:
        browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
        if not browser_path:
            sys.exit("Chromium is not installed: Scripts/install-system-libraries.sh installs it (apt-get install chromium).")
    profile = tempfile.mkdtemp(prefix="didojo-browser-")
    port = free_port()
    if args.firefox:
        command = [browser_path, "--headless", "--profile", profile, "--remote-debugging-port", str(port),
                   f"--window-size={width},{height}", "about:blank"]
    else:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        command = [browser_path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   f"--user-data-dir={profile}", f"--remote-debugging-port={port}", f"--window-size={width},{height}",
                   "--hide-scrollbars", "about:blank"]
    # A group of its own, so that the browser's helpers (zygote, renderers, GPU process) end
    # with it; and the kernel kills the browser if this script dies without reaching
    # `finally` (a test's SIGKILL): one headless Chromium left behind ran on after a CI run.
    browser = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True, preexec_fn=die_with_parent)
    try:
        page = open_page(args.firefox, port)
        page.set_viewport(width, height)
        if args.init_script:
            page.add_init_script(args.init_script)
        page.navigate(args.url)
        if not wait_for(page, args.wait_for, args.timeout):
            print(page.evaluate("document.documentElement.outerHTML"))
            sys.exit(f"'{args.wait_for}' did not appear within {args.timeout:g} s")
        print(page.evaluate("document.documentElement.outerHTML"))
        if args.report:
            print("REPORT " + json.dumps(page.evaluate(args.report)), flush=True)
        if args.screenshot:
            with open(args.screenshot, "wb") as file:
                file.write(base64.b64decode(page.screenshot()))
        print("READY", flush=True)
        if args.set_file:
            page.set_file(*args.set_file)
        for number, selector in enumerate(args.click, start=1):
            if not wait_for(page, selector, args.timeout):
                sys.exit(f"'{selector}' did not appear within {args.timeout:g} s")
            if args.click_screenshots:
                with open(f"{args.click_screenshots}-{number}.png", "wb") as file:
                    file.write(base64.b64decode(page.screenshot()))
            page.evaluate(f"document.querySelector({json.dumps(selector)}).click()")
        if args.click:
            print("CLICKED", flush=True)   # the test may change the world now (stop the server…)
        if args.then_wait_for:
            if not wait_for(page, args.then_wait_for, args.timeout):
                sys.exit(f"'{args.then_wait_for}' did not appear within {args.timeout:g} s")
            print(f"SEEN {int(time.time() * 1000)}", flush=True)
            if args.final_screenshot:
                with open(args.final_screenshot, "wb") as file:
                    file.write(base64.b64decode(page.screenshot()))
            if args.final_report:
                print("FINAL " + json.dumps(page.evaluate(args.final_report, await_promise=True)), flush=True)
    finally:
        try:
            os.killpg(browser.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        browser.wait()
        shutil.rmtree(profile, ignore_errors=True)


class ChromiumPage:
    """A Chromium tab, through the DevTools protocol."""

    def __init__(self, port):
        targets = []
        for _ in range(300):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2))
                if any(t.get("type") == "page" for t in targets):
                    break
            except OSError:
                pass
            time.sleep(0.1)
        target = next(t for t in targets if t.get("type") == "page")
        self.tools = DevTools(target["webSocketDebuggerUrl"])
        self.tools.call("Page.enable")

    def navigate(self, url):
        self.tools.call("Page.navigate", url=url)

    def add_init_script(self, source):
        self.tools.call("Page.addScriptToEvaluateOnNewDocument", source=source)

    def set_file(self, selector, path):
        document = self.tools.call("DOM.getDocument")["root"]["nodeId"]
        node = self.tools.call("DOM.querySelector", nodeId=document, selector=selector)["nodeId"]
        self.tools.call("DOM.setFileInputFiles", files=[os.path.abspath(path)], nodeId=node)

    def set_viewport(self, width, height):
        # Exactly this many CSS pixels, whatever the headless window's frame takes.
        self.tools.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def evaluate(self, expression, await_promise=False):
        return self.tools.evaluate(expression, await_promise)

    def screenshot(self):
        return self.tools.call("Page.captureScreenshot", format="png")["data"]


def open_page(firefox, port):
    """The browser's page, once its remote port answers (it takes a moment to start)."""
    deadline = time.time() + 60
    while True:
        try:
            return FirefoxPage(port) if firefox else ChromiumPage(port)
        except (OSError, RuntimeError, StopIteration):
            if time.time() > deadline:
                raise
            time.sleep(0.2)


if __name__ == "__main__":
    try:
        main()
    except GaveUp as error:
        sys.exit(str(error))
