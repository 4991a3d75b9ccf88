#!/usr/bin/env python3
"""Load benchmark of the live classroom's server, `didojo-class`: one table, and whether each
floor is met (exit status 1 when one is not, unless --no-floors).

    python3 Benchmarks/class_load.py                      # 300 learners, 60 s, killed at 30 s
    python3 Benchmarks/class_load.py --learners 50 --duration 20 --kill-at 10 --json out.json

Build the server first (`swift build --product didojo-class`). The script starts it itself, on
a free port of 127.0.0.1, with a store in a temporary folder (never a real class's), a teacher
token and a join code of its own, and kills it at the end whatever happens. What it does:
- LEARNERS simulated learners join (paced under the join rate limit; a 429 waits Retry-After);
- each makes one `check` event every INTERVAL seconds for DURATION seconds and posts it as the
  learner's courier does: an event stays in the learner's outbox until a 200 answer, and after
  a failure the whole outbox (at most 200 events) goes again as one batch at the next tick;
- at KILL_AT seconds the server is killed with SIGKILL and started again DOWN seconds later with
  the same store, port, token and code: the learners go on with the tokens they had;
- a dashboard client, in a process of its own, reads /api/stream (reconnecting) and times how
  long a check takes to show on the dashboard (see UPDATE_DELAY);
- after DURATION every outbox is drained (at most 30 s), and /api/room is compared, learner by
  learner, with the checks that learner made: nothing may be lost or counted twice;
- last, with a dashboard's stream open, the server gets SIGINT (Ctrl-C): the time to its exit is
  the shutdown figure (its graceful shutdown must end the stream, not wait on it).

It is a benchmark, not a test: the load generator shares the machine with the server (on a
2-core machine, one core's worth of it at most), so it prints the load average and its own
event-loop lag next to the latencies, for a person to judge.
"""
import argparse
import asyncio
import collections
import datetime
import json
import math
import multiprocessing
import os
import platform
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

INGEST_P99_FLOOR = 0.050
UPDATE_P99_FLOOR = 1.0
SHUTDOWN_FLOOR = 2.0        # SIGINT to exit, with a dashboard's stream open

BATCH_LIMIT = 200           # the API's largest batch, and the courier's
START_TIMEOUT = 30.0        # from exec to the first 200 of GET /api/room
DRAIN_TIMEOUT = 30.0        # after DURATION, for the outboxes to empty
REQUEST_TIMEOUT = 10.0      # a request the server holds longer counts as failed (and is retried)
# The server allows 20 joins a second per address, bursts of 60, and every learner comes from
# 127.0.0.1: joins start with a burst of 40 and then go at 15 a second, which keeps clear of
# the limit without making 300 learners wait more than about 20 s to join.
JOIN_BURST = 40
JOIN_RATE = 15.0
PASS_RATE = 0.2             # most checks fail, as in a class that is working on something
# The dashboard client keeps the `room` events of the last seconds: the event that shows a
# check may arrive before the learner's 200 does (the server may broadcast first), and so
# before the sample that asks for it.
ROOM_HISTORY = 10.0

UPDATE_DELAY = ("update delay = from the moment a sampled check's POST was written to the socket to the first `room` "
                "event, received by the dashboard client, whose cell for that learner and exercise shows at least "
                "as many attempts as that learner's checks of it answered with 200 so far (so: the check itself); "
                "sampled: every SAMPLE_EVERY-th check, on its first POST when that POST is answered 200; "
                "a sample no room ever shows counts as infinitely late")


def note(text):
    print(text, file=sys.stderr, flush=True)


def load_average():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def percentile(values, fraction):
    """Nearest-rank percentile; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def free_port():
    # The port is picked once and kept across the restart (learners and the dashboard reconnect
    # to it, as to a real server's); the tiny race with another program binding it is accepted.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def join_code():
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    pick = lambda: "".join(secrets.choice(alphabet) for _ in range(4))
    return f"{pick()}-{pick()}"


# MARK: The server


class Server:
    """`didojo-class serve`, started (and started again) with the same store, port, token and code."""

    def __init__(self, executable, scratch, port, lessons, token, code, store_url=None):
        # A PostgreSQL store gets a class key of its own, so that runs never share a class.
        store = ["--store", store_url, "--class-key", f"load-{secrets.token_hex(6)}"] if store_url \
            else ["--store", str(scratch / "class.sqlite")]
        self.command = [
            str(executable), "serve", "--host", "127.0.0.1", "--port", str(port),
            *store, "--lessons", str(lessons),
            # "=": a token may begin with "-" (token_urlsafe), which would read as an option.
            f"--teacher-token={token}", f"--join-code={code}",
        ]
        self.scratch = scratch
        self.process = None
        self.lives = 0
        self.log = None

    def start(self):
        self.lives += 1
        self.log = self.scratch / f"server-{self.lives}.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(self.command, cwd=REPO, stdin=subprocess.DEVNULL, stdout=log,
                                            stderr=subprocess.STDOUT)
        return time.monotonic()

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def interrupt(self, port, token, limit=30.0):
        """SIGINT with a dashboard's stream open: (seconds to the exit, exit status, whether the
        stream was ended by the server), or None when no stream could be opened."""
        sock = socket.create_connection(("127.0.0.1", port), timeout=limit)
        try:
            sock.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
            seen = b""
            while b"event: room" not in seen:
                chunk = sock.recv(65536)
                if not chunk:
                    return None
                seen += chunk
            started = time.monotonic()
            self.process.send_signal(signal.SIGINT)
            try:
                status = self.process.wait(limit)
            except subprocess.TimeoutExpired:
                return (math.inf, None, False)
            elapsed = time.monotonic() - started
            ended = False
            try:
                while sock.recv(65536):
                    pass
                ended = True
            except OSError:
                ended = True
            return (elapsed, status, ended)
        finally:
            sock.close()

    def log_tail(self, lines=30):
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except (OSError, AttributeError):
            return "(no log)"

    def cpu_seconds(self):
        """User and system CPU seconds of the running server so far, or None."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError, AttributeError):
            return None

    def memory(self):
        """(VmRSS, VmHWM) of the running server in KiB, or None."""
        try:
            fields = dict(line.split(":", 1) for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines())
            return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
        except (OSError, KeyError, ValueError, AttributeError):
            return None


