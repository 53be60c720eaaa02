#!/usr/bin/env python3
"""Ask a real browser how it shows hosts: Unicode, Punycode, or not at all.

    oracle.py versions
    oracle.py {chromium|firefox|webkit} --in HOSTS.txt --out RESULT.tsv
    oracle.py {chromium|firefox|webkit} --in HOSTS.txt --cache-dir DIR

HOSTS.txt holds one host a line (UTF-8; lines are split on "\\n" only, so
U+2028 and U+0085 stay inside a host; a trailing "\\r" is dropped; empty
lines and lines starting with "# " are skipped). RESULT.tsv gets a header
line naming the browser build (`# chromium 156.0.8078.108`) and then one
line per distinct input:

    input<TAB>shown<TAB>verdict

`shown` is the host as the browser's address bar shows it; `verdict` is
`unicode` (no label of `shown` starts with `xn--`), `punycode` (some label
does), `rejected` (the browser's URL parser refuses the host; `shown` is
empty) or `error` (the host crashed or hung the browser twice).

An input containing `/ \\ ? # @`, or a `:` that starts a port, is not sent
to the browser: in `http://INPUT/` the URL parser splits it off the host
(path, query, fragment, userinfo, port), so the input as a host never
reaches the host parser. It is written as `rejected` (the tool's decision,
not the browser's; `--stats` counts them). Where a port starts is Chromium's
own rule for Chromium (`ParseServerInfo`: after the last ASCII `]`, so
`［::1]` is asked and `［::1］` is not); for Firefox and WebKit, any `:`
outside `[…]` (their host parsers refuse a `:` that reaches them anyway).

How each browser is asked (everything on loopback; each start gets a new
temporary profile, removed at the end):

* chromium: `/usr/bin/chromium --headless` with every name mapped to
  NOTFOUND (`--host-resolver-rules`), driven over the DevTools protocol on
  a pipe (`--remote-debugging-pipe`). Each host is navigated to as
  `http://HOST/` in one of several tabs; the net-error page's
  `document.title` is `url_formatter::IDNToUnicode(host)` (Chromium's
  `localized_error.cc` titles an http(s) error page with the host). A URL
  Chromium refuses fails `Page.navigate` with "Cannot navigate to invalid
  URL": `rejected`.
* firefox: `firefox-esr --headless --marionette`, Marionette over TCP on
  127.0.0.1, chrome context, `Services.io.newURI("http://" + host +
  "/").displayHostPort` for thousands of hosts per call; a throw is
  `rejected`. Network is cut off by preferences (no DNS, a dead proxy).
* webkit: WebKitGTK through PyGObject in a child process
  (`/usr/bin/python3`): `WebKit2.SecurityOrigin.new_for_uri` runs
  WebKit's URLParser (no host: `rejected`), `WebKit2.uri_for_display` of
  `http://ASCII_HOST/` is `WTF::URLHelpers::userVisibleURL`; shown is its
  host. No display is needed.

Resuming: an existing --out is appended to and its answered inputs are
skipped (a half-written last line is dropped). It must come from the same
browser build. A browser that dies or hangs is restarted; the hosts it had
not answered are retried in halves until the culprit is alone; a host that
kills or hangs the browser twice on its own is written as `error`.

Time bounds: --host-timeout (one host in Chromium, one batch in Firefox and
WebKit), --start-timeout (a browser start), --max-seconds (the whole run;
on expiry the tool stops with exit status 75 and a rerun resumes).

Standard library only (WebKit also needs `gi`, which Debian's
/usr/bin/python3 has with python3-gi and gir1.2-webkit2-4.1).
"""

import argparse
import collections
import fcntl
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

CHROMIUM = os.environ.get("ORACLE_CHROMIUM", "/usr/bin/chromium")
FIREFOX = os.environ.get("ORACLE_FIREFOX", "/usr/bin/firefox-esr")
SYSTEM_PYTHON = "/usr/bin/python3"
BROWSERS = ("chromium", "firefox", "webkit")
EX_TEMPFAIL = 75
# For testing the recovery: a browser asked about this host is killed (the
# WebKit worker aborts itself) as if the host had crashed it.
CRASH_HOST = os.environ.get("ORACLE_CRASH_HOST")


