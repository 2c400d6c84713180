"""The chat page in headless Chromium (Debian's chromium + chromium-driver, driven by selenium).

Nothing is downloaded: the driver path is given, selenium-manager runs offline,
and the browser's background networking is off. The page talks only to the
test server on 127.0.0.1.
"""

from __future__ import annotations

import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.web.conftest import Running

STATIC = Path(__file__).resolve().parents[2] / "appliance" / "web" / "static"


def wait(driver: webdriver.Chrome, condition, timeout: float = 45):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def answers(driver: webdriver.Chrome) -> list[str]:
    return [e.text.strip() for e in driver.find_elements(By.CSS_SELECTOR, ".msg.assistant")]


def enter_token(driver: webdriver.Chrome, token: str) -> None:
    wait(driver, lambda d: d.find_element(By.ID, "token-input").is_displayed())
    driver.find_element(By.ID, "token-input").send_keys(token)
    driver.find_element(By.ID, "token-save").click()
    wait(driver, lambda d: d.find_element(By.ID, "message").is_displayed())


def send(driver: webdriver.Chrome, text: str) -> None:
    driver.find_element(By.ID, "message").send_keys(text)
    driver.find_element(By.ID, "send").click()


def test_the_page_asks_for_the_token_once_and_streams_an_answer(web: Running, browser) -> None:
    browser.get(web.url + "/")
    assert browser.title == "Hearth"
    enter_token(browser, web.token)
    web.chat.pause = threading.Event()  # hold the answer after its first piece
    send(browser, "what is Sam allergic to?")
    # Part of the answer is on screen while the model is still "generating": it streams.
    wait(browser, lambda d: answers(d) == ["scripted"])
    web.chat.pause.set()
    wait(browser, lambda d: answers(d) == ["scripted answer to: what is Sam allergic to?"])
    assert web.chat.calls[0][1].startswith("web-"), "the page keeps its own thread"

    # A second message goes to the same thread; the token is not asked again after a reload.
    send(browser, "and Alex?")
    wait(browser, lambda d: len(answers(d)) == 2 and answers(d)[1].endswith("and Alex?"))
    assert web.chat.calls[1][1] == web.chat.calls[0][1]
    browser.refresh()
    wait(browser, lambda d: d.find_element(By.ID, "message").is_displayed())
    assert not browser.find_element(By.ID, "token-form").is_displayed()


def test_after_the_token_an_empty_page_shows_what_one_can_say(web: Running, browser) -> None:
    browser.get(web.url + "/")
    enter_token(browser, web.token)
    hints = wait(browser, lambda d: d.find_element(By.ID, "hints"))
    assert hints.is_displayed() and "set a pasta timer" in hints.text
    browser.find_element(By.CSS_SELECTOR, "button.hint").click()  # a tap fills the box
    assert browser.find_element(By.ID, "message").get_attribute("value").startswith("remember")
    browser.find_element(By.ID, "send").click()
    wait(browser, lambda d: len(answers(d)) == 1)
    assert not browser.find_element(By.ID, "hints").is_displayed()  # gone once talking


def test_a_wrong_token_is_refused_at_once_and_the_right_one_opens_the_views(
    web: Running, browser
) -> None:
    browser.get(web.url + "/")
    wait(browser, lambda d: d.find_element(By.ID, "token-input").is_displayed())
    browser.find_element(By.ID, "token-input").send_keys("not-the-token-not-the-token")
    browser.find_element(By.ID, "token-save").click()
    wait(browser, lambda d: "not accepted" in d.find_element(By.ID, "status").text)
    assert browser.find_element(By.ID, "token-form").is_displayed()
    browser.get(web.url + "/api/inbox.json")
    assert "authentication_error" in browser.page_source, "no cookie without the token"

    browser.get(web.url + "/")
    enter_token(browser, web.token)
    cookie = browser.get_cookie("hearth_view")
    assert cookie is not None and cookie["httpOnly"] is True
    assert cookie["sameSite"] == "Strict"
    assert browser.execute_script("return document.cookie") == "", "no script can read it"
    browser.get(web.url + "/api/inbox.json")  # the Inbox link, with no token pasted again
    assert '"waiting": 0' in browser.page_source
    browser.get(web.url + "/memory/inbox")
    assert "Nothing is waiting for review" in browser.page_source


def test_a_token_no_longer_accepted_asks_again_and_keeps_the_message(web: Running, browser) -> None:
    browser.get(web.url + "/")
    enter_token(browser, web.token)
    browser.execute_script("localStorage.setItem('hearth.token', 'an-old-token-an-old-token')")
    send(browser, "hello?")
    wait(browser, lambda d: d.find_element(By.ID, "token-form").is_displayed())
    assert "not accepted" in browser.find_element(By.ID, "status").text
    enter_token(browser, web.token)
    assert browser.find_element(By.ID, "message").get_attribute("value") == "hello?"
    browser.find_element(By.ID, "send").click()
    wait(browser, lambda d: answers(d) == ["scripted answer to: hello?"])


def test_when_hearth_is_busy_the_page_says_so_and_keeps_the_message(web: Running, browser) -> None:
    tickets = [web.queue.admit() for _ in range(web.queue.capacity)]  # someone else's turns
    browser.get(web.url + "/")
    enter_token(browser, web.token)
    send(browser, "is the oven on?")
    wait(browser, lambda d: "busy" in d.find_element(By.ID, "status").text)
    assert "Try again in" in browser.find_element(By.ID, "status").text
    assert browser.find_element(By.ID, "message").get_attribute("value") == "is the oven on?"
    for ticket in tickets:
        ticket.release()
    browser.find_element(By.ID, "send").click()
    wait(browser, lambda d: answers(d) == ["scripted answer to: is the oven on?"])


def test_the_page_loads_nothing_from_elsewhere() -> None:
    for name in ("index.html", "chat.js", "chat.css", "recipes.js"):
        text = (STATIC / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, name
