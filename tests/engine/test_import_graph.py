"""The engine's modules import one another in one direction (issue 46, item 5): no circle, lazy
imports inside functions included, so each module can be read (and loaded) after the ones it
names. A circle is what made ``fairplay`` import ``records`` inside its functions while
``records`` imported ``fairplay``; the commitment is now a leaf module of its own."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "py"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` imports anywhere in its code. ``from . import
    x`` names the submodule ``x`` (the package itself only for a name that is no module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names} & modules
            found |= subs
            if target in modules and len(subs) < len(node.names):
                found.add(target)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted((ROOT / "speculation").rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def test_no_module_of_the_engine_imports_itself_through_others() -> None:
    graph = import_graph()
    assert len(graph) > 30 and "speculation.fairplay" in graph
    assert "speculation.commitment" in graph["speculation.records"]
    assert "speculation.records" in graph["speculation.fairplay"]
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:  # pragma: no cover - the failure's message names the circle
        raise AssertionError(f"an import circle: {' -> '.join(err.args[1])}") from None
    assert order.index("speculation.commitment") < order.index("speculation.records")


def test_the_check_finds_a_circle() -> None:
    """The check is not blind: the old fairplay <-> records pair is a circle to it."""
    graph = {**import_graph()}
    graph["speculation.records"] = graph["speculation.records"] | {"speculation.fairplay"}
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        assert {"speculation.records", "speculation.fairplay"} <= set(err.args[1])
    else:  # pragma: no cover
        raise AssertionError("the circle was not found")
