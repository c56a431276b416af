#!/usr/bin/env python3
"""Uses `minidesk serve` as a maker would, in headless Chromium (Debian's chromium and
chromium-driver, driven by selenium), and checks what the page shows:

  - the page loads three.js from Debian's libjs-three, draws the model (a share of the view covered,
    several colours) and shows the print estimate, with no error in the browser's console;
  - the form comes from the schema: every parameter has its field, each slider bounded by the
    effective range /api/params gives, and a change to one value moves the others' bounds;
  - dragging a slider rebuilds: a draft, then the full resolution; the address bar holds the value
    and a new tab opened on that address shows the same model;
  - an invalid value is marked at its field with the rule's message and the fixing value, and the
    last valid model stays on screen;
  - switching items keeps the shared parameters; the stash shows assembled and laid out;
  - an uploaded SVG becomes the emblem; downloads give files that `minidesk check` finds valid;
  - a preset saved on the page is in the CLI's store, and saving it again asks before replacing it.

Screenshots go to --shots (one per step) for a person to look at. Prints one line per check and
closes with "N passed, M failed"; exits non-zero on any failure.
"""
import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from checks import check, read_3mf_strict, summary


def browser():
    options = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900",
              "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"]:
        options.add_argument(a)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def js(d, script, *args):
    return d.execute_script(script, *args)


def wait_for(d, condition, timeout=60):
    """Waits until the JavaScript expression `condition` is true; returns whether it became so."""
    end = time.time() + timeout
    while time.time() < end:
        try:
            if js(d, "return !!(" + condition + ")"):
                return True
        except Exception:
            pass
        time.sleep(0.1)
    return False


def shown_seq(d):
    return js(d, "return window.minidesk.shown ? window.minidesk.shown.seq : -1")


def wait_ready(d, after=-1, timeout=240):
    """Waits for a full-resolution model newer than change `after`, and the form of the same change.
    The limit only matters when something is wrong: a debug build of one model under the full load of
    CI once took longer than 90 s."""
    return wait_for(d, f"window.minidesk.shown && window.minidesk.shown.seq > {after} && window.minidesk.shown.resolution === 'normal' "
                       f"&& window.minidesk.shown.seq === window.minidesk.seq && window.minidesk.listingSeq === window.minidesk.seq", timeout)


def set_slider(d, name, value):
    """Moves a parameter's slider as a drag does: its value, then an input event."""
    return js(d, """
        const s = document.querySelector('.field[data-name="' + arguments[0] + '"] input[type=range]');
        s.value = arguments[1]; s.dispatchEvent(new Event('input', {bubbles: true})); return s.value;""", name, value)


def toggle(d, name):
    """Clicks a parameter's checkbox (in a group that may be folded)."""
    js(d, """const b = document.querySelector('.field[data-name="' + arguments[0] + '"] input[type=checkbox]');
             b.checked = !b.checked; b.dispatchEvent(new Event('change', {bubbles: true}));""", name)


def type_value(d, name, value):
    """Types a value into a parameter's number box, over what it holds, and leaves the field. The
    form's answer to the last change is awaited first: it writes the values into every box that does
    not have the focus, and WebDriver's clear() leaves the box without it, so an answer arriving
    between clear() and the keys put the old value back in front of them (190 then 90 made 19090)."""
    wait_for(d, "window.minidesk.listingSeq === window.minidesk.seq", 240)
    box = d.find_element(By.CSS_SELECTOR, f'.field[data-name="{name}"] input[type=number]')
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(str(value))
    js(d, "arguments[0].dispatchEvent(new Event('change', {bubbles: true})); arguments[0].blur();", box)


def slider_bounds(d, name):
    return js(d, """const s = document.querySelector('.field[data-name="' + arguments[0] + '"] input[type=range]');
                    return [parseFloat(s.min), parseFloat(s.max)];""", name)


def api(base, path):
    with urllib.request.urlopen(base + path, timeout=120) as r:
        return json.loads(r.read())


def lib3mf_problems(path):
    """What lib3mf's strict reader says of a 3MF: a refusal, warnings, and meshes that are not manifold."""
    model, warnings = read_3mf_strict(path)
    if model is None:
        return warnings
    problems = [f"warning {w}" for w in warnings]
    meshes = 0
    objects = model.GetObjects()
    while objects.MoveNext():
        o = objects.GetCurrentObject()
        if o.IsMeshObject():
            meshes += 1
            if not model.GetMeshObjectByID(o.GetResourceID()).IsManifoldAndOriented():
                problems.append(f"mesh {o.GetName()} is not manifold and oriented")
    return problems + ([] if meshes else ["no mesh"])


