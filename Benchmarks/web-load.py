#!/usr/bin/env python3
"""A bounded load test of `flow-demo serve` on loopback: SESSIONS visitors at once, each walking the
shop's happy path ROUNDS times (sign in, pick, add, cart, checkout, pay, close, start again).

Every visitor is a thread with its own cookie and connection, as a browser would be. It fails when
any request is answered with a status other than the walk expects, or a visitor does not end where
the shop says; it prints the throughput and the latency of an action (its POST and the redirect's
GET), p50 and p99. Usage: web-load.py FLOW_DEMO [--strategy S] [--sessions N] [--rounds N]
"""
import argparse
import http.client
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

WALK = [("start", None), ("email", "ana@example.com"), ("shoes", None), ("add", None), ("cart", None),
        ("checkout", None), ("pay", None), ("close", None)]


sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Scripts"))


class Visitor:
    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = None
        self.page = ""
        self.path = "/"
        self.latencies = []

    def request(self, method, path, body=None):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return response.status, response.getheader("Location"), text

    def get(self, path):
        status, location, text = self.request("GET", path)
        while status == 303:
            path = location
            status, location, text = self.request("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        self.page, self.path = text, path

    def field(self, name):
        return re.search(f'name="{name}" value="([^"]*)"', self.page).group(1)

    def post(self, path, fields):
        started = time.perf_counter()
        status, location, _ = self.request("POST", path, urllib.parse.urlencode(fields))
        if status != 303:
            raise RuntimeError(f"POST {path} {fields.get('action')}: {status}")
        self.get(location)
        self.latencies.append(time.perf_counter() - started)

    def act(self, name, text=None):
        fields = {"token": self.field("token"), "revision": self.field("revision"), "screen": self.field("screen"), "action": name}
        if text is not None:
            fields["text"] = text
        self.post(self.path, fields)


def walk(port, rounds, visitors, failures, barrier):
    visitor = Visitor(port)
    try:
        visitor.get("/")
        barrier.wait()
        for _ in range(rounds):
            for name, text in WALK:
                visitor.act(name, text)
            if "order placed" not in visitor.page:
                raise RuntimeError("the walk did not end with an order: " + re.sub(r"<script>.*</script>", "", re.sub(r"<style>.*</style>", "", re.sub(r"\s+", " ", visitor.page)))[-700:])
            visitor.post("/restart", {"token": visitor.field("token")})
        visitors.append(visitor)
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append(str(error))
        barrier.abort()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("flow_demo")
    parser.add_argument("--strategy", default="stack")
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--store", default="memory")
    parser.add_argument("--servers", type=int, default=1)
    arguments = parser.parse_args()
    servers, ports, balancer = [], [], None
    try:
        for _ in range(arguments.servers):
            server = subprocess.Popen(
                [arguments.flow_demo, "serve", "--strategy", arguments.strategy, "--port", "0", "--store", arguments.store],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            servers.append(server)
            for line in server.stdout:
                found = re.search(r"127\.0\.0\.1:(\d+)/", line)
                if found:
                    ports.append(int(found.group(1)))
                    break
            else:
                print(f"flow-demo serve --store {arguments.store} did not start")
                return 1
            # The server logs every request: its output is read to the end, or a full pipe would
            # stop it in the middle of a line.
            threading.Thread(target=lambda output=server.stdout: [None for _ in output], daemon=True).start()
        port = ports[0]
        if arguments.servers > 1:
            from balancer import Balancer
            balancer = Balancer([f"127.0.0.1:{each}" for each in ports])
            port = balancer.port
        visitors, failures = [], []
        barrier = threading.Barrier(arguments.sessions)
        threads = [threading.Thread(target=walk, args=(port, arguments.rounds, visitors, failures, barrier))
                   for _ in range(arguments.sessions)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        if balancer:
            balancer.stop()
        for server in servers:
            server.terminate()
            server.wait(timeout=30)
    if failures:
        print(f"{len(failures)} of {arguments.sessions} visitors failed; the first: {failures[0]}")
        return 1
    latencies = sorted(latency for visitor in visitors for latency in visitor.latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    where = arguments.store.split("?")[0].split(":")[0] + (f", {arguments.servers} servers behind nginx" if arguments.servers > 1 else "")
    print(f"{arguments.strategy} ({where}): {arguments.sessions} sessions at once, {len(latencies)} actions in {elapsed:.1f} s: "
          f"{len(latencies) / elapsed:.0f} actions/s; action latency p50 {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
