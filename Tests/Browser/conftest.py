"""Fixtures for the browser tests: the demo server on a free loopback port, and Chromium."""
import json
import os
import pathlib
import queue
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_demo(*arguments):
    """Starts the demo on a free loopback port with its data in a new temporary folder, and
    returns (process, details) once it listens."""
    binary = os.environ.get("TRELLIS_DEMO", str(ROOT / ".build" / "debug" / "trellis-demo"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="trellis-browser-"))
    document = folder / "book.json"
    document.write_text(json.dumps({"title": "Draft title", "pages": 12, "draft": True,
                                    "tags": ["fiction"]}))
    port = free_port()
    # Settings live in user defaults: keep them in the temporary folder, never in ~/.config.
    environment = dict(os.environ, XDG_CONFIG_HOME=str(folder / "config"))
    process = subprocess.Popen(
        [binary, "--port", str(port), "--db", str(folder / "demo.sqlite"),
         "--document", str(document)] + list(arguments),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment)
    # Read the server's output on a thread for as long as it runs: a pipe nobody reads fills
    # up and stalls the server. The first line with its address says it is listening.
    # Everything it writes is kept, so that a server that dies says why (see stop_demo).
    lines = queue.Queue()
    process.output = []

    def drain():
        for text in process.stdout:
            process.output.append(text)
            lines.put(text)
        lines.put(None)

    process.drain = threading.Thread(target=drain, daemon=True)
    process.drain.start()
    line = ""
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            item = lines.get(timeout=max(0.1, deadline - time.time()))
        except queue.Empty:
            break
        if item is None:
            break
        line = item
        if "http://" in line:
            break
    if "http://" not in line:
        process.kill()
        raise RuntimeError("the demo server did not start: " + line)
    return process, {"url": "http://127.0.0.1:%d" % port, "document": document}


def stop_demo(process, killed=False):
    """Stops the server; one that has already ended on its own is an error, with its output,
    unless the test `killed` it."""
    ended = process.poll()
    if ended is None or killed:
        process.terminate()
        try:
            ended = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # A server that crashed may still be printing its backtrace: say what it wrote.
            process.kill()
            process.wait()
            raise RuntimeError("the demo server did not stop within 10 s of SIGTERM; %s"
                               % crash_report(process))
        # Asked to stop, it shuts down cleanly: a crash on the way out is a crash too.
        if killed or ended in (0, -signal.SIGTERM):
            return
    raise RuntimeError("the demo server crashed or ended on its own (exit %s); %s"
                       % (ended, crash_report(process)))


def stop_demos(processes, killed=()):
    """Stops every server in `processes`, then raises the first one's error, if any: one that
    crashed does not leave the others running."""
    errors = []
    for process in processes:
        try:
            stop_demo(process, killed=process in killed)
        except RuntimeError as error:
            errors.append(error)
    if errors:
        raise errors[0]


def crash_report(process):
    """The server's output, whole in the artifacts, and here its last lines or, after a crash,
    the crashing thread's backtrace (the Swift runtime prints every thread's)."""
    if process.poll() is not None:
        process.drain.join(timeout=5)  # what the pipe still holds
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / ("server-%d.log" % process.pid)
    log.write_text("".join(process.output))
    lines = process.output
    crashed = [i for i, line in enumerate(lines) if "crashed:" in line]
    shown = lines[crashed[0]:crashed[0] + 60] if crashed else lines[-60:]
    headline = [line for line in lines if "Program crashed" in line or "Fatal error" in line]
    headline = [line for line in headline[:3] if line not in shown]
    return "its output is in %s:\n%s" % (log, "".join(headline + shown))


@pytest.fixture(scope="session")
def server():
    process, details = start_demo()
    yield details
    stop_demo(process)


def make_driver(width=1280, height=900):
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=%d,%d" % (width, height)):
        options.add_argument(argument)
    # The browser's console, for the tests that check no page logs an error, and the network
    # events, for the tests that read what the WebSocket carried.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_window_size(width, height)
    return driver


# One Chromium per window size for the whole run, wiped between tests: starting one takes
# most of a second, and the run has a hundred tests.
_drivers = {}


def reused_driver(width, height):
    """A Chromium of `width` × `height`, as a fresh one would be: one window on a blank page, no
    cookies, no console or network entries left from an earlier test."""
    driver = _drivers.get((width, height))
    if driver is not None:
        try:
            handles = driver.window_handles
            for handle in handles[1:]:
                driver.switch_to.window(handle)
                driver.close()
            driver.switch_to.window(handles[0])
            driver.get("about:blank")
            driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.get_log("browser")
            driver.get_log("performance")
            driver.set_window_size(width, height)
            return driver
        except Exception:
            # A test left it unusable (or it crashed): a new one takes its place.
            try:
                driver.quit()
            except Exception:
                pass
    driver = make_driver(width, height)
    _drivers[(width, height)] = driver
    return driver


@pytest.fixture(scope="session", autouse=True)
def quit_drivers():
    yield
    for driver in _drivers.values():
        try:
            driver.quit()
        except Exception:
            pass


@pytest.fixture
def browser():
    # Narrower than the master-detail breakpoint, so that details are pushed.
    return reused_driver(860, 900)


@pytest.fixture
def desktop():
    return reused_driver(1280, 900)


@pytest.fixture
def phone():
    return reused_driver(390, 844)


def screenshot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / (name + ".png")))