# MARK: HTTP/1.1 over asyncio streams


class StaleConnection(ConnectionError):
    """The peer closed a kept-alive connection before any byte of an answer."""


class Connection:
    """One HTTP/1.1 keep-alive connection (a learner's, as the courier keeps one), opened again
    when the server closed it. Raw asyncio streams: 300 of them cost one thread and little CPU,
    where 300 threads with http.client would fight over the GIL and blur the latencies."""

    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None
        self.stale_retries = 0

    def close(self):
        if self.writer is not None:
            self.writer.transport.abort()
        self.reader = self.writer = None

    async def request(self, method, path, headers=None, body=b"", timeout=REQUEST_TIMEOUT):
        """(status, lower-case headers, body, monotonic time the request was written, seconds
        from then to the whole answer). The connect is not in the seconds: a kept-alive
        connection does not pay it, and a refused one is a failure, not a latency."""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Content-Length: {len(body)}"]
        if body:
            head.append("Content-Type: application/json")
        head += [f"{name}: {value}" for name, value in (headers or {}).items()]
        message = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        again = False
        for _ in range(2):
            reused = self.writer is not None
            if not reused:
                self.reader, self.writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", self.port), timeout)
            if again:
                self.stale_retries += 1  # counted once the request really goes out again
            try:
                sent = time.monotonic()
                self.writer.write(message)
                status, answer_headers, answer, keep = await asyncio.wait_for(self._answer(method), timeout)
                elapsed = time.monotonic() - sent
            except (StaleConnection, ConnectionResetError, BrokenPipeError) as error:
                self.close()
                # A connection the server closed while it sat idle: opened again at once, as
                # HTTP clients do. Safe for posts too, since the server ignores an event id it
                # has. A new connection that fails so is a real failure.
                if not reused:
                    raise ConnectionError(f"closed before an answer ({type(error).__name__})") from error
                again = True
                continue
            except BaseException:
                self.close()
                raise
            if not keep:
                self.close()
            return status, answer_headers, answer, sent, elapsed
        raise ConnectionError("closed before an answer twice")

    async def _answer(self, method):
        reader = self.reader
        line = await reader.readline()
        if not line:
            raise StaleConnection()
        parts = line.split(None, 2)
        status = int(parts[1])
        headers = {}
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n"):
                break
            if not line:
                raise ConnectionError("closed in the answer's headers")
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        keep = headers.get("connection", "").lower() != "close"
        if "chunked" in headers.get("transfer-encoding", "").lower():
            body = bytearray()
            while True:
                size = int(((await reader.readline()).split(b";")[0].strip() or b"0"), 16)
                if size == 0:
                    while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                        pass
                    break
                body += await reader.readexactly(size)
                await reader.readline()
            body = bytes(body)
        elif "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"]))
        elif method == "HEAD" or status in (204, 304) or status < 200:
            body = b""
        else:
            body = await reader.read()
            keep = False
        return status, headers, body, keep


def failure_name(error):
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, asyncio.TimeoutError):
        return "timed out"
    if isinstance(error, asyncio.IncompleteReadError):
        return "answer cut off"
    if isinstance(error, ConnectionError):
        return "connection closed"
    return type(error).__name__


# MARK: The dashboard client (a process of its own)


class RoomWatch:
    """What the dashboard client knows: the rows' attempts as the stream built them up (a whole
    `room` first, then `changes` with the rows that changed), the updates of the last seconds,
    and the samples still waiting to show in one. Each update is kept as the attempts of the
    rows it brought: {learner id: {exercise id: attempts}}."""

    def __init__(self):
        self.history = collections.deque()   # (received, {learner: {exercise: attempts}})
        self.waiting = []                    # (sent, learner, exercise, attempts)
        self.delays = []
        self.rooms = 0
        self.changes = 0
        self.largest_room = 0
        self.largest_changes = 0
        self.update_bytes = 0
        self.bad_rooms = 0

    @staticmethod
    def attempts(rows):
        return {row.get("id"): {exercise: cell.get("attempts", 0) for exercise, cell in (row.get("cells") or {}).items()}
                for row in rows}

    def update(self, received, event, data):
        try:
            parsed = json.loads(data)
            rows = self.attempts(parsed.get("learners", []))
        except (ValueError, AttributeError, TypeError):
            self.bad_rooms += 1
            return
        self.update_bytes += len(data)
        if event == b"room":
            self.rooms += 1
            self.largest_room = max(self.largest_room, len(data))
        else:
            self.changes += 1
            self.largest_changes = max(self.largest_changes, len(data))
        self.history.append((received, rows))
        while len(self.history) > 1 and self.history[0][0] < received - ROOM_HISTORY:
            self.history.popleft()
        still = []
        for sample in self.waiting:
            if self.shows(rows, received, sample):
                self.delays.append(received - sample[0])
            else:
                still.append(sample)
        self.waiting = still

    @staticmethod
    def shows(rows, received, sample):
        sent, learner, exercise, attempts = sample
        return received >= sent and rows.get(learner, {}).get(exercise, 0) >= attempts

    def sample(self, sample):
        for received, rows in self.history:
            if self.shows(rows, received, sample):
                self.delays.append(received - sample[0])
                return
        self.waiting.append(sample)


