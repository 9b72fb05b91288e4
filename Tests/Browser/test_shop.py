"""The shop's journeys and the browser's own moves, in every strategy, in headless Chromium."""
import re
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import FLOW_DEMO, model_transcript

SIGNED_IN = "start,email ana@example.com"
JOURNEYS = [
    "start,email ana@example.com,shoes,add,cart,checkout,pay,close",
    "start,back,start,email nope,email ana@example.com,hat,back,shoes,add,cart,close,cart,checkout,back,cart,checkout,pay,close",
    "start,email ana@example.com,shoes,:back,hat,add,cart,:dismiss,cart,checkout,pay",
]


def test_journeys_end_with_the_transcript_of_the_model_alone(shop, strategy):
    for index, journey in enumerate(JOURNEYS):
        if index:
            shop.restart()
        shop.run(journey)
        assert shop.transcript() == model_transcript(strategy, journey), journey


def test_back_goes_back_in_the_shop(shop, strategy):
    shop.run(SIGNED_IN + ",shoes")
    shop.back()
    assert shop.title() == "Catalog"
    assert shop.transcript() == model_transcript(strategy, SIGNED_IN + ",shoes,:back")


def back_to_welcome(shop, presses=10):
    """Presses the browser's Back until Welcome, the drift check after every press: no press
    shows a page the model does not, whether or not the browser kept the page in a cache.
    Returns how many presses it took."""
    for pressed in range(presses + 1):
        if shop.title() == "Welcome":
            return pressed
        shop.back()
    assert shop.title() == "Welcome", f"still on {shop.title()} after {presses} presses"


def model_backs_to_welcome(strategy, journey, most=10):
    """How many of the person's Backs (`:back`) the model alone takes from the end of a journey to
    Welcome."""
    for backs in range(most + 1):
        script = journey + ",:back" * backs
        out = subprocess.run([FLOW_DEMO, "--strategy", strategy, "--script", script],
                             capture_output=True, text=True, check=False).stdout
        if re.search(r"Stopped \(\w+\) on Welcome\b", out):
            return backs
    raise AssertionError(f"the model does not reach Welcome in {most} Backs after {journey}")


@pytest.mark.parametrize("journey", [SIGNED_IN + ",shoes,add,cart,close", SIGNED_IN + ",shoes,add,add,cart,close,:back,hat,add"])
def test_back_reaches_welcome_in_as_many_presses_as_the_models_back(shop, strategy, journey):
    """The walk of the issue: every action that stays, the cart closed by its button and the
    sign-in that finished leave no entry a press would land on without moving."""
    shop.run(journey)
    assert back_to_welcome(shop) == model_backs_to_welcome(strategy, journey)


def test_the_pages_own_back_link_adds_no_history_entry(shop, strategy):
    shop.run(SIGNED_IN + ",shoes")
    old = shop.driver.find_element(By.TAG_NAME, "body")
    shop.top().find_element(By.CSS_SELECTOR, "a.back").click()
    shop.wait(old)
    shop.check()
    journey = SIGNED_IN + ",shoes,:back"
    assert shop.transcript() == model_transcript(strategy, journey)
    assert back_to_welcome(shop) == model_backs_to_welcome(strategy, journey)


def test_back_from_a_cart_closed_by_its_button_shows_the_models_page_every_time(shop, strategy):
    shop.run(SIGNED_IN + ",shoes,add,cart,close")
    back_to_welcome(shop)


def test_back_after_a_refused_email_shows_the_models_page_every_time(shop, strategy):
    shop.run("start,email nope")
    assert shop.title() == "Sign in"
    back_to_welcome(shop)


def test_back_after_a_reload_shows_the_models_page_every_time(shop, strategy):
    shop.run(SIGNED_IN + ",shoes,add")
    shop.reload()
    back_to_welcome(shop)


def test_forward_to_a_page_the_shop_left_shows_where_the_person_is(shop, strategy):
    shop.run(SIGNED_IN + ",shoes")
    shop.back()
    before = shop.transcript()
    shop.forward()
    assert shop.title() == "Catalog"
    assert shop.transcript() == before


