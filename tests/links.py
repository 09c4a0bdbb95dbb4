#!/usr/bin/env python3
"""links.py ROOT: every relative link of the repository's Markdown pages resolves.

The pages are README.md, docs/*.md, tests/**/*.md and results/**/*.md.  A link
[text](target) whose target is not a URL must name a file or folder that exists, relative to
the page (a target starting with '/' is relative to ROOT, as GitHub reads it), and a
'#anchor' on a Markdown page must name one of its headings (GitHub's slugs).  Links inside
code spans and fenced blocks are not links.  Prints one line per dead link and exits 1 if
there is any.

links.py --self-test: the checker finds a dead file, a dead folder, a dead anchor and a
root-relative link, and passes a page whose links all resolve.
"""
import os
import re
import sys
import tempfile

LINK = re.compile(r"(?<!!)\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def pages(root):
    """The Markdown pages checked, relative to root."""
    out = []
    if os.path.exists(os.path.join(root, "README.md")):
        out.append("README.md")
    for top in ("docs", "tests", "results"):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if not x.startswith("."))
            out += sorted(os.path.relpath(os.path.join(d, f), root) for f in files
                          if f.endswith(".md"))
    return out


def prose(text):
    """The page's lines with fenced blocks blanked, line numbers kept."""
    lines, fence = [], None
    for line in text.split("\n"):
        m = re.match(r"^\s*(```+|~~~+)", line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            lines.append("")
            continue
        if m:
            fence = m.group(1)
            lines.append("")
            continue
        lines.append(line)
    return lines


def spans(line):
    """The [start, end) ranges of the line's code spans."""
    out, i = [], 0
    for m in re.finditer(r"`+", line):
        if m.start() < i:
            continue
        close = line.find(m.group(0), m.end())
        if close < 0:
            break
        out.append((m.start(), close + len(m.group(0))))
        i = close + len(m.group(0))
    return out


def slug(heading, seen):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    s = re.sub(r"<[^>]+>", "", heading.strip()).lower()
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = "".join(c for c in s if c.isalnum() or c in " -_").replace(" ", "-")
    n = seen.get(s, 0)
    seen[s] = n + 1
    return s if n == 0 else "%s-%d" % (s, n)


def anchors(path, cache):
    if path not in cache:
        seen, found, fence = {}, set(), None
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"^\s*(```+|~~~+)", line)
                if m:
                    fence = None if fence else m.group(1)
                    continue
                h = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if h and not fence:
                    found.add(slug(h.group(1), seen))
        cache[path] = found
    return cache[path]


def check(root):
    """The dead links under root, as 'page:line: target: why'."""
    dead, cache = [], {}
    for page in pages(root):
        with open(os.path.join(root, page), encoding="utf-8") as f:
            lines = prose(f.read())
        for n, line in enumerate(lines, 1):
            code = spans(line)
            for m in list(LINK.finditer(line)) + list(IMAGE.finditer(line)):
                if any(a <= m.start() < b for a, b in code):
                    continue  # `[x](y)` in a code span is text, not a link
                target = m.group(1)
                if SCHEME.match(target):
                    continue
                path, _, anchor = target.partition("#")
                if path.startswith("/"):
                    dead.append("%s:%d: %s: starts with '/', which GitHub reads from the "
                                "repository root; link relative to the page" % (page, n, target))
                    continue
                full = os.path.normpath(os.path.join(root, os.path.dirname(page), path)) \
                    if path else os.path.join(root, page)
                if not os.path.exists(full):
                    dead.append("%s:%d: %s: no such file or folder" % (page, n, target))
                elif anchor and full.endswith(".md") and anchor not in anchors(full, cache):
                    dead.append("%s:%d: %s: no heading '#%s' in %s" %
                                (page, n, target, anchor, os.path.relpath(full, root)))
    return dead


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "docs"))
        os.makedirs(os.path.join(root, "results", "dev", "run"))
        open(os.path.join(root, "results", "dev", "run", "a.json"), "w").close()
        good = ("# Top\n\n## The ladders: 000 — matmul\n\n### `matmul_fast`'s tiles\n\nSee [`dev/run/a.json`](dev/run/a.json), "
                "[the folder](dev/run/), [above](#the-ladders-000--matmul), "
                "[docs](../docs/page.md#usage-and-output), [tiles](#matmul_fasts-tiles), "
                "<https://example.org> and "
                "[a site](https://example.org/x).\n\n`[not](a link)`\n\n```\n[nor](this)\n```\n")
        with open(os.path.join(root, "results", "README.md"), "w") as f:
            f.write(good)
        with open(os.path.join(root, "docs", "page.md"), "w") as f:
            f.write("# Usage and output\n")
        with open(os.path.join(root, "README.md"), "w") as f:
            f.write("[results](results/README.md#top)\n")
        got = check(root)
        if got:
            print("self-test: a page whose links resolve was refused: %s" % got)
            return 1
        with open(os.path.join(root, "README.md"), "a") as f:
            f.write("[gone](results/dev/run/b.json)\n[gone too](results/dev/old/)\n"
                    "[no heading](docs/page.md#tuning)\n[root](/tmp)\n")
        got = check(root)
        want = ["b.json: no such file", "old/: no such file", "no heading '#tuning'",
                "/tmp: starts with '/'"]
        missed = [w for w in want if not any(w in g for g in got)]
        if missed or len(got) != len(want):
            print("self-test: expected %s, got %s" % (want, got))
            return 1
    print("links self-test: ok")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print("usage: links.py ROOT | --self-test", file=sys.stderr)
        return 2
    dead = check(sys.argv[1])
    for d in dead:
        print(d)
    print("links: %d page(s), %d dead link(s)" % (len(pages(sys.argv[1])), len(dead)))
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main())
