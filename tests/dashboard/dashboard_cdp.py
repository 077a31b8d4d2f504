"""A small Chrome DevTools Protocol client over `--remote-debugging-pipe` (standard library only).

Chromium reads protocol messages from fd 3 and writes to fd 4, each a JSON object ended by a NUL
byte: no websocket, no port, no extra package. One `Browser` runs one headless Chromium with a
throw-away profile; `page()` opens a tab whose console messages, uncaught exceptions, failed
loads and network requests are recorded, so a test can assert there are none it did not expect.

    with Browser.launch() as browser:
        tab = browser.page(width=1280, height=900)
        tab.goto(Path("site/index.html").as_uri())
        assert not tab.errors and tab.external_requests() == []
        tab.screenshot("overview.png")
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    explicit = os.environ.get("CUDA2TILE_CHROMIUM")
    if explicit:
        return explicit if shutil.which(explicit) or os.path.isfile(explicit) else None
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


class ProtocolError(Exception):
    pass


def _high(fd: int) -> int:
    """Move a descriptor above 9, so that putting the pipe ends on 3 and 4 in the child cannot clobber it."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


class Browser:
    def __init__(self, process: subprocess.Popen, to_browser: int, from_browser: int, profile: str, log: Path):
        self.process = process
        self._out = to_browser
        self._in = from_browser
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict] = []
        self.profile = profile
        self.log = log

    @classmethod
    def launch(cls, executable: str | None = None, timeout: float = 30.0) -> "Browser":
        executable = executable or find_chromium()
        if not executable:
            raise FileNotFoundError("no Chromium executable found")
        profile = tempfile.mkdtemp(prefix="c2t-chromium-")
        log = Path(profile) / "chromium.log"
        child_reads, we_write = map(_high, os.pipe())
        we_read, child_writes = map(_high, os.pipe())

        def wire_pipes():  # in the child, before exec: fd 3 is its input, fd 4 its output
            os.dup2(child_reads, 3)
            os.dup2(child_writes, 4)

        args = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                "--disable-background-networking", "--disable-component-update", "--no-first-run",
                "--no-default-browser-check", "--disable-sync", "--disable-extensions", "--disable-default-apps",
                "--metrics-recording-only", "--mute-audio", "--hide-scrollbars", "--disable-dev-shm-usage",
                "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider",
                f"--user-data-dir={profile}", "about:blank"]
        with open(log, "wb") as sink:
            process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=sink, stderr=sink, close_fds=False,
                                       preexec_fn=wire_pipes)
        os.close(child_reads)
        os.close(child_writes)
        browser = cls(process, we_write, we_read, profile, log)
        try:
            browser.call("Browser.getVersion", timeout=timeout)
        except Exception:
            browser.close()
            raise
        return browser

    # --- protocol -----------------------------------------------------------------------------
    def _send(self, method: str, params: dict | None, session: str | None) -> int:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self._out, data)
            data = data[written:]
        return self._next_id

    def _read(self, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from Chromium")
            ready, _, _ = select.select([self._in], [], [], left)
            if ready:
                chunk = os.read(self._in, 1 << 20)
                if not chunk:
                    raise ProtocolError(f"Chromium closed the pipe; see {self.log}")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30.0):
        wanted = self._send(method, params, session)
        while True:
            message = self._read(timeout)
            if message.get("id") == wanted:
                if "error" in message:
                    raise ProtocolError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self._events.append(message)

    def pump(self, seconds: float) -> None:
        """Read events for a while (console messages and requests arrive asynchronously)."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                self._events.append(self._read(left))
            except TimeoutError:
                return

    def take_events(self, session: str) -> list[dict]:
        mine = [e for e in self._events if e.get("sessionId") == session]
        self._events = [e for e in self._events if e.get("sessionId") != session]
        return mine

    def page(self, width: int = 1280, height: int = 900) -> "Page":
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tab = Page(self, session, target)
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(f"{domain}.enable", session=session)
        tab.resize(width, height)
        return tab

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                try:
                    self._send("Browser.close", None, None)
                    self.process.wait(10)
                except Exception:
                    pass
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(10)
        finally:
            for fd in (self._out, self._in):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Page:
    def __init__(self, browser: Browser, session: str, target: str):
        self.browser = browser
        self.session = session
        self.target = target
        self.requests: list[str] = []  # every URL the page asked for
        self.errors: list[str] = []  # console errors, uncaught exceptions, failed loads, CSP violations
        self.console: list[str] = []

    def call(self, method: str, params: dict | None = None, timeout: float = 30.0):
        result = self.browser.call(method, params, self.session, timeout)
        self._absorb()
        return result

    def _absorb(self) -> None:
        for e in self.browser.take_events(self.session):
            method, p = e["method"], e.get("params", {})
            if method == "Network.requestWillBeSent":
                self.requests.append(p["request"]["url"])
            elif method == "Network.loadingFailed":
                self.errors.append(f"load failed: {p.get('errorText')} ({p.get('blockedReason') or ''})")
            elif method == "Runtime.exceptionThrown":
                details = p.get("exceptionDetails", {})
                self.errors.append("exception: " + (details.get("exception", {}).get("description")
                                                    or details.get("text", "")))
            elif method == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                self.console.append(f"{p.get('type')}: {text}")
                if p.get("type") in ("error", "assert"):
                    self.errors.append(f"console.{p.get('type')}: {text}")
            elif method == "Log.entryAdded":
                entry = p.get("entry", {})
                self.console.append(f"log {entry.get('level')}: {entry.get('text')}")
                if entry.get("level") == "error":
                    self.errors.append(f"log: {entry.get('text')} {entry.get('url', '')}".strip())

    def close(self) -> None:
        self.browser.call("Target.closeTarget", {"targetId": self.target})

    def resize(self, width: int, height: int) -> None:
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def goto(self, url: str, settle: float = 0.3, timeout: float = 30.0) -> None:
        self.call("Page.navigate", {"url": url})
        deadline = time.monotonic() + timeout
        while self.evaluate("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not finish loading")
            time.sleep(0.05)
        self.browser.pump(settle)
        self._absorb()

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise ProtocolError(f"{expression!r}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def key(self, key: str, code: str | None = None, key_code: int = 0, shift: bool = False) -> None:
        """Press and release one key (Tab, Enter, ...), as the keyboard would."""
        base = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code,
                "modifiers": 8 if shift else 0}
        text = {"Enter": "\r"}.get(key)
        self.call("Input.dispatchKeyEvent", {**base, "type": "keyDown", **({"text": text} if text else {})})
        self.call("Input.dispatchKeyEvent", {**base, "type": "keyUp"})

    def screenshot(self, path: str | Path, full_page: bool = False) -> Path:
        params: dict = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
        data = self.call("Page.captureScreenshot", params)["data"]
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def external_requests(self) -> list[str]:
        """Requests that would leave the machine: anything but file: and data: (and about:blank)."""
        return [u for u in self.requests if not u.startswith(("file:", "data:", "about:"))]