class Stopped(Exception):
    pass


class SocketReader:
    def __init__(self, sock, stop):
        self.sock, self.stop, self.buffer = sock, stop, bytearray()

    def fill(self):
        while True:
            if self.stop.is_set():
                raise Stopped()
            try:
                data = self.sock.recv(262144)
            except socket.timeout:
                continue
            if not data:
                raise ConnectionError("the stream ended")
            self.buffer += data
            return

    def readline(self):
        while (end := self.buffer.find(b"\n")) < 0:
            self.fill()
        line = bytes(self.buffer[:end + 1])
        del self.buffer[:end + 1]
        return line

    def read(self, size):
        while len(self.buffer) < size:
            self.fill()
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def some(self):
        if not self.buffer:
            self.fill()
        data = bytes(self.buffer)
        self.buffer.clear()
        return data


def probe_main(port, token, pipe):
    """The dashboard client: reads GET /api/stream, reconnecting every 0.25 s while it cannot.
    A process of its own, because the rooms it parses (hundreds of KiB each, up to 10 a second)
    would otherwise hold the learners' event loop and show up as ingest latency."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    watch, lock, stop = RoomWatch(), threading.Lock(), threading.Event()
    figures = {"connections": 0, "statuses": collections.Counter(), "gaps": [], "errors": collections.Counter()}

    def samples():
        while True:
            message = pipe.recv()
            if isinstance(message, (int, float)):
                # The end: the last samples get this many seconds to show (the server may hold
                # a room back up to a tenth of a second, and a sample may be a few ms old).
                deadline = time.monotonic() + message
                while time.monotonic() < deadline:
                    with lock:
                        if not watch.waiting:
                            break
                    time.sleep(0.05)
                stop.set()
                return
            with lock:
                watch.sample(tuple(message))
    threading.Thread(target=samples, daemon=True).start()

    lost_at = None
    while not stop.is_set():
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=1.0)
        except OSError:
            stop.wait(0.25)
            continue
        try:
            sock.settimeout(0.5)
            sock.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            reader = SocketReader(sock, stop)
            status = int(reader.readline().split()[1])
            headers = {}
            while (line := reader.readline()) not in (b"\r\n", b"\n"):
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            if status != 200:
                figures["statuses"][status] += 1
                stop.wait(0.25)
                continue
            figures["connections"] += 1
            if lost_at is not None:
                figures["gaps"].append(time.monotonic() - lost_at)
                lost_at = None
            read_stream(reader, "chunked" in headers.get("transfer-encoding", "").lower(), watch, lock)
        except Stopped:
            break
        except (OSError, ValueError, IndexError) as error:
            figures["errors"][type(error).__name__] += 1
            if figures["connections"] and lost_at is None:
                lost_at = time.monotonic()
            stop.wait(0.25)
        finally:
            sock.close()
    with lock:
        pipe.send({
            "cpu": time.process_time(),
            "delays": watch.delays, "never_shown": len(watch.waiting), "rooms": watch.rooms,
            "largest_room": watch.largest_room, "bad_rooms": watch.bad_rooms, "changes": watch.changes,
            "largest_changes": watch.largest_changes, "update_bytes": watch.update_bytes,
            "connections": figures["connections"], "gaps": figures["gaps"],
            "statuses": dict(figures["statuses"]), "errors": dict(figures["errors"]),
        })


def read_stream(reader, chunked, watch, lock):
    def pieces():
        if not chunked:
            while True:
                yield reader.some()
        while True:
            size = int(reader.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                raise ConnectionError("the stream ended")
            yield reader.read(size)
            reader.readline()

    pending, event, data = bytearray(), b"message", []
    for piece in pieces():
        pending += piece
        start = 0
        while (end := pending.find(b"\n", start)) >= 0:
            line = bytes(pending[start:end]).rstrip(b"\r")
            start = end + 1
            if not line:
                # The event is whole once its blank line has arrived: that is when a browser
                # would hand it to the dashboard's script.
                if event in (b"room", b"changes") and data:
                    received = time.monotonic()
                    with lock:
                        watch.update(received, event, b"\n".join(data))
                event, data = b"message", []
            elif line.startswith(b":"):
                continue
            else:
                field, _, value = line.partition(b":")
                value = value[1:] if value.startswith(b" ") else value
                if field == b"event":
                    event = value
                elif field == b"data":
                    data.append(value)
        del pending[:start]


class DashboardProbe:
    def __init__(self, port, token):
        context = multiprocessing.get_context("fork")
        self.pipe, child = context.Pipe()
        # Started before the event loop (forking a process with a running loop is unsafe).
        self.process = context.Process(target=probe_main, args=(port, token, child), daemon=True)
        self.process.start()

    def sample(self, sent, learner, exercise, attempts):
        self.pipe.send((sent, learner, exercise, attempts))

    def finish(self, grace=5.0):
        try:
            self.pipe.send(grace)
            if self.pipe.poll(grace + 15):
                return self.pipe.recv()
        except (OSError, EOFError):
            pass
        return None

    def stop(self):
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)


# MARK: The learners


class Figures:
    def __init__(self):
        self.joined = 0
        self.join_429 = 0
        self.join_seconds = None
        self.made = 0
        self.posts = 0
        self.acknowledged = 0          # events in batches answered 200
        self.accepted = 0              # the server's "accepted", summed
        self.duplicates = 0            # the server's "duplicates", summed
        self.retries = 0               # events posted again after a failed post
        self.failures = collections.Counter()
        self.error_answers = {}        # status: the first answer's body
        self.latencies = []            # seconds, 200 answers of POST /api/events
        self.latencies_before = []     # the same, sent before the kill
        self.latencies_after = []      # and after it (the new process's first requests may be slower)
        self.samples = 0
        self.samples_dropped = 0
        self.kill_time = None
        self.shutdown = None            # (seconds, exit status, stream ended) of the SIGINT at the end
        self.first_200_after_kill = None
        self.restart_start = None      # seconds from exec to the first 200 of /api/room, second life
        self.first_start = None
        self.after_kill_401 = 0
        self.rss = []                  # KiB, sampled each second
        self.hwm = 0
        self.loop_lag = []
        self.server_cpu = {}           # life: CPU seconds, sampled each second
        self.generator_cpu = None      # CPU seconds of this process over the run


class Learner:
    def __init__(self, number, port, rng):
        self.name = f"learner-{number:03d}"
        self.connection = Connection(port)
        self.id = self.token = None
        self.rng = rng
        self.outbox = []               # events not yet answered 200, oldest first
        self.made = 0
        self.posted = set()            # ids that went out in a POST at least once
        self.sampled = set()           # ids whose first POST is timed for the dashboard
        self.acknowledged = collections.Counter()  # exercise id: checks answered 200


class Load:
    def __init__(self, options, server, port, token, code, probe):
        self.options, self.server, self.port, self.token, self.code, self.probe = options, server, port, token, code, probe
        self.figures = Figures()
        self.rng = random.Random(options.seed)
        self.learners = [Learner(n, port, random.Random(self.rng.random())) for n in range(1, options.learners + 1)]
        self.exercises = []            # (lesson id, exercise id)
        self.t0 = None

    def teacher(self):
        return {"Authorization": f"Bearer {self.token}"}

    async def wait_until_ready(self, started):
        """Seconds from exec to the first 200 of GET /api/room; the room's JSON too."""
        connection = Connection(self.port)
        try:
            while time.monotonic() - started < START_TIMEOUT:
                if not self.server.alive():
                    raise SystemExit(f"the server exited (status {self.server.process.returncode}); its log:\n"
                                     f"{self.server.log_tail()}")
                try:
                    # Readiness, not latency: a whole room (hundreds of KiB) from a server that is
                    # taking in the learners' backlog may take seconds on a loaded machine, and a
                    # shorter limit would ask again and again without ever waiting long enough.
                    status, _, body, _, _ = await connection.request("GET", "/api/room", self.teacher(),
                                                                     timeout=max(2.0, START_TIMEOUT - (time.monotonic() - started)))
                    if status == 200:
                        return time.monotonic() - started, json.loads(body)
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError):
                    connection.close()
                # Ten tries a second stay well under the teacher token's 20 a second.
                await asyncio.sleep(0.1)
        finally:
            connection.close()
        raise SystemExit(f"GET /api/room did not answer 200 within {START_TIMEOUT:.0f} s; the server's log:\n"
                         f"{self.server.log_tail()}")

    async def run(self):
        options, figures = self.options, self.figures
        cpu_at_start = time.process_time()
        figures.first_start, room = await self.wait_until_ready(self.server.start())
        self.exercises = [(lesson["id"], exercise["id"]) for lesson in room.get("lessons", [])
                          for exercise in lesson.get("exercises", [])]
        if not self.exercises:
            raise SystemExit("the room lists no exercises: is --lessons a lessons folder?")
        monitors = [asyncio.create_task(self.sample_memory()), asyncio.create_task(self.measure_loop_lag())]
        try:
            note(f"{len(self.exercises)} exercises in {len(room.get('lessons', []))} lessons; "
                 f"{options.learners} learners joining…")
            await self.join_all()
            note(f"posting checks for {options.duration:g} s"
                 + (f", server killed at {options.kill_at:g} s for {options.down:g} s" if options.kill_at >= 0 else "")
                 + "…")
            self.t0 = time.monotonic()
            tasks = [asyncio.create_task(self.learn(learner)) for learner in self.learners]
            restart = asyncio.create_task(self.restart()) if 0 <= options.kill_at else None
            if restart:
                # A server that does not come back ends the run at once (with its log).
                await restart
            await asyncio.gather(*tasks)
            figures.generator_cpu = time.process_time() - cpu_at_start
            self.sample_memory_once()
            return await self.final_room()
        finally:
            for task in monitors:
                task.cancel()
            for learner in self.learners:
                learner.connection.close()

    async def join_all(self):
        figures, started = self.figures, time.monotonic()
        pace = {"allowance": JOIN_BURST, "next": started}

        async def paced():
            if pace["allowance"] > 0:
                pace["allowance"] -= 1
                return
            now = time.monotonic()
            slot = max(now, pace["next"])
            pace["next"] = slot + 1 / self.options.join_rate
            await asyncio.sleep(slot - now)

        async def join(learner):
            body = json.dumps({"code": self.code, "name": learner.name}).encode()
            for attempt in range(20):
                await paced()
                try:
                    status, headers, answer, _, _ = await learner.connection.request("POST", "/api/join", body=body)
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
                    figures.failures[f"join: {failure_name(error)}"] += 1
                    await asyncio.sleep(1)
                    continue
                if status == 429:
                    figures.join_429 += 1
                    await asyncio.sleep(float(headers.get("retry-after", "1")))
                    continue
                if status != 200:
                    raise SystemExit(f"POST /api/join answered {status}: {answer[:300].decode(errors='replace')}")
                answer = json.loads(answer)
                learner.id, learner.token = answer["learnerID"], answer["token"]
                figures.joined += 1
                return
            raise SystemExit(f"{learner.name} could not join in 20 tries")

        await asyncio.gather(*(join(learner) for learner in self.learners))
        figures.join_seconds = time.monotonic() - started

    async def learn(self, learner):
        """One learner: a check every INTERVAL seconds from a start of its own within the first
        interval (so that posts spread evenly), each posted with whatever the outbox holds."""
        options, rng = self.options, learner.rng
        start = self.t0 + rng.uniform(0, options.interval)
        planned = max(0, math.ceil((self.t0 + options.duration - start) / options.interval))
        drain_deadline = self.t0 + options.duration + DRAIN_TIMEOUT
        wake = start
        while True:
            await asyncio.sleep(max(0.0, wake - time.monotonic()))
            now = time.monotonic()
            # Every check that is due is made, however long the last post took: a learner's
            # checks do not wait for the network, only their delivery does.
            while learner.made < planned and start + learner.made * options.interval <= now:
                self.make_event(learner, time.time() - (now - (start + learner.made * options.interval)))
            retry_after = await self.post(learner) if learner.outbox else None
            now = time.monotonic()
            if learner.made >= planned and not learner.outbox:
                return
            if now >= drain_deadline:
                return
            wake = start + learner.made * options.interval if learner.made < planned else now + options.interval
            if retry_after:
                wake = max(wake, now + retry_after)

    def make_event(self, learner, wall_time):
        rng = learner.rng
        lesson, exercise = rng.choice(self.exercises)
        passed = rng.random() < PASS_RATE
        event = {"id": uuid.uuid4().hex, "kind": "check", "time": round(wall_time, 3), "lessonID": lesson,
                 "exerciseID": exercise, "passed": passed, "failingChecks": [] if passed else ["some check"]}
        learner.outbox.append(event)
        learner.made += 1
        self.figures.made += 1
        if self.figures.made % self.options.sample_every == 0:
            learner.sampled.add(event["id"])

    async def post(self, learner):
        """Posts the outbox's oldest events as one batch; the seconds to wait from a 429."""
        figures = self.figures
        batch = learner.outbox[:BATCH_LIMIT]
        ids = [event["id"] for event in batch]
        first_timed = [event for event in batch if event["id"] in learner.sampled and event["id"] not in learner.posted]
        figures.retries += sum(1 for identifier in ids if identifier in learner.posted)
        learner.posted.update(ids)
        figures.posts += 1
        body = json.dumps({"events": batch}).encode()
        headers = {"Authorization": f"Bearer {learner.token}"}
        stale = learner.connection.stale_retries
        try:
            status, answer_headers, answer, sent, elapsed = await learner.connection.request(
                "POST", "/api/events", headers, body)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
            figures.failures[failure_name(error)] += 1
            self.drop_samples(learner, first_timed)
            return None
        finally:
            if learner.connection.stale_retries > stale:
                # Sent again at once on a new connection: the server may have stored the first.
                figures.failures["kept-alive connection closed, sent again at once"] += 1
                figures.retries += len(batch)
                self.drop_samples(learner, first_timed)
                first_timed = []
        if status != 200:
            figures.failures[f"HTTP {status}"] += 1
            figures.error_answers.setdefault(status, answer[:300].decode(errors="replace"))
            if status == 401 and figures.kill_time is not None:
                figures.after_kill_401 += 1
            self.drop_samples(learner, first_timed)
            if status == 429:
                try:
                    return float(answer_headers.get("retry-after", "1"))
                except ValueError:
                    return 1.0
            return None
        figures.latencies.append(elapsed)
        (figures.latencies_before if figures.kill_time is None else figures.latencies_after).append(elapsed)
        # A post sent before the kill and answered just before it says nothing of the downtime.
        if figures.kill_time is not None and figures.first_200_after_kill is None and sent >= figures.kill_time:
            figures.first_200_after_kill = sent + elapsed - figures.kill_time
        try:
            counts = json.loads(answer)
            figures.accepted += int(counts.get("accepted", 0))
            figures.duplicates += int(counts.get("duplicates", 0))
        except (ValueError, TypeError, AttributeError):
            figures.failures["200 with an unreadable body"] += 1
        del learner.outbox[:len(batch)]
        figures.acknowledged += len(batch)
        for event in batch:
            learner.acknowledged[event["exerciseID"]] += 1
        for event in first_timed:
            learner.sampled.discard(event["id"])
            figures.samples += 1
            self.probe.sample(sent, learner.id, event["exerciseID"], learner.acknowledged[event["exerciseID"]])
        return None

    def drop_samples(self, learner, events):
        # A sample whose first post failed is not timed: its delay would be the retry's wait.
        for event in events:
            if event["id"] in learner.sampled:
                learner.sampled.discard(event["id"])
                self.figures.samples_dropped += 1

    async def restart(self):
        options, figures = self.options, self.figures
        await asyncio.sleep(max(0.0, self.t0 + options.kill_at - time.monotonic()))
        note(f"killing the server (SIGKILL) at {time.monotonic() - self.t0:.1f} s…")
        self.sample_memory_once()
        figures.kill_time = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(None, self.server.kill)
        await asyncio.sleep(options.down)
        figures.restart_start, _ = await self.wait_until_ready(self.server.start())
        note(f"the server is back ({figures.restart_start:.2f} s from exec to /api/room)")

    async def final_room(self):
        connection = Connection(self.port)
        try:
            for _ in range(10):
                try:
                    status, _, body, _, _ = await connection.request("GET", "/api/room", self.teacher(), timeout=30)
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
                    status, body = None, str(error).encode()
                if status == 200:
                    return json.loads(body)
                await asyncio.sleep(1)
        finally:
            connection.close()
        raise SystemExit(f"GET /api/room failed at the end ({status}: {body[:300].decode(errors='replace')})")

    def sample_memory_once(self):
        cpu = self.server.cpu_seconds()
        if cpu is not None:
            self.figures.server_cpu[self.server.lives] = cpu
        memory = self.server.memory()
        if memory:
            self.figures.rss.append(memory[0])
            self.figures.hwm = max(self.figures.hwm, memory[1])

    async def sample_memory(self):
        while True:
            self.sample_memory_once()
            await asyncio.sleep(1)

    async def measure_loop_lag(self):
        # How late this process's own event loop wakes up: a floor under every latency it times.
        while True:
            planned = time.monotonic() + 0.05
            await asyncio.sleep(0.05)
            self.figures.loop_lag.append(time.monotonic() - planned)


