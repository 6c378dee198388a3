"""A real JupyterLab and headless Chromium, for the widget's tests and benchmark.

Used by ``tests/test_notebook_browser.py`` and ``tests/benchmarks/bench_widget.py``.
:func:`jupyterlab` starts a server on a free local port with a token, every directory
Jupyter writes to (config, data, runtime, settings, workspaces, IPython) inside a
temporary folder, no news and no update checks, and stops it after. :func:`chromium`
starts Debian's chromium through chromedriver with the flags the page tests use. The
rest drives a notebook open in the browser: run code in its kernel, reach a gametree
widget's API (``host.gametree``, the page's ``mountGametree`` API) and shadow root.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
REPOSITORY = Path(__file__).resolve().parent.parent
KERNEL = "const p = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
KERNEL_IDLE = (
    KERNEL + "return !!(p && p.sessionContext && p.sessionContext.session && "
    "p.sessionContext.session.kernel && p.sessionContext.session.kernel.status === 'idle');"
)
HOSTS = "Array.from(document.querySelectorAll('.gametree-widget'))"


def missing() -> str | None:
    """Why the JupyterLab tests cannot run here, or None."""
    import importlib.util

    for module in ("anywidget", "jupyterlab", "nbconvert", "nbclient", "ipykernel", "selenium"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[test]')"
    if binaries() is None:
        return (
            "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        )
    return None


def binaries() -> tuple[str, str] | None:
    names = ("chromium", "chromium-browser", "google-chrome")
    browser = next((shutil.which(b) for b in names if shutil.which(b)), None)
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None
    )
    return (browser, driver) if browser and driver else None


def write_notebook(path: Path, cells: list[str]) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}  # fmt: skip
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nbformat.write(nb, path)


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment of a Jupyter process that writes only inside ``home``."""
    env = dict(os.environ)
    for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                      ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                      ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
                      ("IPYTHONDIR", "ipython")):  # fmt: skip
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    env["PYTHONPATH"] = str(REPOSITORY) + os.pathsep + env.get("PYTHONPATH", "")
    notification = home / "settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    config = {"LabApp": {"check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}
    (home / "config" / "jupyter_server_config.json").write_text(json.dumps(config))
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def jupyterlab(root: Path, home: Path) -> Iterator[dict[str, Any]]:
    """A JupyterLab server on ``root`` (its state in ``home``), stopped on exit."""
    port, token = free_port(), secrets.token_hex(16)
    log_path = home / "lab.log"
    argv = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
            "--LabApp.extension_manager=readonly"]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--allow-root")  # CI containers run as root
    env = jupyter_env(home)
    with log_path.open("w") as log:
        server = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
                    break
                except OSError as exc:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(
                            "JupyterLab did not start:\n" + log_path.read_text()
                        ) from exc
                    time.sleep(0.3)
            yield {"url": url, "token": token, "root": root, "home": home, "env": env}
        finally:
            stop(server, 20)


def stop(server: subprocess.Popen[Any], grace: float) -> None:
    """Stop a notebook server: asked first, killed after ``grace`` seconds."""
    server.terminate()
    try:
        server.wait(grace)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(5)


CENTRE_OF = (
    "const el = root.querySelector(arguments[0]);"
    "el.scrollIntoView({block: 'center'});"
    "const r = el.getBoundingClientRect();"
    "return [r.left + r.width / 2, r.top + r.height / 2];"
)
"""A script body (for a function given the widget's ``root``) that scrolls the element
``arguments[0]`` names into view and returns its centre in the window."""


def click_at(browser: Any, point: tuple[float, float]) -> None:
    """A real mouse click at ``point`` in the window."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    action = ActionBuilder(browser)
    action.pointer_action.move_to_location(int(point[0]), int(point[1])).click()
    action.perform()


def chromium(size: tuple[int, int] = (1280, 900)) -> Any:
    """Headless Chromium (the flags of tests/test_page_browser.py), its log kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = binaries()
    assert found is not None
    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(found[1]), options=options)
    driver.set_script_timeout(120)
    return driver


def wait(browser: Any, script: str, *args: Any, timeout: float = 90.0) -> Any:
    """Run ``script`` until it returns something true; return that."""
    deadline = time.monotonic() + timeout
    while True:
        value = browser.execute_script(script, *args)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for: {script}")
        time.sleep(0.2)


def open_notebook(browser: Any, lab: dict[str, Any], name: str, widgets: int) -> None:
    """Open notebook ``name``, run every cell, and wait for its ``widgets`` widgets."""
    browser.get(f"{lab['url']}/lab/tree/{name}?token={lab['token']}")
    wait(browser, KERNEL_IDLE, timeout=180)
    browser.execute_script("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    # A widget draws itself once it is on screen (JupyterLab lays out only the cells in
    # view): bring each one into view, scrolling down while some are still missing.
    shown = (
        KERNEL + f"const hosts = {HOSTS};"
        "hosts.filter(h => !h.gametree).forEach(h => h.scrollIntoView({block: 'center'}));"
        f"if (hosts.length < {widgets}) {{ p.content.node.scrollTop += 400; }}"
        f"return hosts.filter(h => h.gametree).length === {widgets};"
    )
    wait(browser, shown, timeout=180)
    wait(browser, KERNEL_IDLE)


def run(browser: Any, code: str) -> str:
    """Run ``code`` in the notebook's kernel (as a cell would); return what it printed."""
    out = browser.execute_async_script(
        KERNEL
        + """
        const done = arguments[arguments.length - 1];
        const kernel = p.sessionContext.session.kernel;
        let text = "";
        const future = kernel.requestExecute({code: arguments[0], store_history: false});
        future.onIOPub = (msg) => {
          const t = msg.header.msg_type;
          if (t === "stream") { text += msg.content.text; }
          if (t === "error") { text += "ERROR " + msg.content.ename + ": " + msg.content.evalue; }
        };
        future.done.then(() => done(text), (e) => done("FAILED " + e));
        """,
        code,
    )
    assert not out.startswith(("ERROR", "FAILED")), out
    return str(out)


def widget_js(browser: Any, k: int, body: str, *args: Any) -> Any:
    """Run ``body`` with ``w`` (the k-th gametree widget's API), ``root`` (its shadow
    root) and ``host`` (its element) bound."""
    return browser.execute_script(
        f"const host = document.querySelectorAll('.gametree-widget')[{k}];"
        "const w = host.gametree, root = host.shadowRoot;" + body,
        *args,
    )
