#!/usr/bin/env python3
"""Generate the RM control-command table of open-gpu-kernel-modules driver tags.

For each driver tag (e.g. ``580.142``) this script

1. extracts, from a git mirror of NVIDIA/open-gpu-kernel-modules, the tag's
   ``src/nvidia/generated`` (NVOC output), SDK headers and three RM files
   (``src/nvidia/inc/kernel/rmapi/control.h``, ``src/nvidia/src/kernel/rmapi/control.c``,
   ``src/nvidia/src/kernel/rmapi/embedded_param_copy.c``) into a temporary directory;
2. parses every entry of the NVOC exported-method tables
   (``__nvoc_exported_method_def_*[]`` in ``src/nvidia/generated/g_*_nvoc.c``): its
   ``/*methodId=*/``, ``/*flags=*/``, ``/*paramSize=*/`` (``sizeof(STRUCT)`` or ``0``) and
   the handler named by ``/*pFunc=*/``;
3. writes and compiles (gcc, x86_64) a C program that includes every control header under
   ``src/common/sdk/nvidia/inc/ctrl`` plus the ``#define RMCTRL_FLAGS_*`` lines of the tag's
   ``control.h`` (only those lines: the rest of that header needs RM's internals), and prints
   ``sizeof`` of every params struct named in the tables, the value of every object-like
   ``#define NV*_CTRL_*`` macro of those headers and the values of the tag's
   ``RMCTRL_FLAGS_INTERNAL``, ``_PRIVILEGED``, ``_NON_PRIVILEGED`` and
   ``_PRIVILEGED_IF_RS_ACCESS_DISABLED`` (the preprocessor and compiler evaluate them; macros
   that do not compile into an integer are dropped);
4. compiles, with ``-g``, a second file declaring one pointer to every params struct and reads
   its DWARF (``readelf --debug-dump=info``) for the struct traits;
5. writes ``nvproxy/src/main/resources/dev/sluice/nvproxy/abi/controls-<tag>.tsv`` (one row
   per distinct methodId, sorted by id) and ``nvproxy/tools/abigen/asserts/<tag>/controls.c``
   (``_Static_assert(sizeof(STRUCT) == N, "STRUCT")`` for every params struct of the table),
   then compiles the latter with ``gcc -fsyntax-only`` against the tag's headers; a failing
   assertion fails the run.

Columns of the table:

``id``
    the methodId, ``0x%08x``.
``name``
    the macro whose value is the id; where several macros share the value, the one whose
    name matches the params struct (``NVxxxx_CTRL_CMD_FOO`` for ``NVxxxx_CTRL_FOO_PARAMS``)
    wins. An id without any macro gets a name derived from its params struct
    (``NVxxxx_CTRL_FOO_PARAMS`` -> ``NVxxxx_CTRL_CMD_FOO``) or, without one, from its NVOC
    handler (``subdeviceCtrlCmdGpuFoo_IMPL`` -> ``NV2080_CTRL_CMD_GPU_FOO``).
``paramsStruct``, ``paramsSize``
    the struct of ``/*paramSize=*/`` and its ``sizeof`` (``-`` and 0 for none).
``rmFlags``
    the NVOC ``/*flags=*/`` value, ``0x%08x``. Its bits are the tag's own RMCTRL_FLAGS_*:
    the layout was renumbered between 550 and 555 (NON_PRIVILEGED 0x10 -> 0x8, INTERNAL
    0x400 -> 0x80, ...), so never compare raw flags across branches; compare ``privilege``.
``privilege``
    decoded with the tag's own flag values as RM's ``control.c`` applies them:
    ``INTERNAL`` if RMCTRL_FLAGS_INTERNAL is set (user space gets NV_ERR_NOT_SUPPORTED), else
    ``ROOT`` if RMCTRL_FLAGS_PRIVILEGED (below RS_PRIV_LEVEL_USER_ROOT:
    NV_ERR_INSUFFICIENT_PERMISSIONS), else ``USER`` if RMCTRL_FLAGS_NON_PRIVILEGED, else
    ``KERNEL`` (below RS_PRIV_LEVEL_KERNEL: NV_ERR_INSUFFICIENT_PERMISSIONS). The script
    checks that the tag's ``control.c`` still contains these three checks and fails
    otherwise; every tag of ``ALL_TAGS`` has them, with the same meaning (up to 570 inline
    in ``serverControl_ValidateCookie``, from 575 in
    ``rmControlValidateClientPrivilegeAccess``). Every tag also turns
    RMCTRL_FLAGS_PRIVILEGED_IF_RS_ACCESS_DISABLED into PRIVILEGED when resource-server access
    rights are disabled (``g_resServ.bRsAccessEnabled`` false); the column assumes them
    enabled (the default) and the run prints how many commands carry that flag. A vGPU host
    (``hypervisorIsVgxHyper()``) applies other rules to admin clients; not modelled.
``traits``
    a comma-separated subset, in this order, of
    ``POINTER`` (the params struct has a pointer-typed member, ``NvP64``, anywhere: through
    nested structs, unions and arrays), ``RM_COPIES_EMBEDDED`` (the id is a top-level case
    label of ``switch (pRmCtrlParams->cmd)`` in ``embeddedParamCopyIn()`` of
    ``embedded_param_copy.c``: RM itself follows the embedded pointer into the caller's
    memory; the file is run through the preprocessor with its own ``ctrl/`` includes, so its
    ``#ifdef USE_AMAPLIB`` / ``#ifdef NV0000_CTRL_CMD_OS_GET_CAPS`` cases count only when
    defined, which they are not; the label macros resolve to ids like names do), ``FD`` (a
    member, anywhere, named ``devDescriptor`` or named ``fd`` whose type is a 32-bit signed
    integer, i.e. a C ``int`` file descriptor; this leaves out the one-byte ``fd`` field of
    the NvLink PRM register structs), ``UNION`` (a union anywhere) and ``NAME_DERIVED`` (no
    macro names the id; see ``name``); ``-`` for none. The struct traits come from the DWARF
    of the compiled struct (DW_TAG_structure_type / union_type / member / pointer_type /
    typedef / array_type, following DW_AT_type).

An id exported by several classes must have the same size and flags everywhere; otherwise
the script fails. It uses only the Python 3 standard library, gcc and readelf (binutils).

Run from the repository root (tags are generated in parallel, ``--jobs`` at a time):

    python3 nvproxy/tools/abigen/controls.py --all \\
        --mirror /path/to/open-gpu-kernel-modules.git
    python3 nvproxy/tools/abigen/controls.py 580.142 550.163.01 --mirror ...

``--out DIR`` changes the table directory, ``--asserts-dir DIR`` the assertion directory,
``--keep`` keeps the temporary directories; ``--check-asserts`` only compiles the existing
``asserts/<tag>/controls.c`` of the tags against their headers, writing nothing.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DEFAULT_OUT = os.path.join(
    REPO_ROOT, "nvproxy", "src", "main", "resources", "dev", "sluice", "nvproxy", "abi"
)
DEFAULT_ASSERTS = os.path.join(REPO_ROOT, "nvproxy", "tools", "abigen", "asserts")

# Every x86_64 driver version gVisor's nvproxy supports that has a tag in the mirror, plus
# branch heads.
ALL_TAGS = [
    "535.129.03", "535.183.06", "535.247.01", "535.261.03", "535.274.02", "535.288.01",
    "545.29.06", "550.90.12", "550.163.01", "555.58.02", "560.35.03", "565.77",
    "570.124.06", "570.133.20", "570.172.08", "570.195.03", "570.211.01", "575.64.05",
    "580.65.06", "580.105.08", "580.126.09", "580.126.20", "580.142", "590.48.01",
]

CONTROL_H = "src/nvidia/inc/kernel/rmapi/control.h"
CONTROL_C = "src/nvidia/src/kernel/rmapi/control.c"
EMBEDDED_COPY_C = "src/nvidia/src/kernel/rmapi/embedded_param_copy.c"
EXTRACT_PATHS = [
    "src/nvidia/generated/g_*_nvoc.c",
    "src/common/sdk/nvidia/inc",
    "src/nvidia/arch/nvalloc/unix/include",
    CONTROL_H,
    CONTROL_C,
    EMBEDDED_COPY_C,
]
# What --check-asserts needs.
HEADER_PATHS = EXTRACT_PATHS[1:3]
INCLUDE_DIRS = [
    "src/common/sdk/nvidia/inc",
    "src/common/sdk/nvidia/inc/ctrl",
    "src/nvidia/arch/nvalloc/unix/include",
]
CTRL_DIR = "src/common/sdk/nvidia/inc/ctrl"
# Included before any control header (some use NV_STATUS without including nvstatus.h).
PRELUDE = ['#include "nvtypes.h"', '#include "nvstatus.h"']

# The RMCTRL flags the privilege decoding and its report need.
FLAG_INTERNAL = "RMCTRL_FLAGS_INTERNAL"
FLAG_PRIVILEGED = "RMCTRL_FLAGS_PRIVILEGED"
FLAG_NON_PRIVILEGED = "RMCTRL_FLAGS_NON_PRIVILEGED"
FLAG_IF_RS_ACCESS_DISABLED = "RMCTRL_FLAGS_PRIVILEGED_IF_RS_ACCESS_DISABLED"
FLAG_NAMES = [FLAG_INTERNAL, FLAG_PRIVILEGED, FLAG_NON_PRIVILEGED, FLAG_IF_RS_ACCESS_DISABLED]

TRAIT_ORDER = ["POINTER", "RM_COPIES_EMBEDDED", "FD", "UNION", "NAME_DERIVED"]

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
# Object-like RMCTRL_FLAGS_* macros (not the function-like RMCTRL_FLAGS(...)).
FLAG_DEFINE_RE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+RMCTRL_FLAGS_\w+(?=[ \t]|$).*$", re.M)
# A definition that only renames another macro (a deprecated alias).
ALIAS_RE = re.compile(r"^\(?\s*[A-Za-z_]\w*\s*\)?$")
# Any diagnostic (errors, and the notes of errors inside a macro's expansion) naming a
# line of the probe; warnings are off (-w).
GCC_ERR_RE = re.compile(r"prog\.c:(\d+):\d+: (?:error|note):")
# An undeclared identifier inside a macro is reported at the macro's definition only.
GCC_MACRO_RE = re.compile(r"note: in (?:definition|expansion) of macro '(\w+)'")
GCC_ENV = dict(os.environ, LC_ALL="C")

# C comments and string/character literals, to blank out before matching code.
C_NOISE_RE = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*', re.S)
# A field access such as pRmCtrlParams->secInfo.privLevel or ctrlFlags.
LVALUE = r"[\w.>-]+"
# The privilege checks of control.c this script's decoding relies on.
PRIVILEGE_CHECKS = {
    "INTERNAL": re.compile(
        r"if\s*\(\s*\(?\s*" + LVALUE + r"\s*&\s*RMCTRL_FLAGS_INTERNAL\s*\)?\s*\)\s*\{[^{}]*?"
        r"return\s+NV_ERR_NOT_SUPPORTED\s*;"),
    "ROOT": re.compile(
        r"if\s*\(\s*" + LVALUE + r"\s*&\s*RMCTRL_FLAGS_PRIVILEGED\s*\)\s*\{\s*"
        r"if\s*\(\s*" + LVALUE + r"\s*<\s*RS_PRIV_LEVEL_USER_ROOT\s*\)\s*\{[^{}]*?"
        r"return\s+NV_ERR_INSUFFICIENT_PERMISSIONS\s*;"),
    "KERNEL": re.compile(
        r"if\s*\(\s*!\s*\(\s*" + LVALUE + r"\s*&\s*\(\s*RMCTRL_FLAGS_NON_PRIVILEGED\s*\|\s*"
        r"RMCTRL_FLAGS_PRIVILEGED\s*\|\s*RMCTRL_FLAGS_INTERNAL\s*\)\s*\)\s*\)\s*\{\s*"
        r"if\s*\(\s*" + LVALUE + r"\s*<\s*RS_PRIV_LEVEL_KERNEL\s*\)\s*\{[^{}]*?"
        r"return\s+NV_ERR_INSUFFICIENT_PERMISSIONS\s*;"),
}
IF_RS_ACCESS_DISABLED_RE = re.compile(
    r"&\s*RMCTRL_FLAGS_PRIVILEGED_IF_RS_ACCESS_DISABLED\s*\)\s*!=\s*0\s*\)\s*\{\s*"
    + LVALUE + r"\s*\|=\s*RMCTRL_FLAGS_PRIVILEGED\s*;")

# Case labels of embedded_param_copy.c are renamed to this prefix before preprocessing, so
# they survive it as names.
CASE_PREFIX = "ABIGEN_CASE_"
CASE_RE = re.compile(r"\bcase\s+([A-Za-z_]\w*)\s*:")

# readelf --debug-dump=info lines: a DIE header and one of its attributes.
DIE_RE = re.compile(r"^\s*<(\d+)><([0-9a-f]+)>: Abbrev Number: \d+(?: \((DW_TAG_\w+)\))?")
ATTR_RE = re.compile(r"^\s*<[0-9a-f]+>\s+(DW_AT_\w+)\s*:\s*(.*)$")
TYPE_REF_RE = re.compile(r"<0x([0-9a-f]+)>")
DW_ATE_SIGNED = 5
STRUCT_VAR_PREFIX = "abigen_p_"


class AbigenError(Exception):
    pass


def die(msg):
    raise AbigenError(msg)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def extract(mirror, tag, dest, paths=EXTRACT_PATHS):
    archive = subprocess.run(
        ["git", "-C", mirror, "archive", tag] + paths,
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
        text = read(os.path.join(gen, fn))
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


def gcc_cmd(root, src, out=None, syntax_only=False, extra=()):
    cmd = ["gcc", "-m64", "-std=gnu11", "-w"] + list(extra)
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
    """(headers that compile on their own after the prelude, headers that do not)."""

    def check(i_h):
        i, h = i_h
        src = os.path.join(work, "hdr%d.c" % i)
        with open(src, "w") as f:
            f.write("\n".join(PRELUDE + ['#include "%s"' % h]) + "\n")
        r = subprocess.run(gcc_cmd(root, src, syntax_only=True), capture_output=True)
        return h, r.returncode == 0

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 4) as ex:
        results = list(ex.map(check, enumerate(headers)))
    return [h for h, ok in results if ok], [h for h, ok in results if not ok]


def include_lines(headers):
    return PRELUDE + ['#include "%s"' % h for h in headers]


def ctrl_macros(root, headers):
    """(sorted macro names, set of names defined as an alias of another macro)."""
    names, aliases = set(), set()
    for h in headers:
        text = read(os.path.join(root, CTRL_DIR, h))
        for name, body in DEFINE_RE.findall(text):
            names.add(name)
            body = re.sub(r"/\*.*?(\*/|$)|//.*$", "", body).strip()
            if ALIAS_RE.match(body):
                aliases.add(name)
    return sorted(names), aliases


INT_EXPR_RE = re.compile(r"^[\w\s()+\-*/%<>|&~^!?:]+$")


def preprocess(root, src):
    cmd = gcc_cmd(root, src, syntax_only=True)
    cmd[cmd.index("-fsyntax-only")] = "-E"
    out = subprocess.run(cmd + ["-P"], capture_output=True, text=True, env=GCC_ENV)
    if out.returncode != 0:
        die("preprocessing %s failed:\n%s" % (os.path.basename(src), out.stderr[:4000]))
    return out.stdout


def integer_like(root, work, headers, macros):
    """Macros whose expansion looks like an integer expression (balanced parentheses, no
    strings, braces or semicolons), so that compiling them cannot derail the parser."""
    src = os.path.join(work, "expand.c")
    with open(src, "w") as f:
        f.write("\n".join(include_lines(headers)) + "\n")
        for m in macros:
            f.write('@@ "%s" %s\n' % (m, m))
    keep = []
    for line in preprocess(root, src).splitlines():
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


def rmctrl_flags_header(root, work):
    """Writes the object-like ``#define RMCTRL_FLAGS_*`` lines of the tag's control.h to a
    header of their own (the rest of control.h needs RM's internal headers); returns its path."""
    text = read(os.path.join(root, CONTROL_H)).replace("\\\n", " ")
    lines = FLAG_DEFINE_RE.findall(text)
    if not lines:
        die("%s: no RMCTRL_FLAGS_* defines" % CONTROL_H)
    path = os.path.join(work, "rmctrl_flags.h")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def evaluate(root, work, headers, structs, macros, extra_includes=()):
    """Compile and run the probe; returns ({struct: size}, {macro: value})."""
    lines = [("S", s) for s in structs] + [("M", m) for m in macros]
    prologue = ["#include <stdio.h>"] + include_lines(headers)
    prologue += ['#include "%s"' % h for h in extra_includes]
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


# ---------------------------------------------------------------------------------------
# privilege


def code_only(text):
    """C source with comments removed and string literals emptied."""
    return C_NOISE_RE.sub(lambda m: '""' if m.group(0)[0] in "\"'" else " ", text)


def check_privilege_semantics(root):
    """Fails unless the tag's control.c applies INTERNAL, PRIVILEGED and the kernel-only
    default as the privilege column assumes; returns whether it also raises
    PRIVILEGED_IF_RS_ACCESS_DISABLED to PRIVILEGED (access rights disabled)."""
    code = code_only(read(os.path.join(root, CONTROL_C)))
    lost = [p for p, rx in PRIVILEGE_CHECKS.items() if not rx.search(code)]
    if lost:
        die("%s no longer has the %s check(s) the privilege column relies on"
            % (CONTROL_C, ", ".join(lost)))
    return bool(IF_RS_ACCESS_DISABLED_RE.search(code))


def privilege(flags, flag_values):
    if flags & flag_values[FLAG_INTERNAL]:
        return "INTERNAL"
    if flags & flag_values[FLAG_PRIVILEGED]:
        return "ROOT"
    if flags & flag_values[FLAG_NON_PRIVILEGED]:
        return "USER"
    return "KERNEL"


# ---------------------------------------------------------------------------------------
# RM_COPIES_EMBEDDED


def matching_brace(text, open_at):
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    die("unbalanced braces in preprocessed %s" % EMBEDDED_COPY_C)


def embedded_copy_in_cases(root, work):
    """Macro names of the top-level case labels of ``switch (pRmCtrlParams->cmd)`` in
    embeddedParamCopyIn(), after the preprocessor has applied the file's #ifdefs with its own
    ctrl/ includes."""
    text = read(os.path.join(root, EMBEDDED_COPY_C))
    # Keep the file's own control headers; drop RM-internal and platform includes.
    text = re.sub(r'^[ \t]*#[ \t]*include[ \t]+(?!"ctrl/).*$', "", text, flags=re.M)
    text = CASE_RE.sub(lambda m: "case %s%s:" % (CASE_PREFIX, m.group(1)), text)
    src = os.path.join(work, "embedded_param_copy.c")
    with open(src, "w") as f:
        f.write("\n".join(PRELUDE) + "\n" + text)
    code = code_only(preprocess(root, src))
    fn = re.search(r"\bembeddedParamCopyIn\s*\([^()]*\)\s*\{", code)
    if not fn:
        die("%s: embeddedParamCopyIn() not found" % EMBEDDED_COPY_C)
    fn_end = matching_brace(code, fn.end() - 1)
    sw = re.compile(r"\bswitch\s*\(\s*pRmCtrlParams\s*->\s*cmd\s*\)\s*\{").search(
        code, fn.end(), fn_end)
    if not sw:
        die("%s: no switch on pRmCtrlParams->cmd in embeddedParamCopyIn()" % EMBEDDED_COPY_C)
    body_end = matching_brace(code, sw.end() - 1)
    names, depth = [], 0
    for tok in re.finditer(r"[{}]|\bcase\b\s*([^:]*):", code[sw.end():body_end]):
        if tok.group(0) == "{":
            depth += 1
        elif tok.group(0) == "}":
            depth -= 1
        elif depth == 0:
            label = tok.group(1).strip()
            if not label.startswith(CASE_PREFIX):
                die("%s: case label %r is not a macro name" % (EMBEDDED_COPY_C, label))
            names.append(label[len(CASE_PREFIX):])
    if not names:
        die("%s: no case labels in embeddedParamCopyIn()" % EMBEDDED_COPY_C)
    return names


# ---------------------------------------------------------------------------------------
# struct traits from DWARF


def parse_dwarf(text):
    """{offset: DIE} from readelf --debug-dump=info; a DIE is a dict of its DW_AT_* values
    plus 'tag' and 'children' (offsets)."""
    dies, stack, cur = {}, [], None
    for line in text.splitlines():
        m = DIE_RE.match(line)
        if m:
            depth, off, tag = int(m.group(1)), int(m.group(2), 16), m.group(3)
            if tag is None:  # end of a sibling list
                cur = None
                continue
            cur = {"tag": tag, "children": []}
            dies[off] = cur
            del stack[depth:]
            if stack:
                dies[stack[-1]]["children"].append(off)
            stack.append(off)
            continue
        m = ATTR_RE.match(line)
        if m and cur is not None:
            cur[m.group(1)] = m.group(2).strip()
    return dies


def die_name(d):
    v = d.get("DW_AT_name")
    if v and v.startswith("(indirect"):
        v = v.split("): ", 1)[1]
    return v


def die_type(d):
    v = d.get("DW_AT_type")
    return int(TYPE_REF_RE.match(v).group(1), 16) if v else None


class TraitFinder:
    """POINTER / UNION / FD of a type, recursively through its members, array elements,
    typedefs and qualifiers (not through pointers)."""

    def __init__(self, dies):
        self.dies = dies
        self.memo = {}
        # (struct-or-union name or '', type name) of members named fd that are not an int.
        self.not_fd = set()

    def base(self, off):
        """The DIE under typedefs and qualifiers."""
        d = self.dies[off]
        while d["tag"] in ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type"):
            t = die_type(d)
            if t is None:
                break
            d = self.dies[t]
        return d

    def is_fd(self, member):
        name = die_name(member)
        if name == "devDescriptor":
            return True
        if name != "fd":
            return False
        b = self.base(die_type(member))
        enc = int(b.get("DW_AT_encoding", "0").split()[0])
        return b["tag"] == "DW_TAG_base_type" and b.get("DW_AT_byte_size") == "4" \
            and enc == DW_ATE_SIGNED

    def traits(self, off):
        if off in self.memo:
            return self.memo[off]
        d = self.dies[off]
        found = set()
        if d["tag"] == "DW_TAG_pointer_type":
            found.add("POINTER")
        elif d["tag"] in ("DW_TAG_structure_type", "DW_TAG_union_type"):
            if d["tag"] == "DW_TAG_union_type":
                found.add("UNION")
            for c in d["children"]:
                m = self.dies[c]
                if m["tag"] != "DW_TAG_member":
                    continue
                if self.is_fd(m):
                    found.add("FD")
                elif die_name(m) == "fd":
                    self.not_fd.add((die_name(d) or "", die_name(self.dies[die_type(m)])))
                found |= self.traits(die_type(m))
        elif die_type(d) is not None:  # typedef, qualifier, array
            found |= self.traits(die_type(d))
        self.memo[off] = found
        return found


def struct_traits(root, work, headers, structs):
    """({struct: set of POINTER/UNION/FD}, {(container, type) of fd members left out})."""
    src = os.path.join(work, "types.c")
    obj = os.path.join(work, "types.o")
    with open(src, "w") as f:
        f.write("\n".join(include_lines(headers)) + "\n")
        for s in structs:
            f.write("%s *%s%s;\n" % (s, STRUCT_VAR_PREFIX, s))
    r = subprocess.run(gcc_cmd(root, src, out=obj, extra=["-g", "-c"]), capture_output=True,
                       text=True, env=GCC_ENV)
    if r.returncode != 0:
        die("types.c does not compile:\n" + r.stderr[:4000])
    dump = subprocess.run(["readelf", "--debug-dump=info", obj], capture_output=True,
                          text=True, check=True, env=GCC_ENV).stdout
    dies = parse_dwarf(dump)
    finder = TraitFinder(dies)
    result = {}
    for d in dies.values():
        name = die_name(d) or ""
        if d["tag"] == "DW_TAG_variable" and name.startswith(STRUCT_VAR_PREFIX):
            pointer = dies[die_type(d)]
            result[name[len(STRUCT_VAR_PREFIX):]] = finder.traits(die_type(pointer))
    missing = sorted(set(structs) - set(result))
    if missing:
        die("no debug info for: " + " ".join(missing))
    return result, finder.not_fd


# ---------------------------------------------------------------------------------------
# names


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


# ---------------------------------------------------------------------------------------
# output


def generated_line(tag, comment="#"):
    return ("%s generated by nvproxy/tools/abigen/controls.py from open-gpu-kernel-modules %s;"
            " do not edit\n" % (comment, tag))


def write_table(path, tag, rows):
    with open(path, "w") as f:
        f.write(generated_line(tag))
        f.write("id\tname\tparamsStruct\tparamsSize\trmFlags\tprivilege\ttraits\n")
        for cmd, name, struct, size, flags, priv, traits in rows:
            f.write("0x%08x\t%s\t%s\t%d\t0x%08x\t%s\t%s\n"
                    % (cmd, name, struct, size, flags, priv, ",".join(traits) or "-"))


def write_asserts(path, tag, headers, sizes):
    with open(path, "w") as f:
        f.write(generated_line(tag, "//"))
        f.write("// Compile inside a checkout of the tag: gcc -m64 -std=gnu11 -fsyntax-only %s"
                " controls.c\n" % " ".join("-I " + d for d in INCLUDE_DIRS))
        f.write("\n".join(include_lines(headers)) + "\n\n")
        for s in sorted(sizes):
            f.write('_Static_assert(sizeof(%s) == %d, "%s");\n' % (s, sizes[s], s))


def check_asserts(root, path):
    r = subprocess.run(gcc_cmd(root, path, syntax_only=True), capture_output=True, text=True,
                       env=GCC_ENV)
    if r.returncode != 0:
        die("%s fails:\n%s" % (os.path.relpath(path), r.stderr[:4000]))


# ---------------------------------------------------------------------------------------
# one tag


def generate(tag, mirror, out_dir, asserts_dir, keep):
    """Writes the table and assertions of one tag; returns its summary lines."""
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="abigen-%s-" % tag)
    try:
        root = os.path.join(tmp, "src")
        work = os.path.join(tmp, "work")
        os.makedirs(root)
        os.makedirs(work)
        extract(mirror, tag, root)

        entries = parse_nvoc(root)
        by_id = {}
        for cmd, flags, struct, func, fn in entries:
            by_id.setdefault(cmd, []).append((flags, struct, func, fn))

        headers, skipped = usable_headers(root, work, ctrl_headers(root))
        macros, aliases = ctrl_macros(root, headers)
        macros = integer_like(root, work, headers, macros)
        copy_in = embedded_copy_in_cases(root, work)
        raises_if_rs = check_privilege_semantics(root)
        structs = sorted({s for _, _, s, _, _ in entries if s})
        flags_h = rmctrl_flags_header(root, work)
        sizes, values = evaluate(root, work, headers, structs,
                                 sorted(set(macros) | set(copy_in)) + FLAG_NAMES, [flags_h])
        flag_values = {f: values.pop(f, None) for f in FLAG_NAMES}
        lacking = [f for f in FLAG_NAMES[:3] if not flag_values[f]]
        if lacking:
            die("%s: no value for %s" % (CONTROL_H, " ".join(lacking)))
        unresolved = [c for c in copy_in if c not in values]
        if unresolved:
            die("%s: case labels without a value: %s" % (EMBEDDED_COPY_C, " ".join(unresolved)))
        copy_in_ids = {values[c] for c in copy_in}
        traits_of, not_fd = struct_traits(root, work, headers, structs)

        names_by_value = {}
        for name, val in values.items():
            names_by_value.setdefault(val, []).append(name)

        rows, errors, derived = [], [], []
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
            traits = set(traits_of.get(struct, ()))
            if cmd in copy_in_ids:
                traits.add("RM_COPIES_EMBEDDED")
            if is_derived:
                traits.add("NAME_DERIVED")
                derived.append(name)
            flags = fl.pop()
            rows.append((cmd, name, struct or "-", sz.pop(), flags,
                         privilege(flags, flag_values), [t for t in TRAIT_ORDER if t in traits]))
        if errors:
            die("\n".join(errors))

        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, "controls-%s.tsv" % tag)
        write_table(path, tag, rows)
        adir = os.path.join(asserts_dir, tag)
        os.makedirs(adir, exist_ok=True)
        apath = os.path.join(adir, "controls.c")
        table_structs = {r[2] for r in rows if r[2] != "-"}
        write_asserts(apath, tag, headers, {s: sizes[s] for s in table_structs})
        check_asserts(root, apath)

        privs = {}
        for r in rows:
            privs[r[5]] = privs.get(r[5], 0) + 1
        trait_counts = {t: sum(t in r[6] for r in rows) for t in TRAIT_ORDER}
        if_rs = sum(1 for r in rows if flag_values[FLAG_IF_RS_ACCESS_DISABLED]
                    and r[4] & flag_values[FLAG_IF_RS_ACCESS_DISABLED])
        copied_not_exported = sorted(c for c in copy_in if values[c] not in by_id)
        summary = [
            "%s: %d controls (%d exported entries, %d macros evaluated), %d asserts pass,"
            " %.1fs -> %s" % (tag, len(rows), len(entries), len(values), len(table_structs),
                              time.time() - t0, os.path.relpath(path)),
            "  flags INTERNAL=0x%x PRIVILEGED=0x%x NON_PRIVILEGED=0x%x"
            " PRIVILEGED_IF_RS_ACCESS_DISABLED=%s (%d commands carry it; control.c %s)"
            % (flag_values[FLAG_INTERNAL], flag_values[FLAG_PRIVILEGED],
               flag_values[FLAG_NON_PRIVILEGED],
               "0x%x" % flag_values[FLAG_IF_RS_ACCESS_DISABLED]
               if flag_values[FLAG_IF_RS_ACCESS_DISABLED] is not None else "-", if_rs,
               "raises it to PRIVILEGED without access rights" if raises_if_rs
               else "ignores it"),
            "  privilege " + " ".join("%s=%d" % (p, privs.get(p, 0))
                                      for p in ("USER", "ROOT", "KERNEL", "INTERNAL")),
            "  traits " + " ".join("%s=%d" % kv for kv in trait_counts.items()),
            "  embeddedParamCopyIn: %d cases, not exported: %s"
            % (len(copy_in), " ".join(copied_not_exported) or "-"),
        ]
        if derived:
            summary.append("  names derived: " + " ".join(derived))
        if not_fd:
            summary.append("  members named fd that are no file descriptor: " + " ".join(
                "%s.fd(%s)" % kv for kv in sorted(not_fd)))
        if skipped:
            summary.append("  headers that do not compile alone (skipped): " + " ".join(skipped))
        return summary
    finally:
        if keep:
            print("kept " + tmp, file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def check_only(tag, mirror, asserts_dir):
    """Compiles the existing asserts/<tag>/controls.c against the tag's headers."""
    tmp = tempfile.mkdtemp(prefix="abigen-check-%s-" % tag)
    try:
        extract(mirror, tag, tmp, HEADER_PATHS)
        path = os.path.join(asserts_dir, tag, "controls.c")
        if not os.path.exists(path):
            die("%s: no %s" % (tag, os.path.relpath(path)))
        check_asserts(tmp, path)
        return ["%s: %s passes" % (tag, os.path.relpath(path))]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tags", nargs="*")
    ap.add_argument("--all", action="store_true", help="all tags of ALL_TAGS")
    ap.add_argument("--mirror", required=True, help="git directory of open-gpu-kernel-modules")
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--asserts-dir", default=DEFAULT_ASSERTS)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--check-asserts", action="store_true",
                    help="only compile the existing assertion files")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    tags = list(dict.fromkeys((ALL_TAGS if args.all else []) + args.tags))
    if not tags:
        ap.error("name tags or --all")

    t0 = time.time()
    failed = 0
    with concurrent.futures.ProcessPoolExecutor(max(1, min(args.jobs, len(tags)))) as ex:
        if args.check_asserts:
            futures = [ex.submit(check_only, t, args.mirror, args.asserts_dir) for t in tags]
        else:
            futures = [ex.submit(generate, t, args.mirror, args.out, args.asserts_dir, args.keep)
                       for t in tags]
        for tag, fut in zip(tags, futures):
            try:
                print("\n".join(fut.result()), flush=True)
            except AbigenError as e:
                failed += 1
                print("controls.py: %s: %s" % (tag, e), file=sys.stderr, flush=True)
    print("%d tag(s), %d failed, %.1fs" % (len(tags), failed, time.time() - t0))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
