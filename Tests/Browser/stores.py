"""Helpers for the tests of stored sessions: a cookie-keeping HTTP visitor that spreads its
requests over servers in turn, as a load balancer without stickiness does, and readers of the
SQLite file the servers share."""
import base64
import http.client
import json
import os
import re
import sqlite3
import subprocess
import urllib.parse

import pytest

from conftest import Server


class StoreServer(Server):
    """`flow-demo serve` on a port the system chooses, its sessions in a store."""

    def __init__(self, strategy, store, *extra):
        super().__init__(strategy, "--store", store, *extra)


class Visitor:
    """A browser without a window over HTTP: keeps the cookie, follows redirects, posts the
    page's forms by action name. Each request goes to the next URL of `urls` in turn."""

    def __init__(self, urls):
        self.urls = list(urls)
        self.turn = 0
        self.cookie = None
        self.address = "/"
        self.page = ""
        self.statuses = []

    def send(self, method, path, body=None, url=None):
        url = url or self.urls[self.turn % len(self.urls)]
        self.turn += 1
        connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=60)
        headers = {"Cookie": f"flowkit-session={self.cookie}"} if self.cookie else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            value = cookie.split(";")[0].split("=", 1)[1]
            self.cookie = value or None
        return response.status, response.getheader("Location"), text

    def follow(self, method, path, body=None):
        self.statuses = []
        while True:
            status, location, text = self.send(method, path, body)
            self.statuses.append(status)
            if status == 303 and location and len(self.statuses) <= 20:
                method, path, body = "GET", location, None
                continue
            self.address, self.page = path, text
            return

    def get(self, path):
        self.follow("GET", path)

    def hidden(self):
        return {name: re.search(f'name="{name}" value="([^"]*)"', self.page).group(1) for name in ("token", "revision", "screen")}

    def form(self, action, text=None):
        fields = self.hidden()
        fields["action"] = action
        if text is not None:
            fields["text"] = text
        return urllib.parse.urlencode(fields)

    def act(self, action, text=None):
        self.follow("POST", self.address, self.form(action, text))

    @property
    def title(self):
        found = re.findall(r"<h1>(.*?)</h1>", self.page)
        return found[-1] if found else ""


def key_of(cookie):
    """The store's key of a session cookie's value: the SHA-256 of its token, the part before the
    revision the browser was last shown (`TOKEN.7`)."""
    import hashlib
    return hashlib.sha256(cookie.split(".", 1)[0].encode()).hexdigest()


class SQLiteBackend:
    """Sessions in an SQLite file of the test's own."""

    def __init__(self, folder):
        self.database = os.path.join(folder, "sessions.sqlite")
        self.store = "sqlite:" + self.database

    def saved_visit(self, cookie):
        with sqlite3.connect(self.database) as connection:
            row = connection.execute("SELECT data FROM flowkit_sessions WHERE key = ?", (key_of(cookie),)).fetchone()
        return bytes(row[0])

    def journal(self, cookie):
        with sqlite3.connect(self.database) as connection:
            return [row[0] for row in connection.execute(
                "SELECT revision FROM flowkit_journal WHERE key = ? ORDER BY rowid", (key_of(cookie),))]

    def corrupt(self, cookie):
        with sqlite3.connect(self.database) as connection:
            connection.execute("UPDATE flowkit_sessions SET data = ? WHERE key = ?", (b"not a session", key_of(cookie)))


class PostgresBackend:
    """Sessions in the PostgreSQL server .ci/with-postgres started (FLOWKIT_POSTGRES_URL)."""

    def __init__(self):
        self.store = os.environ.get("FLOWKIT_POSTGRES_URL")
        if not self.store:
            pytest.fail("PostgreSQL is needed: run with .ci/with-postgres, which starts one (FLOWKIT_POSTGRES_URL).")
        self.ctl = os.environ["FLOWKIT_POSTGRES_CTL"]

    def sql(self, statement):
        run = subprocess.run(["psql", self.store, "-v", "ON_ERROR_STOP=1", "-At", "-c", statement], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        return run.stdout

    def saved_visit(self, cookie):
        return base64.b64decode(self.sql(f"SELECT encode(data, 'base64') FROM flowkit_sessions WHERE key = '{key_of(cookie)}'").replace("\n", ""))

    def journal(self, cookie):
        return [int(line) for line in self.sql(f"SELECT revision FROM flowkit_journal WHERE key = '{key_of(cookie)}' ORDER BY revision").split()]

    def corrupt(self, cookie):
        self.sql(f"UPDATE flowkit_sessions SET data = 'not a session'::bytea WHERE key = '{key_of(cookie)}'")

    def postgres(self, command):
        """Stops or starts the server: `stop`, `start`."""
        subprocess.run(f"{self.ctl} -m fast {command}", shell=True, check=True, stdout=subprocess.DEVNULL, timeout=120)


def placed_orders(backend, cookie):
    """The orders the shop of a stored session has placed."""
    visit = json.loads(backend.saved_visit(cookie))
    return json.loads(base64.b64decode(visit["app"]))["shop"]["model"]["placedOrders"]
