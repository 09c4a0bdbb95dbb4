#!/usr/bin/env python3
"""The layer map of host/ and include/ (docs/architecture.md, "Architecture"), checked on the source text.

1. Every file lives in a layer's folder: host/<layer>/*.c, include/<layer>/clbench/*.h.
2. Every #include "clbench/x.h" names a header of the file's own layer or of a layer below it
   (the build refuses most crossings already: a layer's include path holds only its own headers
   and those below; this also catches a header moved to the wrong folder), and every function
   or table a .c file names is defined in its layer or below.
3. No two .c files use each other's functions, directly or round a longer cycle: a file A uses B
   when A names a function or table that B defines (with external linkage) and declares in its
   header.

Usage: layers.py SOURCE_DIR: prints each violation and exits 1, or exits 0.
       layers.py --self-test: checks that each kind of violation is found, on small trees.
"""
import contextlib
import io
import os
import re
import sys
import tempfile

# Lowest first; report and tune both stand on run and do not see each other; session (the run
# as a whole: workers, journal, the tune loop) stands on both; cli on everything.
BELOW = {
    "base": set(),
    "kernels": {"base"},
    "run": {"base", "kernels"},
    "report": {"base", "kernels", "run"},
    "tune": {"base", "kernels", "run"},
    "session": {"base", "kernels", "run", "report", "tune"},
    "cli": {"base", "kernels", "run", "report", "tune", "session"},
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"clbench/([A-Za-z0-9_]+\.h)"', re.M)
# A definition with external linkage at the start of a line: a function (its body follows) or
# a table ("const struct cb_kernel cb_kernels[] = {").
DEFINITION = re.compile(r"^(?!static\b|typedef\b|extern\b)[A-Za-z_][^;{}()=\n]*?\b(cb_\w+)\s*(\(|\[|=)",
                        re.M)
IDENT = re.compile(r"\bcb_\w+\b")
# Comments, string and character literals, in one pass: "/*" inside a string opens no comment.
LITERAL = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def code_of(text):
    return LITERAL.sub(lambda m: " " if m.group(0)[0] == "/" else '""', text)


def main(root):
    errors = []
    headers = {}  # "x.h" -> layer
    files = []  # (path, layer)
    for top in ("host", "include"):
        for name in sorted(os.listdir(os.path.join(root, top))):
            folder = os.path.join(root, top, name)
            if not os.path.isdir(folder):
                continue
            if name not in BELOW:
                errors.append(f"{top}/{name}/: not a layer ({', '.join(BELOW)})")
                continue
            if top == "include":
                entries = sorted(os.listdir(folder))
                if entries != ["clbench"]:
                    errors.append(f"include/{name}/ holds {entries}: only clbench/")
                folder = os.path.join(folder, "clbench")
            for f in sorted(os.listdir(folder)):
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, root)
                if top == "include":
                    if f in headers:
                        errors.append(f"{rel}: a header of that name is in {headers[f]} too")
                    headers[f] = name
                files.append((rel, name))

    # 2. Includes only downward.
    for rel, layer in files:
        for h in INCLUDE.findall(read(os.path.join(root, rel))):
            if h not in headers:
                errors.append(f"{rel}: includes clbench/{h}, which no layer has")
            elif headers[h] != layer and headers[h] not in BELOW[layer]:
                errors.append(f"{rel} ({layer}) includes clbench/{h} ({headers[h]}): "
                              f"{layer} may include only {', '.join(sorted(BELOW[layer] | {layer}))}")

    # 3. No cycles between .c files.
    sources = [rel for rel, _ in files if rel.endswith(".c")]
    code = {rel: code_of(read(os.path.join(root, rel))) for rel in sources}
    defined_in = {}
    for rel in sources:
        for name in definitions(code[rel]):
            defined_in.setdefault(name, rel)
    layer_of = dict(files)
    uses = {}
    for rel in sources:
        names = sorted(n for n in set(IDENT.findall(code[rel])) if n in defined_in)
        uses[rel] = sorted({defined_in[n] for n in names} - {rel})
        # A prototype written by hand reaches upward without an #include; static libraries may
        # still link it when the layer above happens to be linked in.
        for n in names:
            up = layer_of[defined_in[n]]
            if up != layer_of[rel] and up not in BELOW[layer_of[rel]]:
                errors.append(f"{rel} ({layer_of[rel]}) uses {n} of {defined_in[n]} ({up})")
    for component in cycles(sources, uses):
        cycle = path_within(component, uses)
        errors.append(f"files using each other's functions ({', '.join(component)}), e.g. " +
                      " -> ".join(cycle + [cycle[0]]))

    for e in errors:
        print("layers: " + e)
    if not errors:
        print(f"layers: {len(files)} files, {len(headers)} headers: every include goes down, "
              "no cycles")
    return 1 if errors else 0


