"""The recipes page in headless Chromium: a paste shows what was read, or why not, as text."""

from __future__ import annotations

import os

from selenium.webdriver.common.by import By

from appliance.cookbook import Cookbook
from tests.cookbook.conftest import FLAPJACKS, rules_screen
from tests.web.conftest import Running
from tests.web.test_page import enter_token, wait
from tests.web.test_recipes import HOSTILE, MARKUP_STEP, NO_STEPS


def fill(browser, title: str, text: str) -> None:
    """The boxes filled as a paste fills them (send_keys would type it key by key)."""
    for box, value in (("recipe-title", title), ("recipe-text", text)):
        element = browser.find_element(By.ID, box)
        browser.execute_script("arguments[0].value = arguments[1]", element, value)
    browser.find_element(By.ID, "paste").click()


def status(browser) -> str:
    return browser.find_element(By.ID, "status").text


def test_a_paste_shows_what_was_read_and_waits_for_keep(web: Running, browser) -> None:
    browser.get(web.url + "/")
    enter_token(browser, web.token)  # the chat page's token and view cookie open this page
    browser.find_element(By.LINK_TEXT, "Recipes").click()
    wait(browser, lambda d: d.find_element(By.ID, "paste-form").is_displayed())
    assert not browser.find_element(By.ID, "token-form").is_displayed()

    fill(browser, "", FLAPJACKS)
    wait(browser, lambda d: d.find_element(By.ID, "read").is_displayed())
    read = browser.find_element(By.ID, "read").text
    assert "Read as: Nana's Flapjacks" in read and "Makes 12" in read
    assert "1½ tsp ground ginger" in read
    assert len(browser.find_elements(By.CSS_SELECTOR, "#read ol.steps li")) == 5
    assert "waiting for Keep on the panel" in status(browser)
    assert "Nana's Flapjacks" in browser.find_element(By.ID, "waiting").text
    assert browser.find_element(By.ID, "waiting-count").text == "1"
    link = browser.find_element(By.CSS_SELECTOR, "#waiting a")
    assert link.get_attribute("href") == web.url + "/recipes/nanas-flapjacks"
    assert browser.find_element(By.ID, "recipe-text").get_attribute("value") == ""
    book = Cookbook(web.data_dir, screen=rules_screen)
    assert [p.id for p in book.proposals()] == ["nanas-flapjacks"] and book.recipes() == []
    # WEB_RECIPES_SCREENSHOT=docs/screens/recipes.png refreshes the documentation's picture.
    if target := os.environ.get("WEB_RECIPES_SCREENSHOT"):
        browser.set_window_size(420, 1150)
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(target)

    # A refusal says why, from the cookbook's own words, and the paste stays to be fixed.
    fill(browser, "", NO_STEPS)
    wait(browser, lambda d: "not kept: no steps found" in status(d))
    assert not browser.find_element(By.ID, "read").is_displayed()
    assert browser.find_element(By.ID, "recipe-text").get_attribute("value") == NO_STEPS
    assert len(book.proposals()) == 1


def test_hostile_words_are_put_on_the_page_as_text(web: Running, browser) -> None:
    browser.get(web.url + "/")
    enter_token(browser, web.token)
    browser.get(web.url + "/recipes")
    wait(browser, lambda d: d.find_element(By.ID, "paste-form").is_displayed())
    step = "Press into the tin and bake for 25 minutes until golden at the edges."
    fill(browser, HOSTILE, FLAPJACKS.replace(step, MARKUP_STEP))
    wait(browser, lambda d: d.find_element(By.ID, "read").is_displayed())
    assert f"Read as: {HOSTILE}" in browser.find_element(By.ID, "read").text
    assert MARKUP_STEP in browser.find_element(By.ID, "read").text
    assert browser.find_elements(By.CSS_SELECTOR, "#read b, #read img, #waiting b") == []
    browser.refresh()  # and as the server puts it on the page
    wait(browser, lambda d: HOSTILE in d.find_element(By.ID, "waiting").text)
    assert browser.find_elements(By.CSS_SELECTOR, "#waiting b, main script") == []


def test_the_page_asks_for_the_token_before_a_paste(open_web: Running, browser) -> None:
    """Views open to the LAN (web_private_views = false): the page reads, pasting needs the
    token, and a wrong one is refused at once."""
    browser.get(open_web.url + "/recipes")
    wait(browser, lambda d: d.find_element(By.ID, "token-form").is_displayed())
    assert not browser.find_element(By.ID, "paste-form").is_displayed()
    browser.find_element(By.ID, "token-input").send_keys("not-the-token-not-the-token")
    browser.find_element(By.ID, "token-save").click()
    wait(browser, lambda d: "not accepted" in status(d))
    browser.find_element(By.ID, "token-input").clear()
    browser.find_element(By.ID, "token-input").send_keys(open_web.token)
    browser.find_element(By.ID, "token-save").click()
    wait(browser, lambda d: d.find_element(By.ID, "paste-form").is_displayed())
    fill(browser, "", FLAPJACKS)
    wait(browser, lambda d: "waiting for Keep" in status(d))
