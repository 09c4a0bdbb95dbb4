#!/usr/bin/env python3
"""Session 13 call G1's copy of cl/ (.gpu/cl-only): matmul.cl with each kernel guarded by
`#if !defined(ONLY) || ONLY == i` (matmul_fast_sum with matmul_fast), so that `--cl-opts
-DONLY=i` builds the program with that one kernel -- what NVIDIA's compiler spends on one kernel
against the whole file.  Usage: python3 THIS cl/matmul.cl > .gpu/cl-only/matmul.cl"""
import re
import sys

lines = open(sys.argv[1]).read().split("\n")
out, names, i = [], [], 0
while i < len(lines):
    if lines[i].startswith("__kernel"):
        j = i
        while not re.search(r"(\w+)\s*\(", lines[j].split("void")[-1]):
            j += 1
        name = re.search(r"(\w+)\s*\(", lines[j].split("void")[-1]).group(1).replace("_sum", "")
        if name not in names:
            names.append(name)
        out.append("#if !defined(ONLY) || ONLY == %d" % (names.index(name) + 1))
        while lines[i] != "}":
            out.append(lines[i])
            i += 1
        out += ["}", "#endif"]
        i += 1
        continue
    out.append(lines[i])
    i += 1
print("\n".join(out), end="")
