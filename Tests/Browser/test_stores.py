"""Sessions that outlive a process: `flow-demo serve --store sqlite:PATH` and `--store postgres://...`,
servers killed and started again, two servers on one store behind nginx (round robin, no
stickiness), the database stopped, and the faults between. Every test runs on both stores."""
import os
import shutil
import subprocess
import sys
import tempfile
import threading

import pytest

from conftest import FLOW_DEMO, ROOT, STRATEGIES, Shop, model_transcript
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
from balancer import Balancer  # noqa: E402
from stores import PostgresBackend, SQLiteBackend, StoreServer, Visitor, placed_orders

SIGNED_IN = ["start", ("email", "ana@example.com")]


@pytest.fixture
def folder():
    path = tempfile.mkdtemp(prefix="flowkit-stores-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, folder):
    return SQLiteBackend(folder) if request.param == "sqlite" else PostgresBackend()


def walk(visitor, steps):
    for step in steps:
        if isinstance(step, tuple):
            visitor.act(*step)
        else:
            visitor.act(step)
        assert visitor.statuses[-1] == 200, (step, visitor.statuses, visitor.page[:300])


def orders(backend, visitor):
    return placed_orders(backend, visitor.cookie)


def assert_gapless(backend, visitor):
    revisions = backend.journal(visitor.cookie)
    assert revisions == list(range(1, len(revisions) + 1)), revisions


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_server_killed_mid_journey_and_started_again_continues_with_nothing_lost(backend, strategy):
    server = StoreServer(strategy, backend.store)
    visitor = Visitor([server.url])
    visitor.get("/")
    walk(visitor, SIGNED_IN + ["shoes"])
    product = visitor.address
    walk(visitor, ["add", "cart"])
    cart = (visitor.address, visitor.page)
    server.kill()

    again = StoreServer(strategy, backend.store)
    try:
        visitor.urls = [again.url]
        visitor.get(cart[0])
        assert visitor.statuses == [200]
        assert visitor.page == cart[1], "the page the person was on, its number, form token and revision included"
        visitor.get(product)  # the browser's Back
        assert visitor.address == product and visitor.title == "Product"
        walk(visitor, ["cart", "checkout", "pay"])
        assert visitor.title == "Done"
        assert [item["name"] for order in orders(backend, visitor) for item in order["items"]] == ["Red shoes"]
        assert_gapless(backend, visitor)
    finally:
        again.stop()


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_two_servers_on_one_store_take_turns_on_every_request(backend, strategy):
    servers = [StoreServer(strategy, backend.store), StoreServer(strategy, backend.store)]
    try:
        visitor = Visitor([server.url for server in servers])
        visitor.get("/")
        walk(visitor, SIGNED_IN + ["shoes", "add", "cart"])
        cart = visitor.address
        visitor.get(cart)
        assert visitor.title == "Cart"
        walk(visitor, ["checkout", "pay"])
        assert len(orders(backend, visitor)) == 1
        assert_gapless(backend, visitor)
        assert "out of date" not in visitor.page
    finally:
        for server in servers:
            server.stop()


def pay_at_once(visitor, urls, count):
    """Posts the page's Pay form `count` times at once, spread over the servers in turn."""
    body = visitor.form("pay")
    statuses = []

    def post(url):
        try:
            statuses.append(visitor.send("POST", visitor.address, body, url=url)[0])
        except OSError as error:
            statuses.append(str(error))

    threads = [threading.Thread(target=post, args=(urls[index % len(urls)],)) for index in range(count)]
    for thread in threads:
        thread.start()
    return threads, statuses


def test_sixteen_pay_posts_of_one_form_over_two_servers_place_one_order(backend):
    servers = [StoreServer("stack", backend.store), StoreServer("stack", backend.store)]
    try:
        visitor = Visitor([server.url for server in servers])
        visitor.get("/")
        walk(visitor, SIGNED_IN + ["shoes", "add", "cart", "checkout"])
        threads, statuses = pay_at_once(visitor, visitor.urls, 16)
        for thread in threads:
            thread.join()
        assert statuses == [303] * 16, statuses
        assert len(orders(backend, visitor)) == 1
        assert_gapless(backend, visitor)
    finally:
        for server in servers:
            server.stop()


def test_a_server_killed_while_it_handles_actions_leaves_the_other_to_continue(backend):
    servers = [StoreServer("coordinator", backend.store), StoreServer("coordinator", backend.store)]
    try:
        visitor = Visitor([server.url for server in servers])
        visitor.get("/")
        walk(visitor, SIGNED_IN + ["shoes", "add", "cart", "checkout"])
        threads, statuses = pay_at_once(visitor, visitor.urls, 16)
        servers[0].kill()  # while its share of the posts is under way
        for thread in threads:
            thread.join()
        visitor.urls = [servers[1].url]
        visitor.get("/")
        assert visitor.statuses[-1] == 200
        assert visitor.title in ("Done", "Checkout"), visitor.title
        if visitor.title == "Checkout":
            walk(visitor, ["pay"])
        assert len(orders(backend, visitor)) == 1
        assert_gapless(backend, visitor)
    finally:
        for server in servers:
            server.stop()


def test_a_stored_session_that_no_longer_reads_gets_a_clear_page_and_the_server_serves_others(backend):
    first = StoreServer("router", backend.store)
    damaged, other = Visitor([first.url]), Visitor([first.url])
    for visitor in (damaged, other):
        visitor.get("/")
        walk(visitor, SIGNED_IN)
    first.kill()
    backend.corrupt(damaged.cookie)
    # The server that reads it next: a process that never held the session.
    server = StoreServer("router", backend.store)
    try:
        damaged.urls = other.urls = [server.url]
        damaged.get(damaged.address)
        assert damaged.statuses == [409]
        assert damaged.title == "Your session could not be continued"
        assert damaged.cookie is None
        damaged.get("/")
        assert damaged.title == "Welcome"
        walk(other, ["shoes"])
        assert other.title == "Product"
    finally:
        server.stop()


def test_a_store_that_cannot_be_used_ends_serve_with_a_sentence_and_status_1(folder):
    for store, said in [("sqlite:" + os.path.join(folder, "no", "such", "folder.sqlite"), "cannot be opened"),
                        ("postgres://nobody@/none?host=" + os.path.join(folder, "no-server"), "cannot be reached"),
                        ("postgres://db", "names no database"),
                        ("nonsense", "is not a store")]:
        run = subprocess.run([FLOW_DEMO, "serve", "--strategy", "stack", "--port", "0", "--store", store],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 1, run
        assert said in run.stderr, run.stderr


# Two servers behind nginx

@pytest.fixture
def balanced(folder, backend, strategy):
    servers = [StoreServer(strategy, backend.store) for _ in range(2)]
    balancer = Balancer([server.url for server in servers])
    yield balancer, servers, backend
    balancer.stop()
    for server in servers:
        server.stop()


def test_requests_through_nginx_land_on_both_servers(balanced):
    balancer, servers, _ = balanced
    visitor = Visitor([balancer.url])
    visitor.get("/")
    walk(visitor, SIGNED_IN)
    # Round robin: two requests in a row went to different servers, each reading the session.
    answers = {Visitor.send(visitor, "GET", "/.flowkit/state")[2] for _ in range(4)}
    assert len(answers) == 1, "both servers answer the same session"


def test_the_shops_journey_through_nginx_in_a_browser_with_back_and_the_cart(browser, balanced, strategy):
    balancer, _, backend = balanced
    browser.delete_all_cookies()
    shop = Shop(browser, balancer.url, strategy)
    script = "start,email ana@example.com,shoes,:back,hat,add,cart,:dismiss,cart,checkout,pay"
    shop.run(script)
    assert shop.title() == "Done"
    assert shop.transcript() == model_transcript(strategy, script)
    cookie = next(c["value"] for c in browser.get_cookies() if c["name"] == "flowkit-session")
    visitor = Visitor([balancer.url])
    visitor.cookie = cookie
    assert len(orders(backend, visitor)) == 1
    assert_gapless(backend, visitor)
    browser.delete_all_cookies()


def test_postgres_stopped_mid_journey_answers_503s_then_the_journey_goes_on(folder):
    backend = PostgresBackend()
    servers = [StoreServer("chain", backend.store), StoreServer("chain", backend.store)]
    try:
        visitor = Visitor([server.url for server in servers])
        visitor.get("/")
        walk(visitor, SIGNED_IN + ["shoes"])
        product = (visitor.address, visitor.page)
        backend.postgres("stop")
        try:
            visitor.act("add")
            assert visitor.statuses == [503], visitor.statuses
            assert visitor.title == "Try again in a moment"
            visitor.get(product[0])
            assert visitor.statuses == [503]
        finally:
            backend.postgres("start")
        visitor.get(product[0])
        assert visitor.statuses == [200]
        assert visitor.page == product[1], "nothing was done while the database was down"
        walk(visitor, ["add", "cart", "checkout", "pay"])
        assert len(orders(backend, visitor)) == 1
        assert_gapless(backend, visitor)
    finally:
        for server in servers:
            server.stop()
