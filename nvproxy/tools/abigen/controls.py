#!/usr/bin/env python3
"""Generate the RM control-command table of one open-gpu-kernel-modules driver tag.

For a driver tag (e.g. ``580.142``) this script

1. extracts, from a git mirror of NVIDIA/open-gpu-kernel-modules, the tag's
   ``src/nvidia/generated`` (NVOC output) and SDK headers into a temporary directory;
2. parses every entry of the NVOC exported-method tables
   (``__nvoc_exported_method_def_*[]`` in ``src/nvidia/generated/g_*_nvoc.c``): its
   ``/*methodId=*/``, ``/*flags=*/``, ``/*paramSize=*/`` (``sizeof(STRUCT)`` or ``0``) and
   the handler named by ``/*pFunc=*/``;
3. writes and compiles (gcc, x86_64) a C program that includes every control header under
   ``src/common/sdk/nvidia/inc/ctrl`` and prints ``sizeof`` of every params struct named in
   the tables and the value of every object-like ``#define NV*_CTRL_CMD_*`` macro of those
   headers (the preprocessor and compiler evaluate them; macros that do not compile into an
   integer are dropped);
4. writes ``nvproxy/src/main/resources/dev/sluice/nvproxy/abi/controls-<tag>.tsv``: one row
   per distinct methodId, sorted by id, with the command's name, params struct, params size
   and RMCTRL flags.

Names: the macro whose value is the id; where several macros share the value, the one whose
name matches the params struct (``NVxxxx_CTRL_CMD_FOO`` for ``NVxxxx_CTRL_FOO_PARAMS``)
wins. An id without any macro gets a name derived from its params struct
(``NVxxxx_CTRL_FOO_PARAMS`` -> ``NVxxxx_CTRL_CMD_FOO``) or, without one, from its NVOC
handler (``subdeviceCtrlCmdGpuFoo_IMPL`` -> ``NV2080_CTRL_CMD_GPU_FOO``).

An id exported by several classes must have the same size and flags everywhere; otherwise
the script fails. It uses only the Python 3 standard library and gcc.

Run by hand from the repository root, once per tag:

    python3 nvproxy/tools/abigen/controls.py 580.142 \\
        --mirror /path/to/open-gpu-kernel-modules.git

(``--out DIR`` changes the output directory; ``--keep`` keeps the temporary directory.)
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DEFAULT_OUT = os.path.join(
    REPO_ROOT, "nvproxy", "src", "main", "resources", "dev", "sluice", "nvproxy", "abi"
)

EXTRACT_PATHS = [
    "src/nvidia/generated",
    "src/common/sdk/nvidia/inc",
    "src/nvidia/arch/nvalloc/unix/include",
]
INCLUDE_DIRS = [
    "src/common/sdk/nvidia/inc",
    "src/common/sdk/nvidia/inc/ctrl",
    "src/nvidia/arch/nvalloc/unix/include",
]
CTRL_DIR = "src/common/sdk/nvidia/inc/ctrl"
# Included before any control header (some use NV_STATUS without including nvstatus.h).
PRELUDE = ['#include "nvtypes.h"', '#include "nvstatus.h"']

ENTRY_RE = re.compile(
    r"/\*pFunc=\*/\s*\(void \(\*\)\(void\)\)\s*(?:&?(?P<func>(?!NULL\b)\w+)|NULL)"
    r"(?:(?!/\*pFunc=\*/).)*?"
    r"/\*flags=\*/\s*(?P<flags>0x[0-9a-fA-F]+)u?,\s*"
    r"/\*accessRight=\*/\s*0x[0-9a-fA-F]+u?,\s*"
    r"/\*methodId=\*/\s*(?P<id>0x[0-9a-fA-F]+)u?,\s*"
    r"/\*paramSize=\*/\s*(?:sizeof\((?P<struct>\w+)\)|(?P<zero>0))",
    re.S,
)
# Object-like macros that may name a command: most are NVxxxx_CTRL_CMD_*, but a few
# commands are only defined without _CMD_ (NV2080_CTRL_GPU_GET_FIPS_STATUS).
DEFINE_RE = re.compile(r"^\s*#\s*define\s+(NV\w*_CTRL_\w+)(?=[ \t]|$)(.*)$", re.M)
# A definition that only renames another macro (a deprecated alias).
ALIAS_RE = re.compile(r"^\(?\s*[A-Za-z_]\w*\s*\)?$")
# Any diagnostic (errors, and the notes of errors inside a macro's expansion) naming a
# line of the probe; warnings are off (-w).
GCC_ERR_RE = re.compile(r"prog\.c:(\d+):\d+: (?:error|note):")
# An undeclared identifier inside a macro is reported at the macro's definition only.
GCC_MACRO_RE = re.compile(r"note: in (?:definition|expansion) of macro '(\w+)'")
GCC_ENV = dict(os.environ, LC_ALL="C")


def die(msg):
    sys.exit("controls.py: " + msg)


def extract(mirror, tag, dest):
    archive = subprocess.run(
        ["git", "-C", mirror, "archive", tag] + EXTRACT_PATHS,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    if archive.returncode != 0:
        die("git archive %s failed: %s" % (tag, archive.stderr.decode(errors="replace")))
    subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)


def parse_nvoc(root):
    """All exported-method entries: list of (id, flags, struct or None, func or None, file)."""
    gen = os.path.join(root, "src/nvidia/generated")
    entries = []
    for fn in sorted(os.listdir(gen)):
        if not (fn.startswith("g_") and fn.endswith("_nvoc.c")):
            continue
        text = open(os.path.join(gen, fn), encoding="utf-8", errors="replace").read()
        expected = text.count("/*methodId=*/")
        found = 0
        for m in ENTRY_RE.finditer(text):
            found += 1
            entries.append(
                (int(m.group("id"), 16), int(m.group("flags"), 16), m.group("struct"),
                 m.group("func"), fn)
            )
        if found != expected:
            die("%s: parsed %d of %d exported-method entries" % (fn, found, expected))
    if not entries:
        die("no exported-method entries found")
    return entries


def gcc_cmd(root, src, out=None, syntax_only=False):
    cmd = ["gcc", "-m64", "-std=gnu11", "-w"]
    for d in INCLUDE_DIRS:
        cmd += ["-I", os.path.join(root, d)]
    cmd.append(src)
    cmd += ["-fsyntax-only"] if syntax_only else ["-o", out]
    return cmd


def ctrl_headers(root):
    base = os.path.join(root, CTRL_DIR)
    hs = []
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(".h"):
                hs.append(os.path.relpath(os.path.join(d, f), base))
    return sorted(hs)


def usable_headers(root, work, headers):
    """Headers that compile on their own (after the prelude)."""

    def check(i_h):
        i, h = i_h
        src = os.path.join(work, "hdr%d.c" % i)
        with open(src, "w") as f:
            f.write("\n".join(PRELUDE + ['#include "%s"' % h]) + "\n")
        r = subprocess.run(gcc_cmd(root, src, syntax_only=True), capture_output=True)
        return h, r.returncode == 0

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 4) as ex:
        results = list(ex.map(check, enumerate(headers)))
    bad = [h for h, ok in results if not ok]
    if bad:
        print("skipping %d headers that do not compile alone: %s" % (len(bad), " ".join(bad)),
              file=sys.stderr)
    return [h for h, ok in results if ok]


def ctrl_macros(root, headers):
    """(sorted macro names, set of names defined as an alias of another macro)."""
    names, aliases = set(), set()
    for h in headers:
        text = open(os.path.join(root, CTRL_DIR, h), encoding="utf-8", errors="replace").read()
        for name, body in DEFINE_RE.findall(text):
            names.add(name)
            body = re.sub(r"/\*.*?(\*/|$)|//.*$", "", body).strip()
            if ALIAS_RE.match(body):
                aliases.add(name)
    return sorted(names), aliases


INT_EXPR_RE = re.compile(r"^[\w\s()+\-*/%<>|&~^!?:]+$")


def integer_like(root, work, headers, macros):
    """Macros whose expansion looks like an integer expression (balanced parentheses, no
    strings, braces or semicolons), so that compiling them cannot derail the parser."""
    src = os.path.join(work, "expand.c")
    with open(src, "w") as f:
        f.write("\n".join(PRELUDE + ['#include "%s"' % h for h in headers]) + "\n")
        for m in macros:
            f.write('@@ "%s" %s\n' % (m, m))
    cmd = gcc_cmd(root, src, syntax_only=True)
    cmd[cmd.index("-fsyntax-only")] = "-E"
    out = subprocess.run(cmd + ["-P"], capture_output=True, text=True)
    if out.returncode != 0:
        die("preprocessing failed:\n" + out.stderr[:4000])
    keep = []
    for line in out.stdout.splitlines():
        m = re.match(r'^@@ "(\w+)" (.*)$', line)
        if not m:
            continue
        exp = m.group(2).strip()
        if not exp or not INT_EXPR_RE.match(exp):
            continue
        depth = 0
        for ch in exp:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth < 0:
                break
        if depth == 0:
            keep.append(m.group(1))
    return keep


def evaluate(root, work, headers, structs, macros):
    """Compile and run the probe; returns ({struct: size}, {macro: value})."""
    lines = [("S", s) for s in structs] + [("M", m) for m in macros]
    prologue = ["#include <stdio.h>"] + PRELUDE
    prologue += ['#include "%s"' % h for h in headers]
    prologue += ["int main(void) {"]
    src = os.path.join(work, "prog.c")
    exe = os.path.join(work, "prog")
    dropped = []
    for _ in range(50):
        body = []
        for kind, name in lines:
            if kind == "S":
                body.append('printf("S\\t%s\\t%%zu\\n", sizeof(%s));' % (name, name))
            else:
                body.append('printf("M\\t%s\\t%%llu\\n", (unsigned long long)(%s));' % (name, name))
        with open(src, "w") as f:
            f.write("\n".join(prologue + body + ["return 0;", "}"]) + "\n")
        r = subprocess.run(gcc_cmd(root, src, out=exe), capture_output=True, text=True,
                           env=GCC_ENV)
        if r.returncode == 0:
            break
        bad = {int(n) - len(prologue) - 1 for n in GCC_ERR_RE.findall(r.stderr)}
        bad_macros = set(GCC_MACRO_RE.findall(r.stderr))
        bad |= {i for i, (k, n) in enumerate(lines) if k == "M" and n in bad_macros}
        bad = {b for b in bad if 0 <= b < len(lines)}
        if not bad:
            die("probe does not compile:\n" + r.stderr[:4000])
        dropped += [lines[b] for b in sorted(bad)]
        lines = [l for i, l in enumerate(lines) if i not in bad]
    else:
        die("probe still does not compile after 50 rounds")
    missing = [n for k, n in dropped if k == "S"]
    if missing:
        die("params structs without a compilable definition: " + " ".join(missing))
    out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    sizes, values = {}, {}
    for row in out.splitlines():
        kind, name, val = row.split("\t")
        (sizes if kind == "S" else values)[name] = int(val)
    return sizes, values


def camel_to_snake(s):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", s).upper()


def derived_name(cmd, struct, funcs):
    if struct and struct.endswith("_PARAMS") and "_CTRL_" in struct:
        head, tail = struct[: -len("_PARAMS")].split("_CTRL_", 1)
        if tail.startswith("CMD_"):
            tail = tail[len("CMD_"):]
        return "%s_CTRL_CMD_%s" % (head, tail)
    for fn in funcs:
        m = re.search(r"CtrlCmd(\w+?)(?:_IMPL)?$", fn or "")
        if m:
            return "NV%04X_CTRL_CMD_%s" % (cmd >> 16, camel_to_snake(m.group(1)))
    return "NV%04X_CTRL_CMD_0x%08x" % (cmd >> 16, cmd)


def struct_matches(name, struct):
    return bool(struct) and (
        name.replace("_CTRL_CMD_", "_CTRL_", 1) + "_PARAMS" == struct
        or name + "_PARAMS" == struct)


def choose_name(cmd, struct, candidates, funcs, aliases):
    # A macro matching the params struct wins; else only _CTRL_CMD_ macros count (other
    # constants may share a small NV0000 id by chance).
    matching = [c for c in candidates if struct_matches(c, struct)]
    if matching:
        return sorted(matching)[0], False
    candidates = [c for c in candidates if "_CTRL_CMD_" in c]
    if not candidates:
        return derived_name(cmd, struct, funcs), True
    if len(candidates) == 1:
        return candidates[0], False
    # No struct match: prefer a macro that is not an alias of another one, then the name
    # closest to the handler, then the shortest.
    if any(c not in aliases for c in candidates):
        candidates = [c for c in candidates if c not in aliases]
        if len(candidates) == 1:
            return candidates[0], False
    want = derived_name(cmd, None, funcs)
    if want in candidates:
        return want, False
    return sorted(candidates, key=lambda c: (len(c), c))[0], False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tag")
    ap.add_argument("--mirror", required=True, help="git directory of open-gpu-kernel-modules")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="abigen-%s-" % args.tag)
    try:
        root = os.path.join(tmp, "src")
        work = os.path.join(tmp, "work")
        os.makedirs(root)
        os.makedirs(work)
        extract(args.mirror, args.tag, root)

        entries = parse_nvoc(root)
        by_id = {}
        for cmd, flags, struct, func, fn in entries:
            by_id.setdefault(cmd, []).append((flags, struct, func, fn))

        headers = usable_headers(root, work, ctrl_headers(root))
        macros, aliases = ctrl_macros(root, headers)
        macros = integer_like(root, work, headers, macros)
        structs = sorted({s for _, _, s, _, _ in entries if s})
        sizes, values = evaluate(root, work, headers, structs, macros)

        names_by_value = {}
        for name, val in values.items():
            names_by_value.setdefault(val, []).append(name)

        rows = []
        errors = []
        derived = []
        for cmd in sorted(by_id):
            exports = by_id[cmd]
            sz = {(sizes[s] if s else 0) for _, s, _, _ in exports}
            fl = {f for f, _, _, _ in exports}
            if len(sz) != 1 or len(fl) != 1:
                errors.append("0x%08x disagrees across classes: %s" % (cmd, [
                    (fn, hex(f), s, sizes.get(s, 0) if s else 0) for f, s, _, fn in exports]))
                continue
            struct_names = sorted({s for _, s, _, _ in exports if s})
            struct = struct_names[0] if struct_names else None
            name, is_derived = choose_name(
                cmd, struct, sorted(names_by_value.get(cmd, [])), [f for _, _, f, _ in exports],
                aliases)
            if is_derived:
                derived.append(name)
            rows.append((cmd, name, struct or "-", sz.pop(), fl.pop()))
        if errors:
            die("\n".join(errors))

        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, "controls-%s.tsv" % args.tag)
        with open(path, "w") as f:
            f.write("# generated by nvproxy/tools/abigen/controls.py from "
                    "open-gpu-kernel-modules %s; do not edit\n" % args.tag)
            f.write("id\tname\tparamsStruct\tparamsSize\trmFlags\n")
            for cmd, name, struct, size, flags in rows:
                f.write("0x%08x\t%s\t%s\t%d\t0x%x\n" % (cmd, name, struct, size, flags))
        print("%s: %d controls (%d exported entries, %d macros evaluated, %d names derived%s)"
              " -> %s" % (args.tag, len(rows), len(entries), len(values), len(derived),
                          (": " + " ".join(derived)) if len(derived) <= 40 else "",
                          os.path.relpath(path)))
    finally:
        if args.keep:
            print("kept " + tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