def log(message):
    print(f"oracle: {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- inputs and outputs


def read_hosts(path):
    """The distinct hosts of `path`, in order (see the module comment)."""
    with open(path, "rb") as f:
        data = f.read()
    hosts, seen = [], set()
    for raw in data.split(b"\n"):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        line = raw.decode("utf-8")
        if not line or line.startswith("# "):
            continue
        if line not in seen:
            seen.add(line)
            hosts.append(line)
    return hosts


def read_answered(path):
    """The header build and the answered inputs of an earlier --out; drops
    a half-written last line."""
    if not os.path.exists(path):
        return None, set()
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with open(path, "r+b") as f:
            f.truncate(cut)
        data = data[:cut]
    build, answered = None, set()
    for raw in data.split(b"\n"):
        line = raw.decode("utf-8")
        if line.startswith("# "):
            if build is None:
                build = line[2:]
            continue
        if line:
            answered.add(line.split("\t", 1)[0])
    return build, answered


def verdict_of(shown):
    labels = shown.split(".")
    return "punycode" if any(label[:4].lower() == "xn--" for label in labels) else "unicode"


def url_splits(host, browser):
    """True when `http://HOST/` does not put all of HOST into the URL's host."""
    if any(c in host for c in "/\\?#@"):
        return True
    if browser == "chromium":
        return chromium_finds_a_port(host)
    if ":" in host and not (host.startswith("[") and host.endswith("]")):
        return True
    return False


def chromium_finds_a_port(host):
    """Chromium's ParseServerInfo (url/third_party/mozilla/url_parse.cc): the
    host ends at the last ASCII ':' after the IPv6 terminator, the last ASCII
    ']' (or the end, when HOST starts with an ASCII '['). Full-width brackets
    are no terminator: `［::1］` is the host `［:` and the port `1］`, while
    `［::1]` and `[::1］` are hosts (which the canonicalizer makes `[::1]`)."""
    terminator = len(host) if host.startswith("[") else -1
    colon = -1
    for i, c in enumerate(host):
        if c == "]":
            terminator = i
        elif c == ":":
            colon = i
    return colon > terminator


class BrowserDied(Exception):
    """The browser exited, closed its channel, or did not answer in time."""


class Stats:
    def __init__(self):
        self.counts = collections.Counter()
        self.notes = collections.Counter()

    def note(self, what):
        self.notes[what] += 1


# ---------------------------------------------------------------- process helpers


def run_version(argv):
    try:
        out = subprocess.run(argv, capture_output=True, timeout=60, text=True, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout


def build_of(argv, pattern):
    """The build a browser's `--version` prints (the `pattern` match), or None when not installed."""
    out = run_version(argv) or ""
    m = re.search(pattern, out)
    return m.group(0) if m else None


class Browser:
    """What every browser driver holds: its limits, the stats, the process and its build."""

    def __init__(self, args, stats):
        self.host_timeout = args.host_timeout
        self.start_timeout = args.start_timeout
        self.stats = stats
        self.process = None
        self.build = None


def kill_group(process):
    """Ends the process group this tool started for one browser."""
    if process is None:
        return
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


# ---------------------------------------------------------------- Chromium


class Chromium(Browser):
    name = "chromium"
    batch_size = 64
    # Hosts need no drawing (tools/web-check asks for WebGL instead).
    gpu_flags = ("--disable-gpu",)
    # Every name fails to resolve: nothing leaves the machine.
    resolver_rules = "MAP * ~NOTFOUND"

    def __init__(self, args, stats):
        super().__init__(args, stats)
        self.tabs = args.tabs
        self.profile = None

    @staticmethod
    def installed():
        if not os.access(CHROMIUM, os.X_OK):
            return None
        return build_of([CHROMIUM, "--version"], r"Chromium \S+")

    def start(self):
        self.profile = tempfile.mkdtemp(prefix="browser-oracle-chromium-")
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def child_fds():
            # fds 3 and 4 of the child are the DevTools pipe (read, write).
            a = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        argv = [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            *self.gpu_flags,
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            "--disable-quic",
            "--no-default-browser-check",
            # Speed (measured: 13 -> 22 hosts/s on 2 cores): no new renderer
            # process per site, no spare one, no auto-reload of error pages.
            "--disable-auto-reload",
            "--disable-site-isolation-trials",
            "--disable-features=site-per-process,IsolateOrigins,BackForwardCache,"
            "ProactivelySwapBrowsingInstance,RenderDocument,SpareRendererForSitePerProcess",
            "--renderer-process-limit=2",
            f"--host-resolver-rules={self.resolver_rules}",
            f"--user-data-dir={self.profile}",
            "--remote-debugging-pipe",
            "about:blank",
        ]
        self.process = subprocess.Popen(
            argv,
            preexec_fn=child_fds,
            close_fds=False,
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.w, self.r = to_chrome_w, from_chrome_r
        self.buffer = b""
        self.next_id = 0
        self.early_events = []
        deadline = time.monotonic() + self.start_timeout
        version = self.call("Browser.getVersion", deadline=deadline)
        m = re.match(r"(?:Headless)?Chrome/(\S+)", version.get("product", ""))
        if not m:
            raise BrowserDied(f"unexpected Browser.getVersion: {version}")
        self.build = f"Chromium {m.group(1)}"
        self.sessions = []
        for _ in range(self.tabs):
            target = self.call("Target.createTarget", {"url": "about:blank"}, deadline=deadline)["targetId"]
            session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, deadline=deadline)["sessionId"]
            self.call("Page.enable", session=session, deadline=deadline)
            self.call("Page.setLifecycleEventsEnabled", {"enabled": True}, session=session, deadline=deadline)
            self.sessions.append(session)

    def stop(self):
        if self.process is not None:
            try:
                self.send("Browser.close")
                self.process.wait(timeout=5)
            except (BrowserDied, OSError, subprocess.TimeoutExpired):
                pass
            kill_group(self.process)
            for fd in (self.w, self.r):
                try:
                    os.close(fd)
                except OSError:
                    pass
            self.process = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    # The DevTools protocol on the pipe: NUL-terminated JSON messages.

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self.w, data) :]
        except OSError as e:
            raise BrowserDied(f"writing to Chromium: {e}")
        return self.next_id

    def receive(self, timeout):
        """The next message, or None after `timeout` seconds."""
        end = time.monotonic() + max(timeout, 0)
        while b"\0" not in self.buffer:
            left = end - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.r], [], [], left)
            if not ready:
                return None
            data = os.read(self.r, 1 << 20)
            if not data:
                raise BrowserDied("Chromium closed the DevTools pipe")
            self.buffer += data
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None, deadline=None):
        deadline = deadline or time.monotonic() + self.host_timeout
        wanted = self.send(method, params, session)
        while True:
            message = self.receive(deadline - time.monotonic())
            if message is None:
                raise BrowserDied(f"no answer to {method}")
            if message.get("id") == wanted:
                if "error" in message:
                    raise BrowserDied(f"{method}: {message['error']}")
                return message.get("result", {})
            self.early_events.append(message)

    def check(self, hosts, emit):
        """Navigates to each host, up to one per tab at a time."""
        queue = collections.deque(hosts)
        free = list(self.sessions)
        # session -> state of the host in it
        busy = {}
        # message id -> session
        waiting = {}
        # session -> loaderIds whose "load" came before Page.navigate answered
        loaded = collections.defaultdict(set)
        self.early_events.clear()

        def evaluate(session, state):
            state["phase"] = "title"
            waiting[self.send("Runtime.evaluate", {"expression": "document.title", "returnByValue": True}, session)] = session

        while queue or busy:
            while free and queue:
                session = free.pop()
                host = queue.popleft()
                busy[session] = {"host": host, "phase": "navigate", "since": time.monotonic(), "tries": 0}
                if host == CRASH_HOST:
                    kill_group(self.process)
                loaded[session].clear()
                waiting[self.send("Page.navigate", {"url": f"http://{host}/"}, session)] = session
            oldest = min(state["since"] for state in busy.values())
            message = self.receive(oldest + self.host_timeout - time.monotonic())
            if message is None:
                hung = [state["host"] for state in busy.values() if time.monotonic() - state["since"] >= self.host_timeout]
                if hung:
                    raise BrowserDied(f"no answer in {self.host_timeout} s for {hung!r}")
                continue
            method = message.get("method")
            if method in ("Inspector.targetCrashed", "Target.targetCrashed", "Target.detachedFromTarget"):
                raise BrowserDied(f"{method}")
            if method == "Page.lifecycleEvent" and message["params"]["name"] == "load":
                session = message.get("sessionId")
                state = busy.get(session)
                loader = message["params"]["loaderId"]
                if state and state["phase"] == "load" and state["loader"] == loader:
                    evaluate(session, state)
                elif state and state["phase"] == "navigate":
                    loaded[session].add(loader)
                continue
            session = waiting.pop(message.get("id"), None)
            if session is None:
                continue
            state = busy[session]
            host = state["host"]
            if state["phase"] == "navigate":
                if "error" in message:
                    text = message["error"].get("message", "")
                    del busy[session]
                    free.append(session)
                    if text == "Cannot navigate to invalid URL":
                        emit(host, "", "rejected")
                    else:
                        self.stats.note(f"Page.navigate error {text!r}")
                        log(f"{host!r}: Page.navigate error {message['error']}")
                        emit(host, "", "error")
                    continue
                result = message["result"]
                self.stats.note(f"navigation {result.get('errorText', 'no error')}")
                state["loader"] = result.get("loaderId")
                if state["loader"] in loaded[session]:
                    evaluate(session, state)
                else:
                    state["phase"] = "load"
            elif state["phase"] == "title":
                value = message.get("result", {}).get("result", {}).get("value")
                if "error" in message or message.get("result", {}).get("exceptionDetails") or not isinstance(value, str):
                    # The error page was being replaced (its auto-reload): ask again.
                    state["tries"] += 1
                    if state["tries"] > 5:
                        raise BrowserDied(f"no title for {host!r}: {message}")
                    time.sleep(0.05)
                    evaluate(session, state)
                    continue
                del busy[session]
                free.append(session)
                shown = self.host_of_title(host, value)
                emit(host, shown, verdict_of(shown))

    def host_of_title(self, host, title):
        """The title of an http(s) net-error page is the host; were it the
        URL (a page without a title), take the URL's host."""
        m = re.fullmatch(r"https?://([^/]*)/?.*", title, re.S)
        if m:
            self.stats.note("title was a URL")
            log(f"{host!r}: title is a URL: {title!r}")
            return m.group(1)
        if not title or "/" in title:
            self.stats.note("odd title")
            log(f"{host!r}: odd title {title!r}")
        return title