# MARK: Counting


def compare(load, room):
    """Per learner: checks made (all distinct) against the attempts the room holds."""
    stored = {learner.get("id"): sum(int(cell.get("attempts", 0)) for cell in (learner.get("cells") or {}).values())
              for learner in room.get("learners", [])}
    lost = doubled = 0
    missing_learners = 0
    for learner in load.learners:
        if learner.id not in stored:
            missing_learners += 1
        count = stored.get(learner.id, 0)
        lost += max(0, learner.made - count)
        doubled += max(0, count - learner.made)
    left = sum(len(learner.outbox) for learner in load.learners)
    return {"lost": lost, "doubled": doubled, "missing_learners": missing_learners, "left_in_outboxes": left,
            "room_learners": len(room.get("learners", []))}


def milliseconds(value):
    if value is None:
        return "-"
    return "never" if math.isinf(value) else f"{value * 1000:.1f}"


def ordinal(number):
    return f"{number}{'th' if 10 <= number % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def verdict(met):
    return "-" if met is None else ("yes" if met else "NO")


def report(options, load, counts, probe, load_before, server_path):
    figures = load.figures
    delays = list(probe["delays"]) + [math.inf] * probe["never_shown"] if probe else []
    ingest = {name: percentile(figures.latencies, fraction) for name, fraction in (("p50", 0.5), ("p99", 0.99))}
    ingest["max"] = max(figures.latencies) if figures.latencies else None
    ingest["p99_before_kill"] = percentile(figures.latencies_before, 0.99)
    ingest["p99_after_kill"] = percentile(figures.latencies_after, 0.99)
    update = {name: percentile(delays, fraction) for name, fraction in (("p50", 0.5), ("p99", 0.99))}
    update["max"] = max(delays) if delays else None
    lag = {"p99": percentile(figures.loop_lag, 0.99), "max": max(figures.loop_lag) if figures.loop_lag else None}
    restarted = figures.kill_time is not None
    downtime = figures.first_200_after_kill if restarted else None
    rss_peak = max(figures.rss) if figures.rss else None

    missed = []
    if counts["lost"]:
        missed.append(f"{counts['lost']} events lost (floor 0)")
    if counts["doubled"]:
        missed.append(f"{counts['doubled']} events doubled (floor 0)")
    if ingest["p99"] is None or ingest["p99"] > INGEST_P99_FLOOR:
        missed.append(f"ingest p99 {milliseconds(ingest['p99'])} ms (floor {INGEST_P99_FLOOR * 1000:.0f} ms)")
    shutdown = figures.shutdown
    if shutdown is None or shutdown[0] > SHUTDOWN_FLOOR:
        missed.append(f"shutdown with a stream open {'not measured' if shutdown is None else f'{shutdown[0]:.2f} s'} "
                      f"(floor {SHUTDOWN_FLOOR:g} s)")
    if update["p99"] is None or update["p99"] > UPDATE_P99_FLOOR:
        missed.append(f"update delay p99 {milliseconds(update['p99'])} ms (floor {UPDATE_P99_FLOOR * 1000:.0f} ms)"
                      .replace("never ms", "never (samples no room showed)"))

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"DIDojo class server load benchmark, {now}")
    print(f"machine: {os.cpu_count()} cores ({platform.machine()}), load average before {load_before}, after {load_average()}")
    print(f"store: {'PostgreSQL, ' + options.store_url if options.store_url else 'SQLite (a file in a temporary folder)'}")
    print(f"server: {server_path}; {options.learners} learners, a check each every {options.interval:g} s for "
          f"{options.duration:g} s; " + (f"killed (SIGKILL) at {options.kill_at:g} s, started again {options.down:g} s later"
                                         if restarted else "not restarted"))
    print(f"load generator: one asyncio process (event-loop lag p99 {milliseconds(lag['p99'])} ms, max "
          f"{milliseconds(lag['max'])} ms) and the dashboard client's process")
    server_cpu = sum(figures.server_cpu.values()) if figures.server_cpu else None
    print(f"CPU seconds over the run (the joins included): server {'-' if server_cpu is None else f'{server_cpu:.1f}'} (both lives), "
          f"load generator {'-' if figures.generator_cpu is None else f'{figures.generator_cpu:.1f}'}, dashboard client "
          f"{'-' if not probe or probe.get('cpu') is None else format(probe['cpu'], '.1f')}, of {os.cpu_count()} cores × the run's seconds")
    print()
    failures = ", ".join(f"{name} {count}" for name, count in figures.failures.most_common()) or "none"
    rows = [
        ("learners", f"{figures.joined}", f"joined in {figures.join_seconds:.1f} s, {figures.join_429} answers 429"),
        ("events sent (distinct checks)", f"{figures.made}",
         f"in {figures.posts} posts, {len(figures.latencies)} of them answered 200"),
        ("accepted (events in 200 answers)", f"{figures.acknowledged}",
         f"the server's own count: accepted {figures.accepted}, duplicates {figures.duplicates}"),
        ("duplicates reported by the server", f"{figures.duplicates}",
         "events stored before, whose answer the kill cut off"),
        ("retries (events posted again)", f"{figures.retries}", f"failed posts: {failures}"),
        ("ingest latency p50 / p99 / max", f"{milliseconds(ingest['p50'])} / {milliseconds(ingest['p99'])} / "
         f"{milliseconds(ingest['max'])} ms",
         f"floor p99 <= {INGEST_P99_FLOOR * 1000:.0f} ms: "
         f"{verdict(None if ingest['p99'] is None else ingest['p99'] <= INGEST_P99_FLOOR)}; {len(figures.latencies)} posts"
         + (f", p99 {milliseconds(ingest['p99_before_kill'])} ms before the kill, "
            f"{milliseconds(ingest['p99_after_kill'])} ms after" if restarted else "")),
        ("update delay p50 / p99", f"{milliseconds(update['p50'])} / {milliseconds(update['p99'])} ms",
         f"floor p99 <= {UPDATE_P99_FLOOR * 1000:.0f} ms: "
         f"{verdict(None if update['p99'] is None else update['p99'] <= UPDATE_P99_FLOOR)}; "
         + (f"{len(probe['delays'])} samples, {probe['never_shown']} never shown, max {milliseconds(update['max'])} ms, "
            f"{probe['rooms']} whole rooms (largest {probe['largest_room'] / 1024:.0f} KiB) and {probe['changes']} "
            f"changes (largest {probe['largest_changes'] / 1024:.0f} KiB) received, "
            f"{probe['update_bytes'] / 1048576:.1f} MiB in all"
            if probe else "the dashboard client sent no figures")),
        ("server RSS peak", "-" if rss_peak is None else f"{rss_peak / 1024:.1f} MiB",
         f"VmRSS sampled each second; VmHWM {figures.hwm / 1024:.1f} MiB"),
        ("events lost", f"{counts['lost']}", f"floor 0: {verdict(counts['lost'] == 0)}; "
         f"{counts['left_in_outboxes']} still in outboxes after the drain"),
        ("events doubled", f"{counts['doubled']}", f"floor 0: {verdict(counts['doubled'] == 0)}; "
         f"{counts['room_learners']} learners in the room, {counts['missing_learners']} of ours missing"),
        ("restart downtime observed", "-" if downtime is None else f"{downtime:.2f} s",
         "not restarted (--kill-at < 0)" if not restarted else "SIGKILL to the first 200 of POST /api/events" + (
             f"; the new process answered /api/room {figures.restart_start:.2f} s after exec (first start "
             f"{figures.first_start:.2f} s); dashboard stream back after "
             + (", ".join(f"{gap:.2f} s" for gap in probe["gaps"]) if probe and probe["gaps"] else "-")
             if restarted and figures.restart_start is not None else "")),
    ]
    rows.append(("shutdown with a stream open", "-" if shutdown is None else f"{shutdown[0]:.2f} s",
                  f"floor <= {SHUTDOWN_FLOOR:g} s: {verdict(None if shutdown is None else shutdown[0] <= SHUTDOWN_FLOOR)}; "
                  + ("no stream could be opened" if shutdown is None else
                     f"SIGINT to the exit (status {shutdown[1]}), the stream "
                     + ("ended by the server" if shutdown[2] else "NOT ended"))))
    if restarted:
        rows.append(("learner tokens after the restart", "kept" if figures.after_kill_401 == 0 else "REJECTED",
                     f"{figures.after_kill_401} answers 401 after the kill"))
    for name, value, comment in rows:
        print(f"{name:36} {value:>26}   {comment}".replace("never ms", "never"))
    for status, body in sorted(figures.error_answers.items()):
        print(f"first {status} answer: {body}")
    print()
    print("events sent: checks the learners made, each with its own id (uuid4), all of them posted at least once")
    print("accepted: events in batches the server answered 200 (every event should be, once); duplicates: the server's")
    print("      count of events it already had; retries: events posted again after a post that failed")
    print("ingest latency: POST /api/events of 200 answers, from writing the request to reading the whole answer on a")
    print("      kept-alive connection (the connect is not in it); includes the load generator's own loop lag above")
    print(textwrap.fill(UPDATE_DELAY.replace(" =", ":").replace("SAMPLE_EVERY-th", ordinal(options.sample_every)),
                        width=112, subsequent_indent="      "))
    print("lost / doubled: per learner, checks made against the sum of `attempts` over its cells in GET /api/room")
    print("      after the drain (lost when fewer, doubled when more), summed over the learners")

    result = {
        "time": now, "cores": os.cpu_count(), "load_average_before": load_before, "load_average_after": load_average(),
        "server": str(server_path), "learners": options.learners, "interval_s": options.interval,
        "duration_s": options.duration, "kill_at_s": options.kill_at if restarted else None, "down_s": options.down,
        "joined": figures.joined, "join_seconds": figures.join_seconds, "join_429": figures.join_429,
        "events_sent": figures.made, "posts": figures.posts, "accepted": figures.acknowledged,
        "server_accepted": figures.accepted, "server_duplicates": figures.duplicates, "retries": figures.retries,
        "failed_posts": dict(figures.failures),
        "ingest_ms": {key: None if value is None else value * 1000 for key, value in ingest.items()},
        "update_delay_ms": {key: None if value is None or math.isinf(value) else value * 1000
                            for key, value in update.items()},
        "update_samples": len(probe["delays"]) if probe else 0, "update_never_shown": probe["never_shown"] if probe else None,
        "samples_dropped": figures.samples_dropped,
        "server_rss_peak_mib": None if rss_peak is None else rss_peak / 1024, "server_vmhwm_mib": figures.hwm / 1024,
        "lost": counts["lost"], "doubled": counts["doubled"], "left_in_outboxes": counts["left_in_outboxes"],
        "restart_downtime_s": downtime, "restart_start_s": figures.restart_start, "first_start_s": figures.first_start,
        "tokens_rejected_after_restart": figures.after_kill_401,
        "shutdown_s": None if shutdown is None or math.isinf(shutdown[0]) else shutdown[0],
        "server_cpu_s": server_cpu, "generator_cpu_s": figures.generator_cpu,
        "dashboard_client_cpu_s": probe.get("cpu") if probe else None,
        "loop_lag_ms": {key: None if value is None else value * 1000 for key, value in lag.items()},
        "floors_missed": missed,
    }
    return missed, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=".build/debug/didojo-class",
                        help="the server's executable, relative to the repository (default: %(default)s)")
    parser.add_argument("--lessons", default=str(REPO / "Lessons"), help="the lessons folder (default: the repository's)")
    parser.add_argument("--store-url", help="a PostgreSQL database (postgres://user@host:port/db) instead of a SQLite file")
    parser.add_argument("--learners", type=int, default=300)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a learner's checks")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of checks")
    parser.add_argument("--kill-at", type=float, default=30.0,
                        help="seconds into the checks to SIGKILL the server (negative: never)")
    parser.add_argument("--down", type=float, default=2.0, help="seconds the server stays down")
    parser.add_argument("--sample-every", type=int, default=20, help="time every N-th check on the dashboard")
    parser.add_argument("--join-rate", type=float, default=JOIN_RATE, help="joins a second after a burst of %d" % JOIN_BURST)
    parser.add_argument("--seed", type=int, default=None, help="for the exercises and outcomes of the checks")
    parser.add_argument("--json", metavar="FILE", help="write the figures there too")
    parser.add_argument("--no-floors", action="store_true", help="report only: exit 0 whatever the figures")
    options = parser.parse_args()

    server_path = (REPO / options.server).resolve()  # an absolute --server stays as it is
    if not server_path.is_file():
        raise SystemExit(f"{server_path} is missing: run `swift build --product didojo-class` first")
    lessons = Path(options.lessons).resolve()
    if not lessons.is_dir():
        raise SystemExit(f"no lessons folder at {lessons}")
    load_before = load_average()

    scratch = Path(tempfile.mkdtemp(prefix="didojo-class-load-"))
    port, token, code = free_port(), secrets.token_urlsafe(24), join_code()
    server = Server(server_path, scratch, port, lessons, token, code, options.store_url)
    probe = None
    try:
        probe = DashboardProbe(port, token)
        load = Load(options, server, port, token, code, probe)
        room = asyncio.run(load.run())
        counts = compare(load, room)
        probe_figures = probe.finish()
        note("SIGINT with a dashboard's stream open…")
        load.figures.shutdown = server.interrupt(port, token)
    except KeyboardInterrupt:
        print("interrupted: the server is killed and its temporary store removed", file=sys.stderr)
        sys.exit(130)
    finally:
        server.kill()
        if probe:
            probe.stop()
        shutil.rmtree(scratch, ignore_errors=True)

    missed, result = report(options, load, counts, probe_figures, load_before, server_path)
    if options.json:
        Path(options.json).write_text(json.dumps(result, indent=2) + "\n")
    if missed:
        print()
        print("floors missed: " + "; ".join(missed))
        if not options.no_floors:
            sys.exit(1)


if __name__ == "__main__":
    main()
