#!/usr/bin/env python3
"""Open the web page (target/web/) in a real browser and read what it shows.

    web_check.py {chromium|firefox} --site target/web --names NAMES.txt --out SHOWN.jsonl [--shot PAGE.png] [--type NAME]

Serves --site on 127.0.0.1 (a port of its own), opens the page in headless
Chromium (DevTools protocol, through tools/browser-oracle) or Firefox ESR
(Marionette, on an Xvfb display: headless Firefox has no WebGL), then opens each name of NAMES.txt (one a line, UTF-8) through
the URL fragment, `http://127.0.0.1:PORT/#NAME`: the first name and every
25th with a fresh load of the page, the others by changing the fragment of
the loaded page, as following a link to another name does. For each name it
waits until the page's domain field holds it and writes one JSON line:

    {"name": NAME, "shown": <what the page shows, as explain --json>}

read through the page's test hook (window.idnaInspector.shown(), the
inspection the page draws). Then:

* --type NAME: clicks into the domain field, selects all and types NAME
  with key events, as a user does; writes {"typed": NAME, "shown": …}.
* --shot PAGE.png: a screenshot of the page (showing the last name).
* the page's console errors and uncaught exceptions
  (window.idnaInspectorErrors), and the files the page fetched, as a last
  line {"errors": [...], "fetched": [...]}.

Exit status 0 when every name was shown, 1 when one was not (its line
carries "error"), 2 on bad usage or a browser that would not start.
Standard library only, as tools/browser-oracle.
"""

import argparse
import base64
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser-oracle"))
import oracle  # noqa: E402

# Where the domain field is, in CSS pixels of the 1280×720 viewport: the
# first text field under the menu bar (the window's layout).
FIELD = (500, 35)
WAIT = 20.0


def serve(site):
    """Serves `site` on 127.0.0.1; returns (port, fetched paths)."""
    fetched = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

        def log_message(self, *args):
            fetched.append(self.path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1], fetched


def url_for(port, name):
    return f"http://127.0.0.1:{port}/#" + urllib.parse.quote(name, safe="")


STATE = (
    "(() => { const h = window.idnaInspector; if (!h) return null;"
    " if (h.has_panicked()) return {panic: h.panic_message()};"
    " return {typed: h.typed(), shown: h.shown()}; })()"
)


class ChromiumPage(oracle.Chromium):
    # WebGL draws the page: no --disable-gpu (Chromium falls back to its software GL).
    gpu_flags = ()
    # The page's server on loopback, by address; any name still resolves to nothing.
    resolver_rules = "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"

    def open(self):
        self.session = self.sessions[0]
        self.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False}, session=self.session)
        self.call("Runtime.enable", session=self.session)

    def go(self, url, reload):
        if reload:
            self.call("Page.navigate", {"url": "about:blank"}, session=self.session)
        self.call("Page.navigate", {"url": url}, session=self.session)

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", {"expression": script, "returnByValue": True, "awaitPromise": True}, session=self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:300])
        return result.get("result", {}).get("value")

    def type_into_field(self, text):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": FIELD[0], "y": FIELD[1], "button": "left", "clickCount": 1}, session=self.session)
        time.sleep(0.3)
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": "a", "code": "KeyA", "windowsVirtualKeyCode": 65, "modifiers": 2}, session=self.session)
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8}, session=self.session)
        self.call("Input.insertText", {"text": text}, session=self.session)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=self.session)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))