# ---------------------------------------------------------------- Firefox

FIREFOX_PREFS = {
    "marionette.port": 0,
    # Nothing leaves the machine: no DNS, every proxied protocol to a closed port.
    "network.dns.disabled": True,
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.socks": "127.0.0.1",
    "network.proxy.socks_port": 9,
    "network.proxy.share_proxy_settings": True,
    "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": True,
    "network.connectivity-service.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.trr.mode": 5,
    "app.update.enabled": False,
    "app.update.auto": False,
    "app.normandy.enabled": False,
    "app.shield.optoutstudies.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "browser.search.update": False,
    "browser.region.network.url": "",
    "browser.region.update.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.newtabpage.enabled": False,
    "browser.ping-centre.telemetry": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "http://127.0.0.1:9/",
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "media.gmp-manager.url": "http://127.0.0.1:9/",
    "messaging-system.rsexperimentloader.enabled": False,
    "nimbus.rollouts.enabled": False,
}

FIREFOX_SCRIPT = """
const hosts = arguments[0];
const out = [];
for (const host of hosts) {
  let uri;
  try {
    uri = Services.io.newURI("http://" + host + "/");
  } catch (e) {
    out.push(null);
    continue;
  }
  out.push(uri.displayHostPort);
}
return out;
"""

FIREFOX_BUILD_SCRIPT = """
const { AppConstants } = ChromeUtils.importESModule("resource://gre/modules/AppConstants.sys.mjs");
return [AppConstants.MOZ_APP_VERSION_DISPLAY, Services.appinfo.appBuildID];
"""


