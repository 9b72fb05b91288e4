"""FlowWeb's page script in headless Chromium: what a person types into a form is kept in the tab's
session storage until it is sent, except passwords and fields marked sensitive, which never reach
it (FlowWeb's "Mounting a flow on the web"). The page is the markup FlowWeb writes for a form with a
sensitive field (a Swift test, FirstDeployTests, pins that markup); the script is FlowWeb's own,
read from the source that puts it into every page."""
import http.server
import json
import os
import re
import threading

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT


def page_script():
    """The script `WebVisit+Page.swift` writes into every page: its multi-line string, joined where
    its lines end in a backslash."""
    source = open(os.path.join(ROOT, "Modules", "FlowWeb", "WebVisit+Page.swift"), encoding="utf-8").read()
    found = re.search(r'static let script: HTML = """\n(.*?)\n\s*"""', source, re.S)
    assert found, "WebVisit+Page.swift no longer writes the page script as this test reads it"
    lines = [line.strip() for line in found.group(1).split("\n")]
    return "".join(line[:-1] if line.endswith("\\") else line + "\n" for line in lines)


PAGE = """<!doctype html><html><head><title>Card</title></head>
<body data-page="/p/2" data-revision="3" data-depth="1"><main><section data-screen="2"><h1>Card</h1>
<form class="action" data-step="Card@1" method="post" action="/p/2" novalidate>
<input type="hidden" name="token" value="t0k3n"><input type="hidden" name="revision" value="3"><input type="hidden" name="screen" value="2">
<input type="hidden" name="action" value="pay">
<div class="field"><label for="f2-0-0">Name on the card</label><input type="text" value="" id="f2-0-0" name="holder" required></div>
<div class="field"><label for="f2-0-1">Card number</label><input type="text" value="" id="f2-0-1" name="card" required data-sensitive></div>
<div class="field"><label for="f2-0-2">PIN</label><input type="password" value="" id="f2-0-2" name="pin" required data-sensitive></div>
<button>Pay</button></form></section></main><script>SCRIPT</script></body></html>"""


@pytest.fixture
def card_page():
    page = PAGE.replace("SCRIPT", page_script()).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/p/2"
    server.shutdown()
    server.server_close()


def stored(browser):
    return {key: json.loads(value) for key, value in browser.execute_script(
        "var o={};for(var i=0;i<sessionStorage.length;i++){var k=sessionStorage.key(i);o[k]=sessionStorage.getItem(k);}return o;").items()}


def test_a_sensitive_field_and_a_password_never_reach_the_tabs_storage_and_are_empty_after_a_reload(browser, card_page):
    browser.get(card_page)
    browser.execute_script("sessionStorage.clear();")
    browser.find_element(By.NAME, "holder").send_keys("Ana Lopez")
    browser.find_element(By.NAME, "card").send_keys("4111111111111111")
    browser.find_element(By.NAME, "pin").send_keys("1234")

    kept = stored(browser)
    assert kept == {"flowkit:t0k3n:Card@1:pay": {"holder": "Ana Lopez"}}
    assert "4111111111111111" not in json.dumps(kept) and "1234" not in json.dumps(kept)

    browser.refresh()
    assert browser.find_element(By.NAME, "holder").get_attribute("value") == "Ana Lopez"
    assert browser.find_element(By.NAME, "card").get_attribute("value") == ""
    assert browser.find_element(By.NAME, "pin").get_attribute("value") == ""
