#!/usr/bin/env python3
"""Checks report.html in headless Chromium against `bench replay` (docs/report.md).

Usage: browser_test.py BENCH CHECKS FOLDER...   (each FOLDER a tournament folder with report.html)

For each folder: opens report.html#game=K&ply=P for CHECKS random (K, P) and compares the
element `position` with `bench replay` of the record's first P plies (opening included);
presses ArrowRight and ArrowLeft and checks that each moves one ply; checks that the page
made no request besides its own file and logged no error; saves screenshots in the folder.
Talks to Chromium over the DevTools protocol on a websocket written with the standard
library only.
"""
import base64, json, os, random, shutil, socket, struct, subprocess, sys, tempfile, time

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


class DevTools:
    """A minimal websocket client (RFC 6455: text frames, client masking) speaking CDP."""

    def __init__(self, port, path):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket handshake refused: " + head.decode(errors="replace"))
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise RuntimeError("DevTools connection closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _frame(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 9:  # ping: answer, keep reading
                self._send(payload, 10)
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()

    def _send(self, data, opcode=1):
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x80 | opcode])
        head += bytes([0x80 | n]) if n < 126 else (bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536
                                                   else bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._send(json.dumps(message).encode())
        while True:
            reply = json.loads(self._frame())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, name, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for i, e in enumerate(self.events):
                if e.get("method") == name:
                    del self.events[i]
                    return e
            self.events.append(json.loads(self._frame()))
        raise RuntimeError(f"no {name} within {timeout} s")


def bench_replay(bench, config, record, plies):
    game = config["game"]
    args = [bench, "replay", "--game", game]
    if record.get("sides") == ["player"]:
        args += ["--seed", str(record["seed"])]
        if "level" in config:
            args += ["--level", str(config["level"])]
        moves = " ".join(record["moves"][:plies])
    else:
        if "plyLimit" in config:
            args += ["--ply-limit", str(config["plyLimit"])]
        if config.get("longRange"):
            args += ["--long-range"]
        if record.get("start"):
            args += ["--position", record["start"]]
        moves = ",".join((record["opening"] + record["moves"])[:plies])
    out = subprocess.run(args + ["--moves", moves, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["position"]


def main():
    bench, checks, folders = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    rng = random.Random(int(os.environ.get("SEED", "40")))
    profile = tempfile.mkdtemp(prefix="bench-chromium-")
    proc = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                             "--disable-component-update", "--disable-sync", "--mute-audio", "--hide-scrollbars",
                             "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures = []
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2:
                break
            time.sleep(0.05)
        port, path = open(port_file).read().split("\n")[:2]
        cdp = DevTools(int(port), path)
        target = cdp.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        s = cdp.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            cdp.call(f"{domain}.enable", session=s)
        cdp.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": False}, session=s)

        def evaluate(expression):
            r = cdp.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=s)
            return r["result"].get("value")

        def open_page(url):
            cdp.events.clear()
            cdp.call("Page.navigate", {"url": "about:blank"}, session=s)
            cdp.wait_event("Page.loadEventFired")
            cdp.events.clear()
            started = time.time()
            cdp.call("Page.navigate", {"url": url}, session=s)
            cdp.wait_event("Page.loadEventFired", timeout=120)
            return time.time() - started

        def problems(page_url):
            found = []
            for e in cdp.events:
                m, p = e.get("method"), e.get("params", {})
                if m == "Network.requestWillBeSent" and p["request"]["url"].split("#")[0] != page_url:
                    found.append("request: " + p["request"]["url"][:120])
                elif m == "Runtime.exceptionThrown":
                    found.append("exception: " + json.dumps(p["exceptionDetails"])[:300])
                elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert", "warning"):
                    found.append("console " + p["type"] + ": " + json.dumps(p.get("args"))[:300])
                elif m == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
                    found.append("log: " + p["entry"].get("text", "")[:300])
            cdp.events.clear()
            return found

        def key(name, code):
            for kind in ("keyDown", "keyUp"):
                cdp.call("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name,
                                                    "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}, session=s)

        for folder in folders:
            folder = os.path.abspath(folder)
            config = json.load(open(os.path.join(folder, "tournament.json")))
            records = {}
            for line in open(os.path.join(folder, "games.jsonl")):
                if line.strip():
                    r = json.loads(line)
                    records[r["index"]] = r
            page = "file://" + os.path.join(folder, "report.html")
            checked = 0
            for n in range(checks):
                k = rng.choice(sorted(records))
                r = records[k]
                total = len(r["opening"]) + len(r["moves"])
                p = rng.randint(0, max(0, total - 1))
                seconds = open_page(f"{page}#game={k}&ply={p}")
                shown = evaluate("document.getElementById('position').textContent")
                expected = bench_replay(bench, config, r, p)
                if shown != expected:
                    failures.append(f"{folder} game {k} ply {p}: the page shows {shown!r}, bench replay gives {expected!r}")
                checked += 1
                if n == 0:
                    # One ply forward and back with the arrow keys.
                    evaluate("document.activeElement && document.activeElement.blur()")
                    key("ArrowRight", 39)
                    after = evaluate("[document.getElementById('position').textContent, location.hash]")
                    want = bench_replay(bench, config, r, p + 1)
                    if after[0] != want or f"ply={p + 1}" not in after[1]:
                        failures.append(f"{folder} game {k}: ArrowRight from ply {p} shows {after}, expected {want!r} at ply {p + 1}")
                    key("ArrowLeft", 37)
                    back = evaluate("document.getElementById('position').textContent")
                    if back != expected:
                        failures.append(f"{folder} game {k}: ArrowLeft back to ply {p} shows {back!r}")
                    shot = cdp.call("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
                    name = os.path.join(folder, f"screenshot-game-{k}-ply-{p}.png")
                    open(name, "wb").write(base64.b64decode(shot))
                    print(f"  {config['game']}: page loaded in {seconds:.2f} s; screenshot {name}")
                    # The last ply, and its animation where the game has one (Coin
                    # Sorter's cascade, Balls!' chain): drawn with no error.
                    key("End", 35)
                    if evaluate("(() => { const b = document.getElementById('b-anim'); if (b.hidden) return false; b.click(); return true })()"):
                        time.sleep(1.2)
                        shot = cdp.call("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
                        open(os.path.join(folder, f"screenshot-game-{k}-animation.png"), "wb").write(base64.b64decode(shot))
                    evaluate("window.scrollTo(0, 0)")
                for problem in problems(page):
                    failures.append(f"{folder} game {k} ply {p}: {problem}")
            print(f"  {config['game']}: {checked} positions checked against bench replay")
        cdp.call("Browser.close")
    finally:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(profile, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    if failures:
        sys.exit(1)
    print("browser tests passed")


if __name__ == "__main__":
    main()
