"""Checks that the documentation (README.md and docs/*.md under a source folder) names every
option, manifest key and row status given to it (curl's test1139 idea: the tables, the help
and the docs stay in sync).

    docs_check.py SRCDIR --options FILE --keys FILE --statuses FILE

Each FILE holds one name a line.  An option counts as documented where `--name` appears
followed by something that cannot continue an option name (so `--no` is not found inside
`--no-peak`); a key or a status where it appears in backquotes, as the docs write them
(`` `local_mem` ``, `` `verify_failed` ``).  Prints each missing name and exits 1 when any is
missing, 0 otherwise."""
import argparse
import glob
import os
import re
import sys


def names(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("srcdir")
    ap.add_argument("--options", required=True)
    ap.add_argument("--keys", required=True)
    ap.add_argument("--statuses", required=True)
    args = ap.parse_args()
    files = [os.path.join(args.srcdir, "README.md")]
    files += sorted(glob.glob(os.path.join(args.srcdir, "docs", "*.md")))
    text = ""
    for path in files:
        with open(path, encoding="utf-8") as f:
            text += f.read() + "\n"
    missing = []
    for opt in names(args.options):
        if not re.search(re.escape(opt) + r"(?![a-z0-9-])", text):
            missing.append("option " + opt)
    for kind, path in (("manifest key", args.keys), ("status", args.statuses)):
        for name in names(path):
            # A backquoted span that holds the name as a word: `then`, `then NAME`.
            if not re.search(r"`[^`\n]*(?<![\w-])" + re.escape(name) + r"(?![\w-])[^`\n]*`", text):
                missing.append(kind + " " + name)
    for m in missing:
        print("not documented in README.md or docs/: " + m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
