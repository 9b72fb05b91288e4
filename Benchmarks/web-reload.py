#!/usr/bin/env python3
"""A reload of the page a person sees, served from each kind of session store, side by side in one
run: how much more a page costs when its session lives in SQLite or PostgreSQL than in memory.

For each store it starts `flow-demo serve` on loopback (with its request log on, as a server runs),
makes one session that the store holds (the shop's Start, which writes it), then lets wrk reload
that session's page with its cookie for a fixed time. A reload changes nothing, so each request is
the server's read path: a process that holds the session trusts it while the store's watch
vouches that nobody changed it. With --postgres it measures PostgreSQL with two servers: the
session is made on one and reloaded on the other, both listening for the sessions' notices.
Every server runs for the whole run, and --rounds (3) rounds reload each in turn, every round in
another order; prints the median requests per second for each store and its ratio to memory.

With --floor, it also reloads a bare Hummingbird handler (Benchmarks' `bare-page`) that answers a
page of the same size to a request with the session cookie: the least a server can do for a
reload, and how far a page from memory is from it.

    swift build -c release --traits WebServer,SQLiteStore,PostgresStore --scratch-path .build-web --product flow-demo
    (cd Benchmarks && swift build -c release --product bare-page)
    .ci/with-postgres bash -c 'python3 Benchmarks/web-reload.py .build-web/release/flow-demo --floor Benchmarks/.build/release/bare-page --postgres "$FLOWKIT_POSTGRES_URL"'

Needs wrk (Debian: apt-get install wrk). Only loopback is ever asked; each wrk run is bounded.
"""
import argparse
import http.client
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse


def start_server(flow_demo, store):
    return listening([flow_demo, "serve", "--strategy", "stack", "--port", "0", "--store", store], f"flow-demo serve --store {store}")


def listening(command, name):
    """Starts a server that prints the loopback address it listens on, and its port."""
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in server.stdout:
        found = re.search(r"127\.0\.0\.1:(\d+)/", line)
        if found:
            # The server logs every request: its output is read to the end, or a full pipe would
            # stop it.
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
            return server, int(found.group(1))
    raise RuntimeError(f"{name} did not start")


def request(port, method, path, cookie=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Cookie": cookie} if cookie else {}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response, response.read().decode()


def stored_session(port):
    """A session the store holds, on its second page: the cookie and the page's address."""
    response, _ = request(port, "GET", "/")
    cookie = response.getheader("Set-Cookie").split(";")[0]
    address = response.getheader("Location")
    response, page = request(port, "GET", address, cookie)
    fields = {name: re.search(f'name="{name}" value="([^"]*)"', page).group(1) for name in ("token", "revision", "screen")}
    fields["action"] = "start"
    response, _ = request(port, "POST", address, cookie, urllib.parse.urlencode(fields))
    # The cookie now says the revision the browser was shown.
    cookie = (response.getheader("Set-Cookie") or cookie).split(";")[0]
    return cookie, response.getheader("Location")


def reloads_per_second(port, cookie, address, seconds, connections):
    run = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-H", f"Cookie: {cookie}",
                          f"http://127.0.0.1:{port}{address}"], capture_output=True, text=True, timeout=seconds + 60, check=True)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", run.stdout)
    if non_2xx:
        raise RuntimeError(f"{non_2xx.group(1)} reloads were not answered with the page:\n{run.stdout}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", run.stdout).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("flow_demo")
    parser.add_argument("--postgres", help="a PostgreSQL URL, to measure that store too")
    parser.add_argument("--floor", help="Benchmarks' bare-page executable, to measure a bare handler's page of the same size")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3, help="rounds over every server, each in another order; the median is shown")
    arguments = parser.parse_args()
    if not shutil.which("wrk"):
        print("web-reload.py needs wrk (apt-get install wrk)")
        return 1
    folder = tempfile.mkdtemp()
    stores = [("memory", "memory", 1), ("SQLite", f"sqlite:{folder}/sessions.sqlite", 1)]
    if arguments.postgres:
        stores.append(("PostgreSQL, two servers", arguments.postgres, 2))
    # Every server runs for the whole run, and each round reloads them in another order, so a
    # machine that is faster now and slower later favours none of them.
    started = []
    targets = []
    try:
        page_bytes = 0
        for name, store, count in stores:
            servers = [start_server(arguments.flow_demo, store) for _ in range(count)]
            started += [server for server, _ in servers]
            cookie, address = stored_session(servers[0][1])
            # The last server reloads: with two, one the session did not start on.
            port = servers[-1][1]
            if not page_bytes:
                page_bytes = len(request(port, "GET", address, cookie)[1].encode())
            targets.append((name, port, cookie, address))
        if arguments.floor:
            server, port = listening([arguments.floor, "--bytes", str(page_bytes)], "bare-page")
            started.append(server)
            targets.append(("floor", port, "flowkit-session=bare", "/p/2"))
        runs = {name: [] for name, *_ in targets}
        for round in range(arguments.rounds):
            order = targets[round % len(targets):] + targets[:round % len(targets)]
            for name, port, cookie, address in (order if round % 2 == 0 else list(reversed(order))):
                runs[name].append(reloads_per_second(port, cookie, address, arguments.seconds, arguments.connections))
    finally:
        for server in started:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    figures = {name: sorted(figures)[len(figures) // 2] for name, figures in runs.items()}
    memory = figures["memory"]
    spread = lambda name: f"(runs {', '.join(f'{figure:,.0f}' for figure in runs[name])})"
    if "floor" in figures:
        floor = figures["floor"]
        print(f"bare Hummingbird page of {page_bytes:,} bytes: {floor:,.0f} reloads/s {spread('floor')}; from memory {floor / memory:.2f}x its time")
    for name, *_ in targets:
        if name != "floor":
            print(f"{name}: {figures[name]:,.0f} reloads/s {spread(name)}, {memory / figures[name]:.2f}x the time of one from memory")
    return 0


if __name__ == "__main__":
    sys.exit(main())
