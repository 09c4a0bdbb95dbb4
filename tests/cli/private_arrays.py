"""Lists private arrays declared inside a loop that holds a barrier, in OpenCL C files.

PoCL 5.0 now and then compiles such a kernel wrongly (results/README.md, "PoCL 5.0 and private
arrays"), so no kernel of cl/ has one.  A light tokenizer, not a C parser: comments and
preprocessor lines are skipped, loops are `for`, `while` and `do`, a block is a loop's when the
loop's statement is that block, and a declaration is a type word (a name, maybe with a vector
width, maybe after `const`), a name and `[`, outside __local, __global and __constant.
    python3 private_arrays.py FILE...   prints FILE:LINE: NAME for each, exits 1 if any
"""
import re
import sys

TOKEN = re.compile(r"/\*.*?\*/|//[^\n]*|^[ \t]*#[^\n]*|\w+|\S", re.S | re.M)
QUALIFIERS = {"__local", "local", "__global", "global", "__constant", "constant"}
NOT_TYPES = {"return", "sizeof", "if", "else", "for", "while", "do", "case", "goto"}


def tokens(text):
    for m in TOKEN.finditer(text):
        tok = m.group(0)
        if tok.startswith("/*") or tok.startswith("//") or tok.lstrip().startswith("#"):
            continue
        yield tok, text.count("\n", 0, m.start()) + 1


def findings(text):
    toks = list(tokens(text))
    found, stack = [], []  # stack of blocks: [is_loop, has_barrier, [(line, name)]]
    loop_next = False  # the next block is a loop's statement
    i = 0
    while i < len(toks):
        tok, line = toks[i]
        if tok in ("for", "while") and i + 1 < len(toks) and toks[i + 1][0] == "(":
            depth, i = 0, i + 1
            while i < len(toks):
                depth += toks[i][0] == "("
                depth -= toks[i][0] == ")"
                if depth == 0:
                    break
                i += 1
            loop_next = True
        elif tok == "do":
            loop_next = True
        elif tok == "{":
            stack.append([loop_next, False, []])
            loop_next = False
        elif tok == "}":
            is_loop, barrier, arrays = stack.pop()
            if is_loop and barrier:
                found.extend(arrays)
            if stack:
                stack[-1][1] |= barrier
                stack[-1][2].extend(arrays)
        elif tok == ";":
            loop_next = False
        elif tok in ("barrier", "work_group_barrier") and stack:
            stack[-1][1] = True
        elif (re.fullmatch(r"[A-Za-z_]\w*", tok) and tok not in NOT_TYPES and stack
              and i + 2 < len(toks) and re.fullmatch(r"[A-Za-z_]\w*", toks[i + 1][0])
              and toks[i + 2][0] == "["):
            before = {t for t, _ in toks[max(0, i - 3):i]}
            prev = toks[i - 1][0] if i else ""
            if not before & QUALIFIERS and (prev in ("{", "}", ";", "const") or prev == ")"):
                stack[-1][2].append((toks[i + 1][1], toks[i + 1][0]))
        i += 1
    return sorted(set(found))


def main(paths):
    bad = 0
    for path in paths:
        for line, name in findings(open(path).read()):
            print(f"{path}:{line}: private array '{name}' declared inside a loop that holds a barrier")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
