"""Read the rule numbers the engine cites from its source (no import of the engine): what each event kind,
refusal reason, step and outcome cites, at each place in the code. Used by tests/engine/test_citations.py."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "tutor" / "engine"
RULE = re.compile(r"^[1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?$")


@dataclass(frozen=True)
class Site:
    what: str  # "event" | "refusal" | "step" | "outcome"
    name: str  # the event kind, refusal reason, step or outcome
    rules: frozenset[str] | None  # every rule number it may cite (None: decided at run time, not in the source)
    alternatives: tuple[frozenset[str], ...] | None  # the rule sets it cites in each branch
    where: str  # "file:line"


class _Module:
    def __init__(self, path: Path):
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node

    def function_of(self, node: ast.AST) -> ast.FunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node
        return None


def _modules() -> list[_Module]:
    return [_Module(p) for p in sorted(ENGINE.glob("*.py"))]


def _call_name(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


class Resolver:
    """The rule strings an expression may hold: constants, tuples, conditionals, local names and parameters
    (through the call sites of their function)."""

    def __init__(self, modules: list[_Module]):
        self.modules = modules
        self.functions: dict[str, list[tuple[_Module, ast.FunctionDef]]] = {}
        self.calls: dict[str, list[tuple[_Module, ast.Call]]] = {}
        for m in modules:
            for node in ast.walk(m.tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.functions.setdefault(node.name, []).append((m, node))
                elif isinstance(node, ast.Call) and _call_name(node):
                    self.calls.setdefault(_call_name(node), []).append((m, node))

    def alternatives(self, m: _Module, expr: ast.AST, depth: int = 0, any_text: bool = False
                     ) -> list[frozenset[str]] | None:
        """Each set of rules (with `any_text`: of texts) the expression may evaluate to; None when it is not
        decided in the source."""
        if depth > 4:
            return None
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return [frozenset({expr.value})] if any_text or RULE.match(expr.value) else None
        if isinstance(expr, ast.Tuple):
            combos = [frozenset()]
            for elt in expr.elts:
                alts = self.alternatives(m, elt, depth + 1, any_text)
                if alts is None:
                    return None
                combos = [c | a for c in combos for a in alts]
            return combos
        if isinstance(expr, ast.IfExp):
            a = self.alternatives(m, expr.body, depth + 1, any_text)
            b = self.alternatives(m, expr.orelse, depth + 1, any_text)
            return None if a is None or b is None else a + b
        if (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get"
                and isinstance(expr.func.value, ast.Dict) and len(expr.args) == 2):
            out = []  # {kind: rule, ...}.get(kind, default): any of the values, or the default
            for value in (*expr.func.value.values, expr.args[1]):
                alts = self.alternatives(m, value, depth + 1, any_text)
                if alts is None:
                    return None
                out += alts
            return out
        if isinstance(expr, ast.Name):
            func = m.function_of(expr)
            if func is None:
                return None
            assigned = [n.value for n in ast.walk(func) if isinstance(n, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == expr.id for t in n.targets)]
            if assigned:
                out = []
                for value in assigned:
                    alts = self.alternatives(m, value, depth + 1, any_text)
                    if alts is None:
                        return None
                    out += alts
                return out
            params = [a.arg for a in func.args.args + func.args.kwonlyargs]
            if expr.id in params:
                return self._from_callers(func, expr.id, depth, any_text)
        return None

    def _from_callers(self, func: ast.FunctionDef, param: str, depth: int, any_text: bool = False
                      ) -> list[frozenset[str]] | None:
        positional = [a.arg for a in func.args.args]
        index = positional.index(param) if param in positional else None
        if index is not None and positional and positional[0] == "self":
            index -= 1  # a method is called without it
        out: list[frozenset[str]] = []
        callers = self.calls.get(func.name, [])
        if not callers:
            return None
        for m, call in callers:
            arg = next((k.value for k in call.keywords if k.arg == param), None)
            if arg is None and index is not None and 0 <= index < len(call.args):
                arg = call.args[index]
            if arg is None:
                return None
            alts = self.alternatives(m, arg, depth + 1, any_text)
            if alts is None:
                return None
            out += alts
        return out


def _enum_member(expr: ast.AST, enum: str) -> ast.AST:
    """A member of a str enum as the engine writes it (``EventKind.DAMAGE``, ``Refusal(f"not_{kind}")``) as the
    string it is (members are named by their value in capitals: tests/engine/test_event_kinds.py checks it)."""
    if isinstance(expr, ast.Call) and _call_name(expr) == enum and expr.args:
        return expr.args[0]
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == enum:
        return ast.Constant(expr.attr.lower())
    return expr


def sites() -> list[Site]:
    """Every place the engine cites rules: events, refusals, steps and outcomes."""
    modules = _modules()
    resolver = Resolver(modules)
    out = []
    for m in modules:
        rel = m.path.relative_to(ROOT)
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Call):
                name = _call_name(node)
                if name in ("_emit", "emit") and len(node.args) >= 2:
                    kinds = resolver.alternatives(m, _enum_member(node.args[0], "EventKind"), any_text=True)
                    alts = resolver.alternatives(m, node.args[1])
                    for kind in sorted(set().union(*kinds)) if kinds else [ast.unparse(node.args[0])]:
                        out.append(Site("event", kind, frozenset().union(*alts) if alts else None,
                                        tuple(alts) if alts else None, f"{rel}:{node.lineno}"))
                    continue
                elif name == "IllegalAction" and len(node.args) >= 2:
                    reason = _enum_member(node.args[1], "Refusal")
                    label = reason.value if isinstance(reason, ast.Constant) else ast.unparse(reason)
                    what, rules_arg = "refusal", node.args[0]
                elif name == "Outcome" and len(node.args) >= 3 and isinstance(node.args[1], ast.Constant):
                    what, label, rules_arg = "outcome", node.args[1].value, node.args[2]
                else:
                    continue
                alts = resolver.alternatives(m, rules_arg)
                out.append(Site(what, label, frozenset().union(*alts) if alts else None,
                                tuple(alts) if alts else None, f"{rel}:{node.lineno}"))
            elif isinstance(node, ast.ClassDef) and node.name == "Step":
                for stmt in node.body:
                    if (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Tuple)
                            and len(stmt.value.elts) == 3 and isinstance(stmt.value.elts[0], ast.Constant)):
                        key, rule = stmt.value.elts[0].value, stmt.value.elts[2].value
                        out.append(Site("step", key, frozenset({rule}), (frozenset({rule}),),
                                        f"{rel}:{stmt.lineno}"))
    return out


def literal_rules() -> dict[str, list[str]]:
    """Every string constant of the engine that is a rule number -> where (docstrings aside)."""
    found: dict[str, list[str]] = {}
    for m in _modules():
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE.match(node.value):
                found.setdefault(node.value, []).append(f"{m.path.relative_to(ROOT)}:{node.lineno}")
    return found
