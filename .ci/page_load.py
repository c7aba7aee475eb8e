#!/usr/bin/env python3
"""Times report.html in headless Chromium: navigation to the load event (the page parsed,
its script run: the list and the first game drawn). Usage: page_load.py FILE [RUNS]"""
import os, shutil, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import CHROMIUM, DevTools

path, runs = os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 3
profile = tempfile.mkdtemp(prefix="bench-chromium-")
proc = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-port=0",
                         f"--user-data-dir={profile}", "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    port_file = os.path.join(profile, "DevToolsActivePort")
    while not (os.path.exists(port_file) and len(open(port_file).read().split("\n")) >= 2):
        time.sleep(0.05)
    port, ws = open(port_file).read().split("\n")[:2]
    cdp = DevTools(int(port), ws)
    target = cdp.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    s = cdp.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    cdp.call("Page.enable", session=s)
    for run in range(runs):
        cdp.call("Page.navigate", {"url": "about:blank"}, session=s)
        cdp.wait_event("Page.loadEventFired")
        started = time.time()
        cdp.call("Page.navigate", {"url": "file://" + path + "#game=9999&ply=20"}, session=s)
        cdp.wait_event("Page.loadEventFired", timeout=300)
        shown = cdp.call("Runtime.evaluate", {"expression": "document.getElementById('position').textContent",
                                              "returnByValue": True}, session=s)["result"].get("value")
        print(f"load {run + 1}: {time.time() - started:.2f} s; position: {shown[:60]}")
    cdp.call("Browser.close")
finally:
    proc.wait(timeout=10)
    shutil.rmtree(profile, ignore_errors=True)