def test_back_to_welcome_from_the_history_menu(shop, strategy):
    journey = SIGNED_IN + ",shoes"
    shop.run(journey)
    before = shop.transcript()
    entries = model_backs_to_welcome(strategy, journey)
    shop.back(entries)
    assert shop.title() == "Welcome"
    if strategy == "coordinator":
        # The catalog is a stack of its own in a tab, on the shop's stack: the back button's menu
        # (the CLI's `:back N`) reaches only the catalog's entries, while the browser's history
        # crosses both stacks, and the shop's stack goes back to Welcome.
        after = shop.transcript()
        assert after[: len(before)] == before
        assert after[len(before)] == "(user) pop [tabs-tabs] from [shop]"
    else:
        assert shop.transcript() == model_transcript(strategy, f"{journey},:back {entries}")
    shop.screenshot(f"welcome-from-the-history-menu-{strategy}")


def test_escape_closes_the_cart(shop, strategy):
    shop.run(SIGNED_IN + ",shoes,add,cart")
    shop.screenshot(f"cart-{strategy}")
    shop.escape()
    assert shop.title().startswith("Product")
    assert shop.transcript() == model_transcript(strategy, SIGNED_IN + ",shoes,add,cart,:dismiss")


def test_the_cart_asks_before_it_removes_and_escape_keeps(shop, strategy):
    shop.run(SIGNED_IN + ",shoes,add,cart")
    shop.act("remove", "")
    dialog = shop.top()
    assert dialog.get_attribute("role") == "alertdialog"
    assert shop.title() == "Remove from cart?"
    assert dialog.find_element(By.ID, "alert-message").text == "Red shoes"
    assert not dialog.find_elements(By.CSS_SELECTOR, "form.close"), "an alert has no close button"
    shop.screenshot(f"remove-from-cart-{strategy}")
    shop.escape()
    assert shop.title() == "Cart"
    assert shop.transcript() == model_transcript(strategy, SIGNED_IN + ",shoes,add,cart,remove,keep")
    shop.act("remove", "shoes")
    shop.act("Remove")
    assert shop.title() == "Cart"
    assert "Your cart is empty." in shop.top().text


def test_reload_in_the_middle_of_checkout_changes_nothing(shop, strategy):
    journey = SIGNED_IN + ",shoes,add,cart,checkout"
    shop.run(journey)
    shop.screenshot(f"checkout-{strategy}")
    shop.reload()
    assert shop.title() == "Checkout"
    assert shop.transcript() == model_transcript(strategy, journey)
    shop.run("pay")
    assert shop.transcript() == model_transcript(strategy, journey + ",pay")


def test_a_double_click_on_pay_places_one_order(shop, strategy):
    journey = SIGNED_IN + ",shoes,add,cart,checkout"
    shop.run(journey)
    form = shop.form("pay")
    old = shop.driver.find_element(By.TAG_NAME, "body")
    ActionChains(shop.driver).double_click(form.find_element(By.TAG_NAME, "button")).perform()
    shop.wait(old)
    shop.check()
    shop.screenshot(f"done-{strategy}")
    assert shop.transcript() == model_transcript(strategy, journey + ",pay")


def test_a_second_tab_on_the_session_cannot_corrupt_it(shop, strategy):
    shop.run(SIGNED_IN)
    first = shop.driver.current_window_handle
    shop.driver.switch_to.new_window("tab")
    shop.driver.get(shop.url + "/")
    shop.wait_loaded()
    shop.check()
    assert shop.title() == "Catalog"
    shop.run("shoes")
    shop.driver.switch_to.window(first)
    # The first tab still shows the catalog; its form is out of date.
    shop.act("hat")
    assert shop.title().startswith("Product")
    assert "out of date" in shop.driver.find_element(By.CLASS_NAME, "notice").text
    assert shop.transcript() == model_transcript(strategy, SIGNED_IN + ",shoes")
    shop.driver.switch_to.new_window("tab")
    shop.driver.close()
    shop.driver.switch_to.window(first)
