"""A real headless Chromium loads the page, uploads the sample brief and reads the evidence.

Needs Debian's ``chromium`` and ``chromium-driver`` (scripts/test.sh installs them). The test
skips only when they are absent and the install was attempted and failed, which
scripts/test.sh records in ``CITEPROOF_BROWSER_UNAVAILABLE``; on CI it fails otherwise.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "sample_brief.md"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--window-size=1400,1100",
]
# kind → (text the highlight covers, words the evidence panel shows)
PLANTED = {
    "nonexistent": ("359 Ill. App. 3d 927, 931", ["Raecharla v. Kudaravalli"]),
    "name_mismatch": ("372 U.S. 335", ["Gideon v. Wainwright", "Miranda v. Arizona, 384 U.S. 436"]),
    "wrong_pincite": ("373 U.S. 83, 91", ["is on page 87", "373 U.S. 83, 87"]),
    "misquote": ("this noble ideal cannot be realized", ["help", "assist"]),
    "misrepresentation": ("separate educational facilities are inherently equal", ["inherently unequal"]),
}


def _find(*names: str) -> str | None:
    return next((p for n in names if (p := shutil.which(n) or (n if Path(n).is_file() else None))), None)


@pytest.fixture(scope="module")
def browser() -> Iterator:
    chromium = _find("chromium", "/usr/lib/chromium/chromium", "chromium-browser")
    driver_path = _find("chromedriver", "/usr/lib/chromium/chromedriver")
    if not (chromium and driver_path):
        why = os.environ.get("CITEPROOF_BROWSER_UNAVAILABLE")
        if why:
            pytest.skip(f"chromium could not be installed here: {why}")
        if os.environ.get("CI"):
            pytest.fail("chromium/chromedriver missing on CI: scripts/test.sh should install them")
        pytest.skip(
            "Debian chromium and chromium-driver are not installed "
            "(apt-get install chromium chromium-driver, or run scripts/test.sh)"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def _wait(driver, condition, timeout: float = 30.0):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def _css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def test_page_shows_each_planted_error_with_its_evidence(browser, live_server):
    browser.get(live_server.url + "/")
    _wait(browser, lambda d: "cases" in _css(d, "#library-info")[0].text)
    browser.execute_script(
        "window.__progress = []; new MutationObserver(() => window.__progress.push("
        "document.querySelector('#progress-text').textContent)).observe("
        "document.querySelector('#progress'), {subtree: true, childList: true,"
        " characterData: true, attributes: true});"
    )
    _css(browser, "#file")[0].send_keys(str(SAMPLE))
    _css(browser, "#check")[0].click()
    _wait(browser, lambda d: _css(d, "#summary[data-total]"))
    assert browser.execute_script("return window.__progress.length") > 0  # progress was shown
    summary = _css(browser, "#summary")[0].text
    assert "15 citations" in summary and "5 hallucinated" in summary, summary

    for kind, (fragment, evidence) in PLANTED.items():
        marks = _css(browser, f'#document .hl[data-kinds~="{kind}"]')
        assert marks, f"no highlight for {kind}"
        covered = " ".join(m.text for m in marks)
        assert fragment in " ".join(covered.split()), (kind, covered)
        assert all("filtered" not in m.get_attribute("class") for m in marks)
        assert marks[0].value_of_css_property("background-color") not in {"rgba(0, 0, 0, 0)", "transparent"}
        marks[0].click()
        _wait(browser, lambda d, k=kind: _css(d, f'#evidence .error-item[data-kind="{k}"]'))
        panel = _css(browser, "#evidence")[0].text
        assert "null" not in panel and "undefined" not in panel
        for words in evidence:
            assert words in panel, (kind, words, panel)
        if kind == "misquote":  # the quote beside the opinion's words, the change marked
            assert [e.text for e in _css(browser, "#evidence .quote-written del.diff")] == ["help"]
            assert [e.text for e in _css(browser, "#evidence .quote-real ins.diff")] == ["assist"]
            assert _css(browser, "#evidence .quote-written")[0].text.startswith("this noble ideal")
            assert _css(browser, "#evidence .quote-real")[0].text.startswith("This noble ideal")
            ARTIFACTS.mkdir(exist_ok=True)
            browser.save_screenshot(str(ARTIFACTS / "web_sample_brief_misquote.png"))

    _css(browser, '#status-filters input[value="verified"]')[0].click()
    hidden = _css(browser, "#citations tbody tr.hidden")
    assert len(hidden) == 8 and all(r.get_attribute("data-status") == "verified" for r in hidden)
    _css(browser, '#kind-filters input[value="misquote"]')[0].click()
    assert "filtered" in _css(browser, '#document .hl[data-kinds~="misquote"]')[0].get_attribute("class")

    href = _css(browser, "#download-html")[0].get_attribute("href")
    report = httpx.get(href, timeout=30)
    assert report.status_code == 200 and '<mark class="hallucinated"' in report.text
    assert _css(browser, "#download-json")[0].get_attribute("href").startswith("blob:")
    manifest = httpx.get(_css(browser, "#download-manifest")[0].get_attribute("href"), timeout=30).json()
    shown = _css(browser, "#snapshot-hash")[0].text
    assert shown.startswith("sha256:") and manifest["library"]["content_hash"] == shown
    browser.save_screenshot(str(ARTIFACTS / "web_sample_brief.png"))


def test_page_reports_a_bad_upload(browser, live_server, tmp_path):
    bad = tmp_path / "photo.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 64)
    browser.get(live_server.url + "/")
    _css(browser, "#file")[0].send_keys(str(bad))
    _css(browser, "#check")[0].click()
    _wait(browser, lambda d: _css(d, "#error")[0].is_displayed())
    assert "unsupported file type" in _css(browser, "#error")[0].text
