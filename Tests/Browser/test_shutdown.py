"""SIGTERM closes every session within a bounded time, however slow its client: a page whose
socket stops reading (a frozen tab) while the server still has answers for it does not hold
the server open."""
import base64
import json
import os
import re
import socket
import time
import urllib.request

from conftest import start_demo, stop_demo

BOUND = 5.0


def frame(text):
    """A masked text frame, as a page sends it."""
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def frozen_page(url):
    """Opens the Tasks page's socket with a tiny receive buffer, sends it many searches, and
    never reads what the server answers; returns the socket."""
    html = urllib.request.urlopen(url + "/apps/tasks").read().decode()
    session = re.search(r'data-session="([^"]+)"', html).group(1)
    token = re.search(r'data-token="([^"]+)"', html).group(1)
    host = url.split("//", 1)[1]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect(("127.0.0.1", int(host.rsplit(":", 1)[1])))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((
        "GET /ws?app=tasks&session=%s&token=%s HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n" % (session, token, host, url, key)).encode())
    answer = sock.recv(1024)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.setblocking(False)
    sent = 0
    for index in range(4000):
        message = frame(json.dumps({"type": "search", "text": "x" if index % 2 else ""}))
        try:
            sock.send(message)
            sent += 1
        except BlockingIOError:
            break
    assert sent > 100
    return sock


def test_sigterm_with_a_frozen_page_ends_within_the_bound():
    process, details = start_demo()
    sock = frozen_page(details["url"])
    try:
        time.sleep(1.0)  # the server answers until the page's buffers are full
        started = time.time()
        stop_demo(process)
        took = time.time() - started
        assert took < BOUND, "the server took %.1f s to stop" % took
    finally:
        sock.close()


def test_a_page_comes_back_by_itself_after_the_server_restarts(browser):
    """A page whose server stopped and started again (on the same address) reloads by itself
    once the server answers, and shows its app again; a form holding typed text is left as it
    is, saying why, so that nothing typed is lost unseen."""
    from selenium.webdriver.common.by import By

    from helpers import open_app, tap, type_into, wait, wait_title

    process, details = start_demo()
    port = details["url"].rsplit(":", 1)[1]
    open_app(browser, details, "tasks")
    wait_title(browser, "Tasks")
    process.kill()
    process.wait()
    status = lambda d: d.find_element(By.ID, "trellis-status").text
    wait(browser, lambda d: "Trying to reach the server again" in status(d))
    again, _ = start_demo("--port", port)
    try:
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connected")
             == "true", timeout=30)
        wait_title(browser, "Tasks")
        first = browser.execute_script(
            "return document.querySelector('.pane-top > .screen:last-child .row .text').textContent")
        tap(browser, first)
        wait_title(browser, first)
        type_into(browser, "Name", "Typed, not saved")
        again.kill()
        again.wait()
        third, _ = start_demo("--port", port)
        try:
            wait(browser, lambda d: "The server is back" in status(d), timeout=30)
            assert browser.find_element(By.CSS_SELECTOR, ".pane-top > .screen:last-child .title").text == first
        finally:
            stop_demo(third)
    finally:
        stop_demo(again, killed=True)