def severe_logs(d):
    """The console's errors, less the refusals this script provokes (422 for the invalid value, 409
    for the preset saved twice), which the browser logs as failed loads."""
    provoked = ("status of 422", "status of 409")
    return [l["message"] for l in d.get_log("browser") if l["level"] == "SEVERE" and not any(p in l["message"] for p in provoked)]


def dims(d):
    """The model's width, depth and height from the view's bounding box."""
    return js(d, """const b = new THREE.Box3().setFromObject(window.minidesk.model());
                    const s = b.getSize(new THREE.Vector3()); return [s.x, s.z, s.y];""")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--minidesk", required=True)
    parser.add_argument("--shots", default=".build/customizer-shots")
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    minidesk = os.path.abspath(args.minidesk)
    home = tempfile.mkdtemp(prefix="minidesk-customizer-")
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    env = dict(os.environ, XDG_CONFIG_HOME=home)
    server = subprocess.Popen([minidesk, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    line = server.stdout.readline()
    check(line.startswith("MiniDesk customizer at http://127.0.0.1:"), f"serve prints its address: {line.strip()}")
    base = line.split()[3].rstrip("/")
    d = browser()
    try:
        run(d, base, args.shots, minidesk, env)
    finally:
        d.quit()
        server.terminate()
        out, err = server.communicate(timeout=30)
        check(server.returncode == 0 and "stopped" in out, f"serve stops on SIGTERM with exit 0 (exit {server.returncode})")
    sys.exit(summary())


def run(d, base, shots, minidesk, env):
    # --- The page draws the planter.
    started = time.time()
    d.get(base + "/?item=planter")
    check(wait_ready(d), f"the planter is drawn at full resolution ({time.time() - started:.1f} s after the page opened)")
    picture = js(d, "return window.minidesk.picture()")
    check(picture["covered"] > 0.08 and picture["colours"] >= 4, f"the view shows the model: {picture['covered']:.0%} of it covered, {picture['colours']} colours")
    stats = d.find_element(By.ID, "stats").text
    check("shell" in stats and " g" in stats and "All (solid PLA)" in stats, "the print estimate lists the parts, their weights and the total")
    shades = js(d, "return window.minidesk.shades()")
    check(shades["light"] > 0.05 and shades["dark"] > 0.0005, f"the silver shell and the dark parts both show ({shades['light']:.1%} light, {shades['dark']:.1%} dark)")
    d.save_screenshot(f"{shots}/1-planter.png")
    # The pointer names the part under it (the view's centre is on the planter).
    hover = js(d, """const c = document.getElementById('canvas'), r = c.getBoundingClientRect();
        c.dispatchEvent(new PointerEvent('pointermove', {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true}));
        const l = document.getElementById('hover-label'); return l.hidden ? '' : l.textContent;""")
    check(any(hover.startswith(p) for p in ["shell", "bottom", "emblem", "ports", "light"]) and "triangles" in hover, f"the part under the pointer is named: {hover}")
    # A colour set in the form paints its part.
    before = shown_seq(d)
    js(d, """const c = document.querySelector('.field[data-name="colors.shell"] input'); c.value = '#d03030';
             c.dispatchEvent(new Event('input', {bubbles: true}));""")
    red = js(d, "return window.minidesk.shades().red") if wait_ready(d, before) else 0
    check(red > 0.05, f"colors.shell = #D03030 paints the shell: {red:.1%} of the view is red")
    before = shown_seq(d)
    js(d, """const c = document.querySelector('.field[data-name="colors.shell"] input'); c.value = '#c8c8cc';
             c.dispatchEvent(new Event('input', {bubbles: true}));""")
    check(wait_ready(d, before) and "colors.shell" not in d.current_url, "the default colour again leaves the address")

    # --- The form is the schema (as `minidesk params --json` lists it), bounded by the effective ranges.
    listing = api(base, "/api/params?item=planter")
    cli = json.loads(subprocess.run([minidesk, "params", "planter", "--json"], capture_output=True, text=True, check=True).stdout)
    fields = js(d, "return [...document.querySelectorAll('.field')].map(f => f.dataset.name)")
    check(fields == [p["name"] for p in cli] or sorted(fields) == sorted(p["name"] for p in cli), f"one field per parameter of `minidesk params planter --json` ({len(fields)})")
    bounds = js(d, """return Object.fromEntries([...document.querySelectorAll('.field')].filter(f => f.querySelector('input[type=range]'))
                      .map(f => [f.dataset.name, [parseFloat(f.querySelector('input[type=range]').min), parseFloat(f.querySelector('input[type=range]').max)]]))""")
    mismatched = [p["name"] for p in cli if p.get("min") is not None and bounds.get(p["name"]) != [p["min"], p["max"]]]
    check(not mismatched, f"every slider spans the CLI's effective range ({len(bounds)} sliders){': ' + ', '.join(mismatched) if mismatched else ''}")
    size = next(p for p in listing["parameters"] if p["name"] == "planter.size")
    check(slider_bounds(d, "planter.size") == [size["min"], size["max"]] and size["max"] < size["limits"]["max"],
          f"planter.size's slider runs over its effective range {size['min']} to {size['max']} mm (declared {size['limits']['min']} to {size['limits']['max']})")

    # --- A slider drag rebuilds; the address holds the value; the bounds of the others follow.
    before = shown_seq(d)
    volume_before = js(d, "return window.minidesk.shown.report.parts[0].volume")
    started = time.time()
    set_slider(d, "body.width", 180)
    draft = wait_for(d, f"window.minidesk.shown && window.minidesk.shown.seq > {before}", 60)
    draft_seconds = time.time() - started
    check(draft and wait_ready(d, before), f"body.width = 180 shows a draft after {draft_seconds:.2f} s, then the full model")
    check("body.width=180" in d.current_url, f"the address holds the value: {d.current_url}")
    width = dims(d)[0]
    check(abs(width - 180) < 0.5, f"the model is {width:.1f} mm wide")
    check(js(d, "return window.minidesk.shown.report.parts[0].volume") > volume_before, "the shell grew")
    # The emblem on the rim's front bounds the pot; without it the pot may reach the rim.
    before = shown_seq(d)
    toggle(d, "emblem.enabled")
    wider = slider_bounds(d, "planter.size") if wait_ready(d, before) else [0, 0]
    check(wider[1] > size["max"], f"with the emblem off, planter.size's slider reaches {wider[1]} mm (was {size['max']})")
    before = shown_seq(d)
    toggle(d, "emblem.enabled")
    check(wait_ready(d, before) and "emblem.enabled" not in d.current_url, "turned on again, the emblem leaves the address")
    d.save_screenshot(f"{shots}/2-wider.png")

    # --- A new tab on that address shows the same model.
    address = d.current_url
    shown = js(d, "return window.minidesk.shown.report.parts.map(p => p.triangles)")
    d.get(address)
    check(wait_ready(d) and js(d, "return window.minidesk.shown.report.parts.map(p => p.triangles)") == shown
          and js(d, "return document.querySelector('.field[data-name=\"body.width\"] input[type=number]').value") == "180",
          "the address reproduces the model and the form")

    # --- An invalid value: marked at its field with the fix; the last valid model stays.
    before = shown_seq(d)
    type_value(d, "planter.size", 190)
    check(wait_for(d, "document.getElementById('status').dataset.state === 'invalid'", 60), "planter.size = 190 is refused")
    message = js(d, "return document.querySelector('.field[data-name=\"planter.size\"] .message').textContent")
    invalid = js(d, "return document.querySelector('.field[data-name=\"planter.size\"]').classList.contains('invalid')")
    check(invalid and "planter.size = " in message and "--set" not in message, f"the field says why and what to set: {message}")
    check(shown_seq(d) == before and js(d, "return window.minidesk.picture().covered") > 0.05, "the last valid model stays on screen")
    d.save_screenshot(f"{shots}/3-invalid.png")
    type_value(d, "planter.size", 90)
    check(wait_ready(d, before) and not js(d, "return document.querySelector('.field[data-name=\"planter.size\"]').classList.contains('invalid')"),
          "a valid value clears the mark and builds")

    # --- Another item keeps the shared values.
    before = shown_seq(d)
    js(d, "const s = document.getElementById('item'); s.value = 'stash'; s.dispatchEvent(new Event('change'));")
    check(wait_ready(d, before), "switching to the stash builds it")
    values = js(d, "return window.minidesk.values")
    check(values.get("body.width") == "180" and "planter.size" not in values and "planter.rim" not in values, f"the stash keeps body.width and drops planter.size: {values}")
    # The page shows the item assembled (the lid on its base); the multicolour view lays it out.
    check(js(d, "return document.getElementById('view').value") == "assembled", "the page opens on the assembled view")
    whole = dims(d)
    js(d, "document.getElementById('dims').click()")
    label = d.find_element(By.ID, "dims-label").text
    check("180.0" in label and "50.0" in label, f"the dimensions toggle shows {label}")
    d.save_screenshot(f"{shots}/4-stash-assembled.png")
    before = shown_seq(d)
    js(d, "const s = document.getElementById('view'); s.value = 'multicolor'; s.dispatchEvent(new Event('change'));")
    check(wait_ready(d, before), "the stash's multicolour view builds")
    laid_out = dims(d)
    check(laid_out[0] > 1.9 * whole[0] and abs(whole[0] - 180) < 0.5 and abs(whole[2] - 50) < 0.5,
          f"laid out it is {laid_out[0]:.0f} mm wide; assembled {whole[0]:.0f} x {whole[1]:.0f} x {whole[2]:.0f} mm")
    check("view=multicolor" in d.current_url, f"the address holds the view: {d.current_url}")

    # --- An SVG upload becomes the emblem.
    before = shown_seq(d)
    svg = os.path.abspath("Models/emblems/ring.svg")
    d.find_element(By.CSS_SELECTOR, 'input[type=file]').send_keys(svg)
    check(wait_ready(d, before) and js(d, "return (window.minidesk.values['emblem.svg'] || '').length") > 10,
          "an uploaded SVG's path data is the emblem, and the model rebuilds")
    d.save_screenshot(f"{shots}/5-ring-emblem.png")

    # --- Downloads open as valid files.
    folder = tempfile.mkdtemp(prefix="minidesk-downloads-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    for link, name in [("download-3mf", "stash.3mf"), ("download-prusa", "stash.prusa.3mf"), ("download-stl", "stash.zip"), ("download-zip", "all.zip")]:
        href = d.find_element(By.ID, link).get_attribute("href")
        path = os.path.join(folder, name)
        with urllib.request.urlopen(href, timeout=300) as r, open(path, "wb") as f:
            f.write(r.read())
        if name.endswith(".3mf"):
            c = subprocess.run([minidesk, "check", path, "--json"], capture_output=True, text=True)
            report = json.loads(c.stdout or "{}")
            parts = report.get("parts", [report]) if isinstance(report, dict) else report
            check(c.returncode == 0, f"the {name} download reads back valid with minidesk check ({len(parts)} parts)")
            problems = lib3mf_problems(path)
            check(not problems, f"lib3mf (strict) reads the {name} download{': ' + '; '.join(problems) if problems else ' without a warning'}")
        else:
            import zipfile
            names = zipfile.ZipFile(path).namelist()
            expect = ["multicolor/stash.3mf", "separate/stash-separate-shell.stl", "merged/stash-merged.stl"] if name == "all.zip" else ["stash-shell.stl"]
            check(all(e in names for e in expect), f"the {name} download holds {len(names)} files, {', '.join(expect)} among them")

    # --- A preset saved here is in the CLI's store; saving it again asks first.
    d.find_element(By.ID, "preset-name").send_keys("wide-stash")
    d.find_element(By.ID, "save-preset").click()
    check(wait_for(d, "document.getElementById('preset-status').textContent.startsWith('Saved')", 30), "the preset is saved")
    shown = subprocess.run([minidesk, "preset", "show", "wide-stash", "--json"], capture_output=True, text=True, env=env)
    check(shown.returncode == 0 and json.loads(shown.stdout)["parameters"].get("body.width") == 180, "minidesk preset show finds it with body.width 180")
    js(d, "window.confirm = () => false;")
    d.find_element(By.ID, "save-preset").click()
    check(wait_for(d, "document.getElementById('preset-status').textContent.includes('exists already')", 30), "saving it again asks, and declining keeps the old one")

    logs = severe_logs(d)
    check(not logs, f"no errors in the browser's console{': ' + '; '.join(logs) if logs else ''}")


if __name__ == "__main__":
    main()
