"""Run a benchmark's payload inside Pyodide under Node, with the engine wheel a build made.

    from pyodide_node import run_payload
    result = run_payload(Path(__file__), "_result(20, 'casual/mary', 1)", dist)

The payload is the part of the benchmark's own file after the line ``# ---- pyodide
payload ----`` and before ``if __name__``; ``call`` is appended and must evaluate to a JSON
string, which is returned parsed. Pyodide is loaded from node_modules/pyodide and the wheel by
file path (never by package name, which would fetch from a CDN): the wheel named in
``dist/build.json`` when present, else a zip of py/speculation, unpacked into site-packages.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARK = "# ---- pyodide payload ----"

NODE_SCRIPT = r"""
import { readFile } from "node:fs/promises";
const [root, wheel, code] = process.argv.slice(2);
try {
  const { loadPyodide } = await import(root + "/node_modules/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: root + "/node_modules/pyodide/" });
  const site = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(new Uint8Array(await readFile(wheel)), "zip", { extractDir: site });
  const out = py.runPython(await readFile(code, "utf8"));
  process.stdout.write(out + "\n");
} catch (e) {
  process.stderr.write("pyodide: " + String(e && e.message).slice(-3000) + "\n");
  process.exit(1);
}
"""


def run_payload(benchmark: Path, call: str, dist: Path, timeout: int = 3600) -> Any:
    """``call`` evaluated after ``benchmark``'s payload inside Pyodide; its JSON, parsed."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("the Pyodide run needs node and node_modules/pyodide (npm ci)")
    with tempfile.TemporaryDirectory() as tmp:
        wheel = engine_wheel(dist, Path(tmp))
        script = Path(tmp) / "run.mjs"
        script.write_text(NODE_SCRIPT)
        code = Path(tmp) / "bench.py"
        body = benchmark.read_text(encoding="utf-8").split(MARK)[-1]
        code.write_text(body.split("if __name__")[0] + f"\n{call}\n")
        out = subprocess.run([node, str(script), str(ROOT), str(wheel), str(code)],
                             capture_output=True, text=True, check=False, timeout=timeout)
        if out.returncode != 0:
            raise SystemExit(f"pyodide run failed:\n{out.stderr[-3000:]}")
        return json.loads(out.stdout.strip().splitlines()[-1])


def engine_wheel(dist: Path, tmp: Path) -> Path:
    """The engine wheel from ``dist/build.json``; failing that, a zip of ``py/speculation`` in
    the same layout (a wheel is a zip whose root holds the package)."""
    manifest = dist / "build.json"
    if manifest.exists():
        return dist / json.loads(manifest.read_text())["wheel"]
    print("note: no dist/build.json (run build.py); loading a zip of py/speculation instead",
          file=sys.stderr)
    return Path(shutil.make_archive(str(tmp / "speculation"), "zip", ROOT / "py", "speculation"))