class Firefox(Browser):
    name = "firefox"
    batch_size = 2000
    prefs = None  # FIREFOX_PREFS (tools/web-check adds its own)
    # Without a display. tools/web-check runs it on an Xvfb display instead:
    # headless Firefox has no WebGL.
    headless = True

    def __init__(self, args, stats):
        super().__init__(args, stats)
        self.profile = None
        self.sock = None

    @staticmethod
    def installed():
        if not os.access(FIREFOX, os.X_OK):
            return None
        return build_of([FIREFOX, "--version"], r"Firefox \S+")

    def start(self):
        self.profile = tempfile.mkdtemp(prefix="browser-oracle-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for key, value in (self.prefs or FIREFOX_PREFS).items():
                f.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        env = dict(os.environ)
        if self.headless:
            env["MOZ_HEADLESS"] = "1"
            env.pop("DISPLAY", None)
        self.log = open(os.path.join(self.profile, "firefox.log"), "wb")
        self.process = subprocess.Popen(
            [FIREFOX, *(["--headless"] if self.headless else []), "--marionette", "--remote-allow-system-access", "--no-remote", "--profile", self.profile],
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + self.start_timeout
        port_file = os.path.join(self.profile, "MarionetteActivePort")
        while True:
            if self.process.poll() is not None:
                raise BrowserDied(f"Firefox exited at start ({self.process.returncode})")
            if time.monotonic() > deadline:
                raise BrowserDied("Firefox did not open its Marionette port")
            try:
                port = int(open(port_file).read().strip())
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=2)
                break
            except (OSError, ValueError):
                time.sleep(0.2)
        self.sock.settimeout(self.host_timeout)
        self.buffer = b""
        self.next_id = 0
        self.receive()  # the greeting
        self.command("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {"timeouts": {"script": self.host_timeout * 1000}}}})
        self.command("Marionette:SetContext", {"value": "chrome"})
        version, build_id = self.command("WebDriver:ExecuteScript", {"script": FIREFOX_BUILD_SCRIPT, "args": []})["value"]
        self.build = f"Firefox {version}"
        self.build_id = build_id

    def stop(self):
        if self.process is not None:
            try:
                if self.sock is not None:
                    self.sock.settimeout(10)
                    self.command("Marionette:Quit", {})
                self.process.wait(timeout=10)
            except (BrowserDied, OSError, subprocess.TimeoutExpired):
                pass
            kill_group(self.process)
            self.process = None
            self.log.close()
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    # Marionette: `length:json` frames; a command is [0, id, name, params],
    # its answer [1, id, error, result].

    def receive(self):
        try:
            while True:
                colon = self.buffer.find(b":")
                if colon > 0:
                    length = int(self.buffer[:colon])
                    if len(self.buffer) >= colon + 1 + length:
                        frame = self.buffer[colon + 1 : colon + 1 + length]
                        self.buffer = self.buffer[colon + 1 + length :]
                        return json.loads(frame)
                data = self.sock.recv(1 << 20)
                if not data:
                    raise BrowserDied("Firefox closed the Marionette connection")
                self.buffer += data
        except (socket.timeout, OSError) as e:
            raise BrowserDied(f"Marionette: {e}")

    def command(self, name, params):
        self.next_id += 1
        data = json.dumps([0, self.next_id, name, params]).encode()
        try:
            self.sock.sendall(str(len(data)).encode() + b":" + data)
        except OSError as e:
            raise BrowserDied(f"Marionette: {e}")
        while True:
            answer = self.receive()
            if answer[0] == 1 and answer[1] == self.next_id:
                break
        if answer[2]:
            raise BrowserDied(f"{name}: {answer[2]}")
        return answer[3]

    def check(self, hosts, emit):
        if CRASH_HOST in hosts:
            kill_group(self.process)
        shown = self.command("WebDriver:ExecuteScript", {"script": FIREFOX_SCRIPT, "args": [hosts]})["value"]
        if len(shown) != len(hosts):
            raise BrowserDied("Firefox answered for another number of hosts")
        for host, display in zip(hosts, shown):
            if display is None:
                emit(host, "", "rejected")
            else:
                emit(host, display, verdict_of(display))


# ---------------------------------------------------------------- WebKit


def webkit_worker():
    """The child process that calls WebKitGTK: a JSON list of hosts a line
    in, a JSON list of [shown or null] a line out."""
    import gi

    gi.require_version("WebKit2", "4.1")
    from gi.repository import WebKit2

    out = sys.stdout
    build = f"WebKitGTK {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}.{WebKit2.get_micro_version()}"
    out.write(json.dumps(build) + "\n")
    out.flush()
    for line in sys.stdin:
        answers = []
        for host in json.loads(line):
            if host == CRASH_HOST:
                os.abort()
            origin = WebKit2.SecurityOrigin.new_for_uri(f"http://{host}/")
            ascii_host = origin.get_host() if origin is not None else None
            if not ascii_host:
                answers.append(None)
                continue
            display = WebKit2.uri_for_display(f"http://{ascii_host}/")
            answers.append([ascii_host, display])
        out.write(json.dumps(answers) + "\n")
        out.flush()


class WebKit(Browser):
    name = "webkit"
    batch_size = 2000

    @staticmethod
    def python():
        return SYSTEM_PYTHON if os.access(SYSTEM_PYTHON, os.X_OK) else sys.executable

    @staticmethod
    def installed():
        code = (
            "import gi; gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2; "
            "print('WebKitGTK %d.%d.%d' % (WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()))"
        )
        return build_of([WebKit.python(), "-c", code], r"WebKitGTK \S+")

    def start(self):
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        self.process = subprocess.Popen(
            [self.python(), os.path.abspath(__file__), "_webkit-worker"],
            start_new_session=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self.build = json.loads(self.read_line(self.start_timeout))

    def read_line(self, timeout):
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            raise BrowserDied(f"WebKit worker gave no answer in {timeout} s")
        line = self.process.stdout.readline()
        if not line:
            raise BrowserDied(f"WebKit worker exited ({self.process.poll()})")
        return line

    def stop(self):
        if self.process is not None:
            try:
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
            kill_group(self.process)
            self.process = None

    def check(self, hosts, emit):
        try:
            self.process.stdin.write(json.dumps(hosts).encode() + b"\n")
            self.process.stdin.flush()
        except OSError as e:
            raise BrowserDied(f"WebKit worker: {e}")
        answers = json.loads(self.read_line(self.host_timeout))
        if len(answers) != len(hosts):
            raise BrowserDied("WebKit worker answered for another number of hosts")
        for host, answer in zip(hosts, answers):
            if answer is None:
                emit(host, "", "rejected")
                continue
            ascii_host, display = answer
            if display is None or not (display.startswith("http://") and display.endswith("/")):
                self.stats.note("uri_for_display not http://HOST/")
                log(f"{host!r}: uri_for_display(http://{ascii_host}/) = {display!r}")
                emit(host, "", "error")
                continue
            shown = display[len("http://") : -1]
            emit(host, shown, verdict_of(shown))


DRIVERS = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}


# ---------------------------------------------------------------- the run


def run(args):
    stats = Stats()
    driver = DRIVERS[args.browser](args, stats)
    hosts = read_hosts(args.inp)
    old_build, answered = read_answered(args.out)
    todo = [h for h in hosts if h not in answered]
    log(f"{args.browser}: {len(hosts)} hosts, {len(hosts) - len(todo)} answered already, {len(todo)} to ask")
    started = time.monotonic()
    deadline = started + args.max_seconds if args.max_seconds > 0 else None
    out = open(args.out, "a", encoding="utf-8", newline="\n")
    header_written = old_build is not None

    def emit(host, shown, verdict):
        stats.counts[verdict] += 1
        out.write(f"{host}\t{shown}\t{verdict}\n")
        done.add(host)

    done = set()
    # Inputs the URL parser splits never reach a browser (see the module comment).
    queue = collections.deque()
    split = [h for h in todo if url_splits(h, args.browser)]
    todo = [h for h in todo if not url_splits(h, args.browser)]
    for i in range(0, len(todo), driver.batch_size):
        queue.append(todo[i : i + driver.batch_size])
    strikes = collections.Counter()
    running = False
    asked = 0
    try:
        while queue or split:
            if deadline is not None and time.monotonic() > deadline:
                log(f"stopped after --max-seconds {args.max_seconds}; rerun to resume")
                return EX_TEMPFAIL
            if not running:
                for attempt in range(3):
                    try:
                        driver.start()
                        break
                    except BrowserDied as e:
                        driver.stop()
                        log(f"{args.browser} did not start ({e})")
                        if attempt == 2:
                            return 1
                running = True
                if old_build is not None and old_build != f"{args.browser} {driver.build.split(' ', 1)[1]}":
                    log(f"{args.out} was made by {old_build!r}, not {driver.build!r}: use another --out")
                    return 2
                if not header_written:
                    out.write(f"# {args.browser} {driver.build.split(' ', 1)[1]}\n")
                    header_written = True
                for host in split:
                    stats.note("split by the URL parser (not sent)")
                    emit(host, "", "rejected")
                split = []
                out.flush()
            if not queue:
                break
            batch = queue.popleft()
            try:
                driver.check(batch, emit)
                asked += len(batch)
            except BrowserDied as e:
                left = [h for h in batch if h not in done]
                asked += len(batch) - len(left)
                log(f"browser died or hung ({e}); {len(left)} of the batch unanswered; restarting")
                stats.note("restarts")
                driver.stop()
                running = False
                if len(left) > 1:
                    half = len(left) // 2
                    queue.appendleft(left[half:])
                    queue.appendleft(left[:half])
                elif left:
                    strikes[left[0]] += 1
                    if strikes[left[0]] >= 2:
                        log(f"{left[0]!r} killed or hung the browser twice: error")
                        emit(left[0], "", "error")
                    else:
                        queue.appendleft(left)
            out.flush()
            if args.progress and asked:
                rate = asked / max(time.monotonic() - started, 1e-9)
                log(f"{len(done)} written, {rate:.1f} hosts/s")
    finally:
        out.close()
        if running:
            driver.stop()
    elapsed = time.monotonic() - started
    rate = len(done) / elapsed if elapsed > 0 else 0.0
    summary = ", ".join(f"{k} {v}" for k, v in sorted(stats.counts.items()))
    log(f"{args.browser} ({driver.build}): {len(done)} hosts in {elapsed:.1f} s ({rate:.1f}/s): {summary}")
    if args.stats:
        for what, count in sorted(stats.notes.items()):
            log(f"  {what}: {count}")
    return 0


def fnv(parts):
    """FNV-1a, 64 bits, over each part and a 0xff after it: the cache key."""
    value = 0xCBF29CE484222325
    for part in parts:
        for byte in part + b"\xff":
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def cached(args):
    """--cache-dir: the answers kept as DIR/BROWSER-BUILD-CORPUS-KEY.tsv, KEY a
    hash of the corpus and of this script, made (through a .partial file)
    only when missing. A lock file makes a second run for the same file wait
    for the first and reuse its answers. Prints the file's path."""
    build = DRIVERS[args.browser].installed()
    if build is None:
        log(f"{args.browser} is not installed")
        return 1
    build_key = re.sub(r"[^A-Za-z0-9.]", "_", build)
    with open(args.inp, "rb") as f:
        corpus = f.read()
    with open(__file__, "rb") as f:
        script = f.read()
    stem = os.path.splitext(os.path.basename(args.inp))[0]
    os.makedirs(args.cache_dir, exist_ok=True)
    path = os.path.join(args.cache_dir, f"{args.browser}-{build_key}-{stem}-{fnv([corpus, script]):016x}.tsv")
    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(path):
            args.out = path + ".partial"
            status = run(args)
            if status != 0:
                return status
            os.rename(args.out, path)
    print(path, flush=True)
    return 0


def versions():
    for name in BROWSERS:
        build = DRIVERS[name].installed()
        print(f"{name}\t{build or 'not installed'}")
    return 0


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "_webkit-worker":
        webkit_worker()
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "versions":
        return versions()
    parser = argparse.ArgumentParser(description="Ask a real browser how it shows hosts (see the module comment).")
    parser.add_argument("browser", choices=BROWSERS)
    parser.add_argument("--in", dest="inp", required=True, help="hosts, one a line")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", help="TSV to write or resume")
    where.add_argument("--cache-dir", help="keep the TSV in this folder under a name of the build and the corpus; print its path")
    parser.add_argument("--tabs", type=int, default=8, help="Chromium: tabs navigating at once (default 8)")
    parser.add_argument("--host-timeout", type=float, default=60, help="seconds for one host (Chromium) or one batch (default 60)")
    parser.add_argument("--start-timeout", type=float, default=60, help="seconds for a browser start (default 60)")
    parser.add_argument("--max-seconds", type=float, default=3600, help="stop after this long, exit 75 (0: no limit; default 3600)")
    parser.add_argument("--progress", action="store_true", help="log progress after every batch")
    parser.add_argument("--stats", action="store_true", help="log what was seen (navigation errors, odd titles, …)")
    args = parser.parse_args()
    return cached(args) if args.cache_dir else run(args)


if __name__ == "__main__":
    sys.exit(main())
