"""The server layer over real HTTP: what Hummingbird hands the site, and what it writes back."""
import http.client

import pytest

from conftest import Server


@pytest.fixture(scope="module")
def url():
    server = Server("stack")
    yield server.url
    server.stop()


def request(url, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=30)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    response.read()
    return response


def test_a_new_visitor_gets_a_session_cookie_and_the_security_headers(url):
    response = request(url, "GET", "/")
    assert response.status == 303 and response.getheader("Location") == "/p/1"
    cookie = response.getheader("Set-Cookie")
    assert cookie.startswith("flowkit-session=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert response.getheader("Cache-Control") == "no-store"
    assert response.getheader("X-Frame-Options") == "DENY"
    assert "frame-ancestors 'none'" in response.getheader("Content-Security-Policy")


def test_an_oversized_form_is_refused_before_it_is_read(url):
    cookie = request(url, "GET", "/").getheader("Set-Cookie").split(";")[0]
    body = "token=" + "x" * (17 * 1024)
    response = request(url, "POST", "/p/1", body, {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    assert response.status == 413


def test_a_form_without_a_session_and_other_methods_are_refused(url):
    assert request(url, "POST", "/p/1", "action=start").status == 403
    refused = request(url, "DELETE", "/p/1")
    assert refused.status == 405 and refused.getheader("Allow") == "GET, HEAD, POST"
    assert request(url, "GET", "/p/99999").status == 303  # no session yet: a new one starts
