"""DNS rebinding: the server answers only to the host names it knows, pages and WebSocket."""
import base64
import http.client
import os
import re
import urllib.parse


def request(server, path, host, headers=None):
    """GET `path` with the `Host` header `host`, over a plain connection to the server."""
    address = urllib.parse.urlparse(server["url"])
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host)
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, body


def port(server):
    return urllib.parse.urlparse(server["url"]).port


def upgrade(server, host, query):
    """Asks for the WebSocket with `Host: host` and a matching Origin; returns the status."""
    key = base64.b64encode(os.urandom(16)).decode()
    status, _ = request(server, "/ws?" + query, host, {
        "Origin": "http://" + host, "Upgrade": "websocket", "Connection": "Upgrade",
        "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13"})
    return status


def session_query(server, host):
    status, page = request(server, "/apps/tasks", host)
    assert status == 200
    session = re.search(r'data-session="([0-9a-f]+)"', page).group(1)
    token = re.search(r'data-token="([0-9a-f]+)"', page).group(1)
    return "app=tasks&session=%s&token=%s" % (session, token)


def test_pages_answer_only_to_known_host_names(server):
    for host in ("127.0.0.1:%d" % port(server), "localhost:%d" % port(server), "LOCALHOST."):
        status, _ = request(server, "/", host)
        assert status == 200, host
    for host in ("rebind.example:%d" % port(server), "127.0.0.1.rebind.example", "", "[::1"):
        status, body = request(server, "/apps/tasks", host)
        assert status == 421, host
        assert "does not answer to" in body
        assert "data-session" not in body


def test_the_websocket_refuses_other_hosts_and_repeated_parameters(server):
    own = "127.0.0.1:%d" % port(server)
    assert upgrade(server, own, session_query(server, own)) == 101
    # A page on a rebinding domain gets nothing, even with a real session's token.
    query = session_query(server, own)
    assert upgrade(server, "rebind.example:%d" % port(server), query) != 101
    # A repeated token is refused, whichever of them is right.
    query = session_query(server, own)
    assert upgrade(server, own, query + "&token=00") != 101
    assert upgrade(server, own, query + "&session=00") != 101