def definitions(code):
    """The names a .c file defines with external linkage: a function whose body follows its
    parameters (not a prototype), or an object given a value."""
    for m in DEFINITION.finditer(code):
        rest = code[m.end():]
        end = min((i for i in (rest.find(";"), rest.find("{")) if i >= 0), default=len(rest))
        if rest[end:end + 1] == "{" if m.group(2) == "(" else "=" in code[m.start(2):m.end() + end]:
            yield m.group(1)


def cycles(nodes, edges):
    """The strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def path_within(component, edges):
    """A cycle through the component's first file, by breadth-first search back to it."""
    start, members = component[0], set(component)
    previous, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in edges[v]:
                if w == start:
                    path = [v]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return path[::-1]
                if w in members and w not in previous:
                    previous[w] = v
                    nxt.append(w)
        frontier = nxt
    return component


def self_test():
    """Each violation in a tree of its own, beside a tree that has none."""
    good = {
        "host/base/text.c": '#include "clbench/text.h"\nint cb_text(void) { return 0; }\n',
        "include/base/clbench/text.h": "int cb_text(void);\n",
        "host/run/row.c": '#include "clbench/row.h"\n#include "clbench/text.h"\n'
                          "int cb_row(void) { return cb_text(); }\n",
        "include/run/clbench/row.h": "int cb_row(void);\n",
        "host/report/view.c": '#include "clbench/row.h"\nint cb_view(void) { return cb_row(); }\n',
        "include/report/clbench/view.h": "int cb_view(void);\n",
    }
    cases = {
        "every include goes down": ({}, None),
        "an upward include": ({"host/base/text.c": '#include "clbench/row.h"\n'},
                              "host/base/text.c (base) includes clbench/row.h (run)"),
        "a sibling's include": ({"host/tune/t.c": '#include "clbench/view.h"\n'},
                                "host/tune/t.c (tune) includes clbench/view.h (report)"),
        "a header upward": ({"include/base/clbench/text.h": '#include "clbench/row.h"\n'},
                            "include/base/clbench/text.h (base) includes clbench/row.h (run)"),
        "a call upward": ({"host/base/text.c": "int cb_row(void);\nint cb_text(void) { return cb_row(); }\n"},
                          "host/base/text.c (base) uses cb_row of host/run/row.c (run)"),
        "an unknown header": ({"host/run/row.c": '#include "clbench/gone.h"\n'},
                              "includes clbench/gone.h, which no layer has"),
        "a folder outside the map": ({"host/misc/x.c": "\n"}, "host/misc/: not a layer"),
        "a header outside clbench/": ({"include/run/row.h": "\n"},
                                      "include/run/ holds ['clbench', 'row.h']: only clbench/"),
        "a header in two layers": ({"include/run/clbench/text.h": "\n"},
                                   "a header of that name is in base too"),
        "two files using each other": (
            {"host/run/col.c": '#include "clbench/row.h"\nint cb_col(void) { return cb_row(); }\n',
             "host/run/row.c": "int cb_col(void);\nint cb_row(void) { return cb_col(); }\n"},
            "files using each other's functions (host/run/col.c, host/run/row.c)"),
    }
    failed = 0
    for name, (changes, expected) in cases.items():
        with tempfile.TemporaryDirectory() as root:
            for rel, text in {**good, **changes}.items():
                os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
                with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                    f.write(text)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = main(root)
            ok = status == 0 if expected is None else status == 1 and expected in out.getvalue()
            print(f"{'ok' if ok else 'FAILED'}: {name}")
            if not ok:
                print(out.getvalue(), end="")
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
