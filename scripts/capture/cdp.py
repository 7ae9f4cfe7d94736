"""A minimal Chrome DevTools Protocol client over `--remote-debugging-pipe` (standard library only).

Chromium reads commands from file descriptor 3 and writes replies and events to descriptor 4, each a
JSON message terminated by a NUL byte. `Browser` starts Chromium with those pipes, attaches to one
page target (flattened sessions) and offers `call` (a command, waiting for its reply) and
`evaluate` (JavaScript in the page, awaiting promises, returning the value by JSON).
"""
import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Flags for reproducible pixels: software rendering, no scrollbars, device pixels = CSS pixels,
# no background throttling, no first-run UI, no network services.
DETERMINISTIC_FLAGS = [
    "--disable-gpu",
    "--force-device-scale-factor=1",
    "--hide-scrollbars",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-component-update",
    "--disable-sync",
    "--mute-audio",
    "--force-color-profile=srgb",
    "--font-render-hinting=none",
]


class CDPError(RuntimeError):
    pass


class Browser:
    """Chromium driven through the DevTools pipe. Use as a context manager."""

    def __init__(self, headless=True, width=320, height=240, extra_flags=(), env=None):
        self.width, self.height = width, height
        self.profile = tempfile.mkdtemp(prefix="capture-chromium-")
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        flags = list(DETERMINISTIC_FLAGS) + [
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}",
        ]
        if headless:
            flags.append("--headless=new")
        if os.geteuid() == 0:
            flags.append("--no-sandbox")
        flags += list(extra_flags)

        def child_fds():
            # Move both ends above 4 first so that neither dup2 overwrites the other.
            r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, *flags, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, pass_fds=(3, 4), env=env)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self._in = os.fdopen(from_chrome_r, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        if page is None:
            target_id = self.call("Target.createTarget", url="about:blank")["targetId"]
        else:
            target_id = page["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target_id, flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        if headless:
            self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                      deviceScaleFactor=1, mobile=False)

    def _read_message(self):
        while b"\0" not in self._buffer:
            chunk = self._in.read(1 << 16)
            if not chunk:
                raise CDPError("Chromium closed the DevTools pipe (did it start? try running "
                               f"{CHROMIUM} --headless=new --remote-debugging-pipe by hand)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, **params):
        """Sends one command (to the attached page once there is one) and returns its result."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if self.session is not None and not method.startswith("Target."):
            message["sessionId"] = self.session
        self._out.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            # An event (or a reply to nothing we wait for): not needed here.

    def evaluate(self, expression):
        """Evaluates JavaScript in the page (awaiting a promise) and returns its JSON value."""
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True,
                           returnByValue=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CDPError(f"JavaScript error: {text}")
        return result["result"].get("value")

    def load_html(self, html_text):
        """Shows this HTML document and waits for its load event."""
        frame = self.call("Page.getFrameTree")["frameTree"]["frame"]["id"]
        self.call("Page.setDocumentContent", frameId=frame, html=html_text)
        self.evaluate("new Promise(r => document.readyState === 'complete' ? r() : addEventListener('load', () => r()))")
        # Two animation frames so that style and layout are current before the first seek.
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))")

    def screenshot_png(self):
        """The viewport as PNG bytes (width × height device pixels)."""
        data = self.call("Page.captureScreenshot", format="png", fromSurface=True,
                         captureBeyondViewport=False)["data"]
        return base64.b64decode(data)

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
