"""Random walks in headless Chromium, in every strategy: the shop's own actions, with right and wrong
input in its forms, mixed with what a person does to a browser — Back, Back twice (past the shop's
first page, too, and Forward into it again), Forward, reload, Escape on the cart. After every step
the drift check holds (conftest's `Shop.check`): the browser shows the page the model says, and
nothing drifted.

`FLOWKIT_BROWSER_WALKS` sets the walks per strategy (default 2, of 24 steps each) and
`FLOWKIT_BROWSER_SEED` the first seed; a failure names the seed and the steps that led to it.
"""
import os
import random

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import STRATEGIES, Server, Shop

WALKS = int(os.environ.get("FLOWKIT_BROWSER_WALKS", "2"))
SEED = int(os.environ.get("FLOWKIT_BROWSER_SEED", "41"))
STEPS = 24
ADDRESS = {"name": "Ana Lopez", "street": "1 Rua Augusta", "city": "Lisbon", "postcode": "1100-048"}


def actions(shop):
    """The names of the actions the layer the person acts on offers."""
    names = []
    for form in shop.top().find_elements(By.XPATH, ".//form[input[@name='action']]"):
        names.append(form.find_element(By.XPATH, "./input[@name='action']").get_attribute("value"))
    return names


def fill(shop, name, rng):
    """Fills an action's fields as a person might: right, or wrong."""
    form = shop.form(name)
    if name == "email":
        text = form.find_element(By.NAME, "text")
        text.clear()
        text.send_keys(rng.choice(["ana@example.com", "ana@example", "nope"]))
    elif name == "address":
        for field, value in ADDRESS.items():
            element = form.find_element(By.NAME, field)
            element.clear()
            element.send_keys(value if rng.random() < 0.8 else "")
        Select(form.find_element(By.NAME, "country")).select_by_index(rng.randrange(2))
    return form


def wait_or_same(shop, old):
    """Waits for a new page after a history move that may have nowhere to go (Forward at the
    newest entry): the page stays, and the check runs on it."""
    try:
        WebDriverWait(shop.driver, 2).until(lambda d: shop.is_stale(old))
    except TimeoutException:
        pass
    for _ in range(3):
        if shop.driver.current_url.startswith(shop.url):
            return
        # Back past the shop's first page leaves the site; the person comes back with Forward.
        shop.driver.forward()
        shop.wait_loaded()
    assert shop.driver.current_url.startswith(shop.url), f"Forward does not come back to the shop: {shop.driver.current_url}"


def step(shop, rng, done):
    """One random move; returns what it did."""
    names = actions(shop)
    dialog = shop.driver.find_elements(By.CSS_SELECTOR, "dialog[open]:not([inert])")
    roll = rng.random()
    if shop.path() == "/" and "Start again" in shop.driver.page_source:
        shop.restart()
        return "restart"
    if roll < 0.5 and names:
        name = rng.choice(names)
        if name == "pay" and done:
            # An order is placed once per walk, so that every walk goes on after it.
            name = names[0]
        form = fill(shop, name, rng)
        shop.submit(form.find_element(By.TAG_NAME, "button"))
        if name == "pay":
            done.append(True)
        return name
    for below, (move, script) in [(0.7, ("back", "history.back()")), (0.77, ("back 2", "history.go(-2)")), (0.85, ("forward", "history.forward()"))]:
        if roll < below:
            old = shop.driver.find_element(By.TAG_NAME, "body")
            shop.driver.execute_script(script)
            wait_or_same(shop, old)
            shop.check()
            return move
    if roll < 0.92 and dialog:
        shop.escape()
        return "escape"
    shop.reload()
    return "reload"


def test_random_walks_never_show_a_page_the_model_does_not(browser, strategy):
    for walk in range(WALKS):
        seed = SEED + walk * 7 + STRATEGIES.index(strategy)
        rng = random.Random(seed)
        server = Server(strategy)
        try:
            browser.delete_all_cookies()
            shop = Shop(browser, server.url, strategy)
            moves, done = [], []
            for _ in range(STEPS):
                try:
                    moves.append(step(shop, rng, done))
                except Exception as failure:
                    pytest.fail(f"seed {seed}, after {moves}: {failure}")
        finally:
            server.stop()
            browser.delete_all_cookies()
