"""No import cycle among the modules of glossary/ and tutor/.

Every `import` statement counts, at the top of a module or inside a function (a lazy import still ties the two
modules together); only the imports under `if TYPE_CHECKING:` are left out. `from package import name` is an import
of `package.name` when that is a module, otherwise of the package itself (its `__init__`, which may re-export).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("glossary", "tutor")


def _modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of the packages by its dotted name (a package by its `__init__.py`)."""
    out: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every Import / ImportFrom node of a module, at any depth, outside `if TYPE_CHECKING:` bodies."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Each module of the packages (glossary/ and tutor/) -> the modules of the packages it imports."""
    modules = _modules(root, packages)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = _package_of(name, path).split(".")
                    base = base[:len(base) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    targets.append(sub if sub in modules else source)
            for target in targets:
                # `import a.b.c` where a.b.c is not ours (or not a module): its nearest module of ours
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively; each component sorted, the list sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    found.append(sorted(component))
    return sorted(found)


def test_the_cycle_finder_finds_cycles_and_only_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}, "g": set()}
    assert [c for c in strongly_connected(graph) if len(c) > 1] == [["a", "b", "c"], ["d", "e"]]
    assert len(strongly_connected(graph)) == 4  # {a,b,c}, {d,e}, {f}, {g}


def test_the_graph_sees_lazy_relative_and_submodule_imports_but_not_type_checking_ones(tmp_path):
    files = {
        "pkg/__init__.py": "from pkg.a import A\n",  # a re-exporting __init__
        "pkg/a.py": "A = 1\ndef f():\n    from . import b\n",  # lazy, relative, `from package import submodule`
        "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\n"
                    "else:\n    import os\nimport pkg.sub.d as d\n",
        "pkg/c.py": "from pkg import A\n",  # a name re-exported by the package: an import of the package
        "pkg/sub/__init__.py": "",
        "pkg/sub/d.py": "from ..c import nothing\nimport pkg.sub\n",
        "other/__init__.py": "import pkg.a.A\n",  # not a module: the nearest one
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    graph = import_graph(tmp_path, ("pkg", "other"))
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.sub.d"}, "pkg.c": {"pkg"},
                     "pkg.sub": set(), "pkg.sub.d": {"pkg.c", "pkg.sub"}, "other": {"pkg.a"}}
    cycles = [c for c in strongly_connected(graph) if len(c) > 1]
    assert cycles == [["pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.sub.d"]]  # through the lazy import and the __init__
    graph = import_graph()
    assert {"glossary.kb", "glossary.search"} <= set(graph) and "tutor.engine.game" in graph["tutor.engine"]
    assert all(target.split(".")[0] in PACKAGES for targets in graph.values() for target in targets)


def test_no_import_cycle_among_the_modules_of_glossary_and_tutor():
    cycles = [c for c in strongly_connected(import_graph()) if len(c) > 1]
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)
