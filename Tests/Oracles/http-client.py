#!/usr/bin/env python3
"""Requests a careless or hostile HTTP client sends, made with Python's
http.client so that each byte on the wire is chosen: prints the status the
server answered (or 'closed' when it closed the connection without one),
then the body."""
import http.client
import sys
import urllib.parse


def connect(url):
    parts = urllib.parse.urlsplit(url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)


def answer(connection):
    try:
        response = connection.getresponse()
        body = response.read().decode("utf-8", "replace")
        print(response.status)
        print(body, end="")
    except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        print("closed")


def slow(url, token):
    """Sends a request's headers a byte every half second (slowloris) and
    prints what the server answered and after how many seconds."""
    import socket
    import time
    parts = urllib.parse.urlsplit(url)
    started = time.monotonic()
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
        sock.sendall(b"GET /v1/today HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token.encode() + b"\r\n")
        received = b""
        try:
            for byte in b"X-Slow: " + b"y" * 60:
                sock.sendall(bytes([byte]))
                time.sleep(0.5)
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            while True:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    status = received.split(b"\r\n", 1)[0].decode("latin-1") if received else "closed"
    print(status)
    print("%.1f" % (time.monotonic() - started))


def writers(urls, token, count):
    """PUTs activities w-0 ... w-(count-1) from 8 threads, each to the next of
    the servers in turn, and prints the ids that were answered 2xx, one a line
    (a server stopping under them refuses or cuts the rest)."""
    import threading
    acknowledged = []
    lock = threading.Lock()

    def worker(first):
        for index in range(first, count, 8):
            connection = connect(urls[index % len(urls)])
            body = '{"name":"Writer %d","days":"mon","time":"%02d:%02d"}' % (index, index // 60 % 24, index % 60)
            try:
                connection.request("PUT", "/v1/activities/w-%d" % index, body=body,
                                   headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                if 200 <= response.status < 300:
                    with lock:
                        acknowledged.append(index)
            except (OSError, http.client.HTTPException):
                pass
            finally:
                connection.close()

    threads = [threading.Thread(target=worker, args=(first,)) for first in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for index in sorted(acknowledged):
        print("w-%d" % index)


def connections(url, token, count):
    """Opens `count` connections at once, then sends a GET on each: prints how
    many were answered (the rest the server closed, over its limit)."""
    opened = []
    for _ in range(count):
        connection = connect(url)
        try:
            connection.connect()
        except OSError:
            pass
        opened.append(connection)
    answered = 0
    for connection in opened:
        try:
            connection.request("GET", "/v1/today", headers={"Authorization": "Bearer " + token})
            if connection.getresponse().status == 200:
                answered += 1
        except (OSError, http.client.HTTPException):
            pass
    print(answered)
    for connection in opened:
        connection.close()


def crowd(url, token, streams, plain):
    """Opens `streams` event streams, then `plain` connections that each GET
    /v1/today and stay open, all held at once and spread over loopback
    addresses (127.0.1.x for the streams, 127.0.2.x for the rest: 20 a
    source address, under the server's limit per address): prints how many streams opened, how many plain
    requests were answered 200, and how many of either got 503."""
    import resource
    import socket
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, streams + plain + 64), hard))
    parts = urllib.parse.urlsplit(url)
    held = []

    def open_from(network, index):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(20)
        sock.bind(("127.0.%d.%d" % (network, 1 + index // 20), 0))
        sock.connect((parts.hostname, parts.port))
        held.append(sock)
        return sock

    def status_of(sock, path):
        sock.sendall(("GET %s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n" % (path, token)).encode())
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(4096)
            if not chunk:
                return "closed"
            received += chunk
        return received.split(b" ", 2)[1].decode()

    streaming = [status_of(open_from(1, index), "/v1/events") for index in range(streams)]
    statuses = [status_of(open_from(2, index), "/v1/today") for index in range(plain)]
    print("streams=%d streams-busy=%d ok=%d busy=%d" % (streaming.count("200"), streaming.count("503"),
                                                      statuses.count("200"), statuses.count("503")))
    for sock in held:
        sock.close()


def main():
    mode, url, token = sys.argv[1], sys.argv[2], sys.argv[3]
    if mode == "connections":
        return connections(url, token, int(sys.argv[4]))
    if mode == "crowd":
        return crowd(url, token, int(sys.argv[4]), int(sys.argv[5]))
    if mode == "slow":
        return slow(url, token)
    if mode == "writers":
        return writers(url.split(","), token, int(sys.argv[4]))
    connection = connect(url)
    if mode == "headers":
        # KiB of headers, as many as the next argument says.
        connection.putrequest("GET", "/v1/today")
        connection.putheader("Authorization", "Bearer " + token)
        for index in range(int(sys.argv[4])):
            connection.putheader("X-Filler-%d" % index, "x" * 1000)
        connection.endheaders()
    elif mode == "big-length":
        # A length over 1 MiB, announced before any of the body.
        connection.putrequest("PUT", "/v1/activities/big")
        connection.putheader("Authorization", "Bearer " + token)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(2 * 1024 * 1024))
        connection.endheaders()
    elif mode in ("chunked", "chunked-over"):
        body = sys.argv[4].encode() if mode == "chunked" else b" " * (1536 * 1024)
        connection.putrequest("PUT", "/v1/activities/chunked")
        connection.putheader("Authorization", "Bearer " + token)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        for start in range(0, len(body), 4096):
            piece = body[start:start + 4096]
            connection.send(b"%x\r\n%s\r\n" % (len(piece), piece))
        connection.send(b"0\r\n\r\n")
    elif mode == "bad-length":
        connection.putrequest("PUT", "/v1/activities/bad")
        connection.putheader("Authorization", "Bearer " + token)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", "12abc")
        connection.endheaders()
        connection.send(b"{}")
    else:
        sys.exit("unknown mode " + mode)
    answer(connection)


main()
