#!/usr/bin/env python3
"""No C function in src/ over 80 lines (issue 42): a function a reader can
hold fits on a screen. A function's length runs from the first line of its
definition (where its return type starts) to its closing brace, both counted.
A definition is a brace at file level that follows a parenthesised parameter
list and is not an initialiser, a struct, union or enum. Comments, strings,
character constants and preprocessor lines are set aside first.
Usage: functions.py SOURCE_ROOT. Prints each function over the limit;
exit status 1 if any."""
import os
import re
import sys

MAX_LINES = 80
root = sys.argv[1] if len(sys.argv) > 1 else "."


def blank_out(text):
    """text with comments, strings, character constants and preprocessor
    lines replaced by spaces, newlines kept, so that offsets keep their line."""
    token = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
                       r'|^[ \t]*#(?:\\\n|[^\n])*', re.S | re.M)
    return token.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def without_attributes(head):
    """head with each __attribute__((...)) blanked, so that the name found
    is the function's, not the attribute's."""
    while (at := head.find("__attribute__")) >= 0:
        end, depth = head.index("(", at), 0
        while True:
            depth += {"(": 1, ")": -1}.get(head[end], 0)
            end += 1
            if depth == 0:
                break
        head = head[:at] + " " * (end - at) + head[end:]
    return head


def definitions(text):
    """(name, first line, last line) of each function defined in text."""
    code = blank_out(text)
    depth, start, found = 0, 0, []
    for i, ch in enumerate(code):
        if ch == "{":
            if depth == 0:
                head = without_attributes(code[start:i])
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                m = re.search(r"(\w+)\s*\([^;{}]*\)[\s\w()]*$", head)
                kind = re.match(r"\s*(?:typedef\s+)?(struct|union|enum)\b", head)
                if m and "=" not in head and not kind:
                    first = start + len(head) - len(head.lstrip())
                    found.append((m.group(1), code.count("\n", 0, first) + 1,
                                  code.count("\n", 0, i) + 1))
                start = i + 1
        elif ch == ";" and depth == 0:
            start = i + 1
    return found


problems = []
for dirpath, dirnames, names in os.walk(os.path.join(root, "src")):
    dirnames.sort()
    for name in sorted(names):
        if not name.endswith((".c", ".h")):
            continue
        path = os.path.join(dirpath, name)
        rel = os.path.relpath(path, root)
        for func, first, last in definitions(open(path, encoding="utf-8").read()):
            lines = last - first + 1
            if lines > MAX_LINES:
                problems.append(f"{rel}:{first}: {func} "
                                f"is {lines} lines, over {MAX_LINES}")

for p in problems:
    print(p)
print(f"{len(problems)} function(s) over {MAX_LINES} lines" if problems else
      f"no function in src over {MAX_LINES} lines")
sys.exit(1 if problems else 0)
