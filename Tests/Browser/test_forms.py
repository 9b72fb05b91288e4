"""The shop's forms and look in headless Chromium, in every strategy: what the person typed stays,
with the shop's message beside the field that is wrong; the page's stylesheet comes from the
shop's static folder, and nothing outside that folder is served."""
import http.client

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

ADDRESS = {"name": "Ana Lopez", "street": "1 Rua Augusta", "city": "Lisbon", "postcode": "1100-048"}


def field(shop, action, name):
    return shop.form(action).find_element(By.NAME, name)


def message_beside(shop, element):
    """The message the field names as its description, which the page shows beside it."""
    described = element.get_attribute("aria-describedby")
    assert described, f"{element.get_attribute('name')} has no message"
    return shop.driver.find_element(By.ID, described).text


def fill_in(shop, action, values, country=None):
    for name, value in values.items():
        element = field(shop, action, name)
        element.clear()
        element.send_keys(value)
    if country is not None:
        Select(field(shop, action, "country")).select_by_visible_text(country)


def test_a_mistyped_email_comes_back_with_its_message_beside_it_and_the_typed_text(shop):
    shop.run("start")
    shop.act("email", "ana@example")
    assert shop.title() == "Sign in"
    email = field(shop, "email", "text")
    assert email.get_attribute("value") == "ana@example"
    assert email.get_attribute("type") == "email" and email.get_attribute("aria-invalid") == "true"
    assert message_beside(shop, email) == '"ana@example" is not an email address: the part after @ needs a domain like example.com.'
    # The label is bound to the field, and the field has the focus to be corrected.
    label = shop.driver.find_element(By.CSS_SELECTOR, f"label[for='{email.get_attribute('id')}']")
    assert label.text == "Email address"
    assert shop.driver.switch_to.active_element == email
    shop.screenshot(f"sign-in-error-{shop.strategy}")
    shop.reload()
    assert field(shop, "email", "text").get_attribute("value") == "ana@example"
    shop.act("email", "ana@example.com")
    assert shop.title() == "Catalog"


def test_checkouts_address_keeps_its_values_after_a_wrong_part_and_after_back(shop):
    shop.run("start,email ana@example.com,shoes,add,cart,checkout")
    assert shop.title() == "Checkout"
    fill_in(shop, "address", {**ADDRESS, "postcode": "11;00"}, country="Portugal")
    shop.submit(shop.form("address").find_element(By.TAG_NAME, "button"))
    postcode = field(shop, "address", "postcode")
    assert postcode.get_attribute("value") == "11;00"
    assert message_beside(shop, postcode) == "Postcode cannot hold a ;."
    assert field(shop, "address", "street").get_attribute("value") == "1 Rua Augusta"
    assert Select(field(shop, "address", "country")).first_selected_option.text == "Portugal"

    fill_in(shop, "address", {"postcode": "1100-048"})
    shop.submit(shop.form("address").find_element(By.TAG_NAME, "button"))
    assert "Shipping to Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Portugal." in shop.top().text

    # The browser's Back leaves checkout; going to checkout again shows the address given.
    shop.back()
    assert shop.title() != "Checkout"
    if shop.title() != "Cart":
        shop.act("cart")
    shop.act("checkout")
    for name, value in ADDRESS.items():
        assert field(shop, "address", name).get_attribute("value") == value, name
    assert Select(field(shop, "address", "country")).first_selected_option.text == "Portugal"


def test_the_page_uses_the_stylesheet_from_the_shops_static_folder(shop):
    href = shop.driver.execute_script("return document.styleSheets[0].href")
    assert href == shop.url + "/static/shop.css"
    background = shop.driver.execute_script(
        "return getComputedStyle(document.querySelector('.shop-header')).backgroundColor")
    assert background == "rgb(138, 59, 18)", "the shop's stylesheet did not load"


def raw_get(url, path, headers=None):
    """A GET of the path exactly as written: no client tidies `..` away first."""
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=30)
    connection.putrequest("GET", path, skip_accept_encoding=True)
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    return response, response.read()


def test_a_static_file_is_served_with_its_type_and_caching_and_nothing_outside_the_folder(server):
    response, body = raw_get(server.url, "/static/shop.css")
    assert response.status == 200 and b".shop-header" in body
    assert response.getheader("Content-Type") == "text/css; charset=utf-8"
    assert response.getheader("Cache-Control") == "public, max-age=3600"
    tag = response.getheader("ETag")
    again, body = raw_get(server.url, "/static/shop.css", {"If-None-Match": tag})
    assert again.status == 304 and body == b""
    for path in ["/static/../Package.swift", "/static/%2e%2e/Package.swift", "/static/..%2fPackage.swift",
                 "/static/../../../../etc/passwd", "/static/.hidden", "/static/"]:
        response, body = raw_get(server.url, path)
        assert response.status in (400, 403, 404), path
        assert b"swift-tools-version" not in body and b"root:" not in body, path


def test_what_is_typed_and_not_yet_sent_stays_after_a_reload(shop):
    shop.run("start,email ana@example.com,shoes,add,cart,checkout")
    fill_in(shop, "address", ADDRESS, country="Spain")
    shop.reload()
    for name, value in ADDRESS.items():
        assert field(shop, "address", name).get_attribute("value") == value, name
    assert Select(field(shop, "address", "country")).first_selected_option.text == "Spain"
    # Sent, the address is the site's to keep: the page says where the order ships.
    shop.submit(shop.form("address").find_element(By.TAG_NAME, "button"))
    assert "Shipping to Ana Lopez, 1 Rua Augusta, 1100-048 Lisbon, Spain." in shop.top().text


def test_what_is_typed_on_a_step_and_not_sent_comes_back_after_back_and_forward_again(shop):
    shop.run("start,email ana@example.com,shoes,add,cart,checkout")
    fill_in(shop, "address", {"street": "9 Rua Nova", "city": "Porto"})
    # The browser's Back leaves checkout before anything was sent; the checkout made again for
    # the same step shows what was typed on it, as a wizard's step keeps its data.
    shop.back()
    assert shop.title() != "Checkout"
    if shop.title() != "Cart":
        shop.act("cart")
    shop.act("checkout")
    assert shop.title() == "Checkout"
    assert field(shop, "address", "street").get_attribute("value") == "9 Rua Nova"
    assert field(shop, "address", "city").get_attribute("value") == "Porto"
    assert shop.form("address").get_attribute("data-step"), "the form names its step"
