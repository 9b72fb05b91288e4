"""The shop served by `flow-demo serve`, walked in headless Chromium over WebDriver (Selenium).

Each test gets a fresh server for its strategy and a fresh browser. After every step, once the page
has settled, the drift check: the page the browser shows is the one the model says the person
sees, and the server's record of the pages agrees with the model (`GET /.flowkit/state`, served
with --expose-state, read on a connection of its own so that it changes nothing the browser
caches).
"""
import json
import os
import queue
import re
import shutil
import subprocess
import threading
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLOW_DEMO = os.environ.get("FLOW_DEMO", os.path.join(ROOT, ".build", "debug", "flow-demo"))
STRATEGIES = ["stack", "chain", "router", "coordinator"]
SHOTS = os.environ.get("FLOWKIT_SCREENSHOTS")


def browser_paths():
    """Chromium and its driver; a missing one fails the suite, never skips it."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.fail("Chromium and chromedriver are needed (apt-get install chromium chromium-driver; .ci/browser installs them).")
    return chromium, driver


class Server:
    """`flow-demo serve` on a port the system chooses, with --expose-state and any other arguments."""

    def __init__(self, strategy, *arguments):
        self.process = subprocess.Popen(
            [FLOW_DEMO, "serve", "--strategy", strategy, "--port", "0", "--expose-state", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # A thread reads what the server prints for as long as it runs, so that a full pipe never
        # stalls it, and a server that never says where it serves fails the test within a minute
        # instead of hanging it.
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout] + [lines.put(None)], daemon=True).start()
        printed = []
        while True:
            try:
                line = lines.get(timeout=60)
            except queue.Empty:
                self.process.kill()
                raise RuntimeError("flow-demo serve did not say where it serves within a minute; it printed: " + "".join(printed))
            if line is None:
                raise RuntimeError("flow-demo serve did not start: it ended with status " + str(self.process.wait()) + ": " + "".join(printed))
            printed.append(line)
            found = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
            if found:
                self.url = found.group(1)
                break

    def kill(self):
        """SIGKILL: the process ends wherever it is, finishing nothing."""
        self.process.kill()
        self.process.wait(timeout=30)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


class Shop:
    """A browser on the shop, with the drift check after every step."""

    def __init__(self, driver, url, strategy):
        self.driver = driver
        self.url = url
        self.strategy = strategy
        self.driver.get(url + "/")
        self.check()

    # The person's hand

    def form(self, name):
        return self.top().find_element(By.XPATH, f".//form[input[@name='action' and @value='{name}']]")

    def act(self, name, text=None):
        form = self.form(name)
        if text is not None:
            field = form.find_element(By.NAME, "text")
            field.clear()
            field.send_keys(text)
        self.submit(form.find_element(By.TAG_NAME, "button"))

    def submit(self, button):
        old = self.driver.find_element(By.TAG_NAME, "body")
        button.click()
        self.wait(old)
        self.check()

    def back(self, steps=1):
        old = self.driver.find_element(By.TAG_NAME, "body")
        if steps == 1:
            self.driver.back()
        else:
            self.driver.execute_script(f"history.go(-{steps})")
        self.wait(old)
        self.check()

    def forward(self):
        old = self.driver.find_element(By.TAG_NAME, "body")
        self.driver.forward()
        self.wait(old)
        self.check()

    def reload(self):
        old = self.driver.find_element(By.TAG_NAME, "body")
        self.driver.refresh()
        self.wait(old)
        self.check()

    def escape(self):
        old = self.driver.find_element(By.TAG_NAME, "body")
        self.driver.find_element(By.CSS_SELECTOR, "dialog[open]:not([inert])").send_keys(Keys.ESCAPE)
        self.wait(old)
        self.check()

    def run(self, script):
        """The CLI's script, in the browser: `:back` is the browser's Back, `:dismiss` Escape."""
        for step in script.split(","):
            word, _, text = step.partition(" ")
            if word == ":back":
                self.back()
            elif word == ":dismiss":
                self.escape()
            else:
                self.act(word, text or None)

    # What the browser and the server show

    def restart(self):
        """Starts the shop again, from the page that says how it ended."""
        assert self.path() == "/", "the shop has not ended"
        self.submit(self.driver.find_element(By.CSS_SELECTOR, "form[action='/restart'] button"))

    def wait_loaded(self):
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait(self, old):
        """Waits for the browser to show a new page, fully loaded."""
        WebDriverWait(self.driver, 10).until(
            lambda d: self.is_stale(old) and d.execute_script("return document.readyState") == "complete")

    @staticmethod
    def is_stale(element):
        try:
            element.tag_name
            return False
        except Exception:
            return True

    def top(self):
        """The layer the person acts on: the open dialog on top, or the page."""
        dialogs = self.driver.find_elements(By.CSS_SELECTOR, "dialog[open]:not([inert])")
        return dialogs[-1] if dialogs else self.driver.find_element(By.TAG_NAME, "main")

    def title(self):
        return self.top().find_element(By.TAG_NAME, "h1").text

    def path(self):
        return self.driver.execute_script("return location.pathname")

    def state(self):
        """The session's state, read on a connection of its own with the browser's cookie: a request
        the page made itself would keep the page out of the back-forward cache, changing what the
        check checks."""
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in self.driver.get_cookies())
        request = urllib.request.Request(self.url + "/.flowkit/state", headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def wait_settled(self):
        """Waits until the page is loaded and is not being replaced: a page restored from the
        back-forward cache marks itself `data-reloading` and asks the site again."""
        WebDriverWait(self.driver, 10).until(lambda d: d.execute_script(
            "return document.readyState == 'complete' && !('reloading' in document.documentElement.dataset)"))

    def check(self):
        """The drift check, once the page has settled: the browser shows the page the model says
        the person sees."""
        self.wait_settled()
        state = self.state()
        assert state["drifts"] == [], state["drifts"]
        assert state["agrees"], "the server's record of the pages differs from the model"
        assert self.path() == state["page"], f"the browser shows {self.path()}, the model {state['page']}"

    def transcript(self):
        return self.state()["transcript"]

    def screenshot(self, name):
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            self.driver.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


def model_transcript(strategy, script):
    """The transcript of a script on the model alone: `flow-demo --script ... --transcript`."""
    out = subprocess.run([FLOW_DEMO, "--strategy", strategy, "--script", script, "--transcript"],
                         capture_output=True, text=True, check=False).stdout
    return out.split("-- transcript --\n", 1)[1].splitlines()


@pytest.fixture(params=STRATEGIES)
def strategy(request):
    return request.param


@pytest.fixture
def server(strategy):
    server = Server(strategy)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    chromium, chromedriver = browser_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def shop(browser, server, strategy):
    browser.delete_all_cookies()
    yield Shop(browser, server.url, strategy)
    browser.delete_all_cookies()