class FirefoxPage(oracle.Firefox):
    # Headless Firefox has no WebGL: it runs on an Xvfb display of its own.
    headless = False
    # The page is on loopback: not through the dead proxy of the oracle's preferences.
    prefs = {
        **oracle.FIREFOX_PREFS,
        "network.proxy.type": 0,
        "network.proxy.allow_hijacking_localhost": False,
        "webgl.force-enabled": True,
    }

    def start(self):
        self.xvfb = None
        for number in range(90, 120):
            if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
                self.xvfb = subprocess.Popen(
                    ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                )
                os.environ["DISPLAY"] = f":{number}"
                time.sleep(1)
                break
        if self.xvfb is None:
            raise oracle.BrowserDied("no free X display for Xvfb")
        super().start()

    def stop(self):
        super().stop()
        if getattr(self, "xvfb", None) is not None:
            oracle.kill_group(self.xvfb)
            self.xvfb = None

    def open(self):
        self.command("Marionette:SetContext", {"value": "content"})
        self.command("WebDriver:SetWindowRect", {"width": 1280, "height": 720})

    def go(self, url, reload):
        if reload:
            self.command("WebDriver:Navigate", {"url": "about:blank"})
            self.command("WebDriver:Navigate", {"url": url})
        else:
            self.command("WebDriver:ExecuteScript", {"script": "location.hash = arguments[0];", "args": [url.split("#", 1)[1]]})

    def evaluate(self, script):
        return self.command("WebDriver:ExecuteScript", {"script": "return " + script + ";", "args": []})["value"]

    def type_into_field(self, text):
        canvas = self.command("WebDriver:FindElement", {"using": "css selector", "value": "#the_canvas"})["value"]
        element = next(iter(canvas.values()))
        pointer = {
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "x": FIELD[0], "y": FIELD[1], "origin": "viewport"},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0},
            ],
        }
        self.command("WebDriver:PerformActions", {"actions": [pointer]})
        time.sleep(0.3)
        keys = [{"type": "keyDown", "value": "\ue009"}, {"type": "keyDown", "value": "a"}, {"type": "keyUp", "value": "a"},
                {"type": "keyUp", "value": "\ue009"}, {"type": "keyDown", "value": "\ue003"}, {"type": "keyUp", "value": "\ue003"}]
        for c in text:
            keys += [{"type": "keyDown", "value": c}, {"type": "keyUp", "value": c}]
        self.command("WebDriver:PerformActions", {"actions": [{"type": "key", "id": "keyboard", "actions": keys}]})
        del element

    def screenshot(self, path):
        data = self.command("WebDriver:TakeScreenshot", {"full": False, "hash": False})["value"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))


def wait_for(page, name):
    """What the page shows once its field holds `name` (or an error)."""
    deadline = time.monotonic() + WAIT
    last = None
    while time.monotonic() < deadline:
        try:
            state = page.evaluate(STATE)
        except (RuntimeError, oracle.BrowserDied) as e:
            state = {"error": str(e)}
        if state and "panic" in state:
            return {"error": "panic: " + str(state["panic"])}
        if state and state.get("typed") == name and state.get("shown"):
            return {"shown": json.loads(state["shown"])}
        last = state
        time.sleep(0.05)
    return {"error": f"the page did not show the name within {WAIT:.0f} s (last: {json.dumps(last)[:200]})"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("browser", choices=("chromium", "firefox"))
    parser.add_argument("--site", required=True)
    parser.add_argument("--names", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--shot")
    parser.add_argument("--type", dest="typed")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.site, "index.html")):
        print(f"web_check.py: no index.html in {args.site} (scripts/build-web.sh makes it)", file=sys.stderr)
        return 2
    with open(args.names, encoding="utf-8") as f:
        names = [line.rstrip("\r") for line in f.read().split("\n") if line and not line.startswith("# ")]
    port, fetched = serve(args.site)
    limits = argparse.Namespace(host_timeout=60, start_timeout=60, tabs=1)
    page = (ChromiumPage if args.browser == "chromium" else FirefoxPage)(limits, oracle.Stats())
    try:
        page.start()
    except oracle.BrowserDied as e:
        print(f"web_check.py: {args.browser} did not start: {e}", file=sys.stderr)
        return 2
    failed = 0
    try:
        page.open()
        with open(args.out, "w", encoding="utf-8") as out:
            for index, name in enumerate(names):
                page.go(url_for(port, name), reload=index % 25 == 0)
                answer = wait_for(page, name)
                failed += "error" in answer
                out.write(json.dumps({"name": name, **answer}, ensure_ascii=False) + "\n")
                out.flush()
            if args.typed:
                page.type_into_field(args.typed)
                answer = wait_for(page, args.typed)
                failed += "error" in answer
                out.write(json.dumps({"typed": args.typed, **answer}, ensure_ascii=False) + "\n")
            if args.shot:
                time.sleep(0.5)
                page.screenshot(args.shot)
            errors = page.evaluate("window.idnaInspectorErrors || ['the page never ran its start script']")
            out.write(json.dumps({"browser": page.build, "errors": errors, "fetched": sorted(set(fetched))}, ensure_ascii=False) + "\n")
    finally:
        page.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
