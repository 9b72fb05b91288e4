"""The sign-up wizard served by `flow-demo serve --app signup`, in headless Chromium, in every
strategy: the card for the pro plan only, the browser's Back over the steps the person saw, and a
server on SQLite killed in the middle of the wizard and started again. The drift check runs after
every step, as for the shop."""
import os
import shutil
import socket
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import STRATEGIES, Server, Shop

ANA = {"name": "Ana", "email": "ana@example.com"}


@pytest.fixture
def signup(browser, strategy):
    server = Server(strategy, "--app", "signup")
    browser.delete_all_cookies()
    yield Shop(browser, server.url, strategy)
    browser.delete_all_cookies()
    server.stop()


def details(page, plan, values=ANA):
    """Fills in the details form and goes on."""
    form = page.form("details")
    for name, value in values.items():
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    Select(form.find_element(By.NAME, "plan")).select_by_value(plan)
    page.submit(form.find_element(By.TAG_NAME, "button"))


def value(page, action, name):
    return page.form(action).find_element(By.NAME, name).get_attribute("value")


def test_the_pro_plan_shows_the_card_and_back_from_confirm_lands_on_it(signup):
    assert signup.title() == "Details"
    details(signup, "pro")
    assert signup.title() == "Card"
    signup.act("card", "4242 4242 4242 4242")
    assert signup.title() == "Confirm"
    signup.back()
    assert signup.title() == "Card"
    kept = signup.driver.execute_script(
        "var o=[];for(var i=0;i<sessionStorage.length;i++){o.push(sessionStorage.getItem(sessionStorage.key(i)));}return o.join(' ');")
    assert "4242" not in kept, "the page's script keeps no card number in the tab"
    signup.act("card", "4242 4242 4242 4242")
    signup.run("confirm")
    assert signup.title() == "Done"
    signup.run("close")
    assert signup.path() == "/"
    assert "pro plan, card ending 4242" in signup.driver.find_element(By.TAG_NAME, "main").text


def test_cancel_asks_in_a_dialog_escape_keeps_editing_and_discard_ends_without_an_account(signup):
    details(signup, "pro")
    signup.act("cancel")
    dialog = signup.top()
    assert dialog.get_attribute("role") == "alertdialog"
    assert signup.title() == "Discard your details?"
    assert dialog.find_element(By.ID, "alert-message").text == "The sign-up ends without an account."
    signup.escape()
    assert signup.title() == "Card"
    signup.act("card", "4242 4242 4242 4242")
    signup.act("cancel")
    signup.act("Discard")
    assert signup.path() == "/"
    assert "cancelled without an account" in signup.driver.find_element(By.TAG_NAME, "main").text


def test_the_free_plan_never_shows_the_card_and_back_shows_the_details_as_entered(signup):
    details(signup, "free")
    assert signup.title() == "Confirm"
    assert "Card" not in " ".join(signup.transcript())
    signup.back()
    assert signup.title() == "Details"
    assert value(signup, "details", "name") == "Ana"
    assert value(signup, "details", "email") == "ana@example.com"
    assert Select(signup.form("details").find_element(By.NAME, "plan")).first_selected_option.get_attribute("value") == "free"


def test_a_wrong_email_and_a_short_card_are_refused_and_change_nothing(signup):
    details(signup, "pro", {"name": "Ana", "email": "ana"})
    assert signup.title() == "Details"
    assert value(signup, "details", "name") == "Ana"
    details(signup, "pro")
    card = signup.path()
    signup.act("card", "4242 4242 4242 424")
    assert signup.title() == "Card" and signup.path() == card
    assert "A card number has 16 digits; this one has 15." in signup.driver.find_element(By.TAG_NAME, "main").text


def free_port():
    """A port nothing listens on now, for a server that is started again on the same address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_server_on_sqlite_killed_in_the_middle_of_the_wizard_goes_on_where_the_person_was(browser, strategy):
    folder = tempfile.mkdtemp(prefix="flowkit-signup-")
    arguments = ["--app", "signup", "--store", "sqlite:" + os.path.join(folder, "sessions.sqlite"), "--port", str(free_port())]
    # The later --port wins over the fixture's --port 0: both servers listen on one address, so
    # the browser's history and cookie stay good across the restart.
    server = Server(strategy, *arguments)
    browser.delete_all_cookies()
    try:
        page = Shop(browser, server.url, strategy)
        details(page, "pro")
        page.act("card", "4242 4242 4242 4242")
        assert page.title() == "Confirm"
        server.kill()

        server = Server(strategy, *arguments)
        page.reload()
        assert page.title() == "Confirm"
        page.back()
        assert page.title() == "Card"
        # The card field says only what it holds (autocomplete cc-number): that makes it sensitive,
        # so neither the stored session nor the tab's storage kept the number.
        field = page.form("card").find_element(By.NAME, "text")
        assert field.get_attribute("autocomplete") == "cc-number"
        assert field.get_attribute("data-sensitive") is not None
        assert field.get_attribute("value") == ""
        kept = browser.execute_script("return JSON.stringify(Object.assign({}, sessionStorage))")
        assert "4242" not in kept, kept
        page.act("card", "4242 4242 4242 4242")
        page.run("confirm")
        assert page.title() == "Done"
    finally:
        server.stop()
        browser.delete_all_cookies()
        shutil.rmtree(folder, ignore_errors=True)
