#!/usr/bin/env python3
"""Screenshots of the live class, as a teacher sees it: the dashboard and the projector view at
a laptop's 1366x768 and a monitor's 1920x1080, in real headless Chromium, from the real
`didojo-class` serving a room of sixteen learners.

    python3 Scripts/live_class_screenshots.py OUTPUT_FOLDER [--server .build/debug/didojo-class]

Build the server first (`swift build --product didojo-class`). The script starts it on a free
loopback port with a class file in a temporary folder and a workshop of three lessons (no-di
with a 30-minute time box, constructor, setter locked), joins sixteen learners who check, fail,
pass and take hints, has one raise a hand, brings in verify's grades for two of them (one pass
verified, one taken back), then signs Chromium in with a one-time link (as the dashboard's "Sign
in another browser" makes one) and opens the projector with its read-only token. It writes
dashboard-WxH.png and projector-WxH.png into OUTPUT_FOLDER, and stops the server. Standard
library only; the screenshots go through Tests/LiveClassroomTests/Fixtures/browse.py.
"""
import argparse
import json
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BROWSE = REPO / "Tests/LiveClassroomTests/Fixtures/browse.py"
NAMES = ["Ada", "Grace", "Alan", "Barbara", "Edsger", "Donald", "Margaret", "Ken", "Dennis", "Frances", "John", "Radia",
         "Niklaus", "Tony", "Leslie", "Zoe"]
WORKSHOP = """title: DI, Friday morning
lessons:
  - id: no-di
    time-box: 30m
  - id: constructor
    time-box: 45m
  - id: setter
    locked: true
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Class:
    """The running server, asked as the learners' couriers and the teacher's scripts ask it."""

    def __init__(self, url, teacher_token, code):
        self.url, self.teacher_token, self.code = url, teacher_token, code

    def call(self, method, path, body=None, token=None):
        request = urllib.request.Request(self.url + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
            is_json = answer.headers.get_content_type() == "application/json"
        return json.loads(text) if text and is_json else text

    def join(self, name):
        time.sleep(0.06)   # under the join route's 20 a second per address
        return self.call("POST", "/api/join", {"code": self.code, "name": name})

    def send(self, learner, *events):
        stamped = [{"id": str(uuid.uuid4()), "time": time.time(), **event} for event in events]
        self.call("POST", "/api/events", {"events": stamped}, token=learner["token"])


def check(exercise, passed, failing=None, mistake=None):
    event = {"kind": "check", "exerciseID": exercise, "passed": passed, "failingChecks": failing or []}
    if mistake:
        event["mistake"] = mistake
    return event


def fill(room):
    """Sixteen learners at every stage of the morning; Zoe raises a hand."""
    learners = {}
    for index, name in enumerate(NAMES):
        learner = room.join(name)
        learners[name] = learner
        events = [{"kind": "opened", "lessonID": "no-di"}]
        events.append(check("no-di.1", index % 4 != 0, ["posts at the injected time"] if index % 4 == 0 else []))
        if index % 4 != 0:
            events.append(check("no-di.2", index % 3 == 0, [] if index % 3 == 0 else ["uses the injected client"],
                                None if index % 3 == 0 else "a hard-wired dependency"))
        if index % 3 == 0 and index % 4 != 0:
            events += [check("no-di.3", True), check("constructor.1", index % 2 == 0,
                                                     [] if index % 2 == 0 else ["the presenter is given its clock"])]
        if index % 5 == 1:
            events += [{"kind": "hint", "exerciseID": "no-di.2"}, {"kind": "hint", "exerciseID": "no-di.2"}]
        room.send(learner, *events)
    room.send(learners["Zoe"], {
        "kind": "ask", "exerciseID": "no-di.2", "askText": "Why does 'uses the injected client' still fail?",
        "askFileName": "SocialPresenter.swift",
        "askFile": "final class SocialPresenter {\n    private let client = TwitterClient()\n"
                   "    func share(_ text: String) throws { try client.post(text) }\n}\n",
        "askReport": "✗ no-di.2: 1 of 3 checks failed\n  ✗ uses the injected client\n"})
    # verify's word on two learners: Barbara's reported pass confirmed, Alan's taken back.
    room.call("POST", "/api/grades", {"learners": [
        {"learner": "Barbara", "classLearnerID": learners["Barbara"]["learnerID"],
         "results": [{"exercise": "no-di.1", "passed": True}]},
        {"learner": "Alan", "classLearnerID": learners["Alan"]["learnerID"],
         "results": [{"exercise": "no-di.1", "passed": False}]},
    ]}, token=room.teacher_token)
    return learners


def screenshot(url, wait_for, size, output):
    subprocess.run([sys.executable, str(BROWSE), url, "--wait-for", wait_for, "--timeout", "120",
                    "--viewport", size, "--screenshot", str(output)], check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output")
    parser.add_argument("--server", default=".build/debug/didojo-class")
    options = parser.parse_args()
    server_path = (REPO / options.server).resolve()
    if not server_path.is_file():
        raise SystemExit(f"{server_path} is missing: run `swift build --product didojo-class` first")
    output = Path(options.output)
    output.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="didojo-class-screenshots-"))
    (scratch / "workshop.yaml").write_text(WORKSHOP)
    port, token, code = free_port(), secrets.token_urlsafe(24), "K7QD-P2XM"
    server = subprocess.Popen([str(server_path), "serve", "--port", str(port), "--store", str(scratch / "class.sqlite"),
                               "--lessons", str(REPO / "Lessons"), "--workshop", str(scratch / "workshop.yaml"),
                               "--teacher-token", token, "--join-code", code],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        room = Class(f"http://127.0.0.1:{port}", token, code)
        deadline = time.time() + 120
        while True:
            try:
                room.call("GET", "/healthz")
                break
            except OSError:
                if time.time() > deadline or server.poll() is not None:
                    raise SystemExit("didojo-class did not start")
                time.sleep(0.2)
        fill(room)
        projector_token = room.call("GET", "/api/room", token=token)["projectorToken"]
        for size in ["1366x768", "1920x1080"]:
            link = room.url + room.call("POST", "/api/signin-code", token=token)["path"]
            screenshot(link, 'body:has(#connection[data-status="live"]) #hands-list li[data-hand]', size,
                       output / f"dashboard-{size}.png")
            screenshot(f"{room.url}/projector?token={projector_token}",
                       'body:has(#connection[data-status="live"]) #progress tr[data-exercise]', size,
                       output / f"projector-{size}.png")
            print(f"{output}/dashboard-{size}.png, {output}/projector-{size}.png")
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
