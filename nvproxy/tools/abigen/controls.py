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
   ``src/common/sdk/nvidia/inc/ctrl`` (where they do not all compile together, those that
   compile on their own; the run names the others) plus the ``#define RMCTRL_FLAGS_*`` lines
   of the tag's ``control.h`` (only those lines: the rest of that header needs RM's
   internals), and prints
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
    otherwise; every tag of ``abigen_common.TAGS`` has them, with the same meaning (up to 570 inline
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
the script fails. It uses only the Python 3 standard library, gcc and readelf (binutils);
extraction, the compiler probes, the DWARF reading and the output files are those of
``abigen_common.py``.

Run from the repository root (tags are generated in parallel, ``--jobs`` at a time):

    python3 nvproxy/tools/abigen/controls.py --all \\
        --mirror /path/to/open-gpu-kernel-modules.git
    python3 nvproxy/tools/abigen/controls.py 580.142 550.163.01 --mirror ...

The options are every generator's (``abigen_common.parse_args``); ``--check-asserts`` only
compiles the existing ``asserts/<tag>/controls.c`` of the tags against their headers (of the
sources it extracts only the SDK and unix include directories), writing nothing.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abigen_common as ac  # noqa: E402

NVOC_DIR = "src/nvidia/generated"
SDK = "src/common/sdk/nvidia/inc"
CTRL_DIR = SDK + "/ctrl"
UNIX_INC = "src/nvidia/arch/nvalloc/unix/include"
CONTROL_H = "src/nvidia/inc/kernel/rmapi/control.h"
CONTROL_C = "src/nvidia/src/kernel/rmapi/control.c"
EMBEDDED_COPY_C = "src/nvidia/src/kernel/rmapi/embedded_param_copy.c"
EXTRACT_PATHS = [NVOC_DIR + "/g_*_nvoc.c", SDK, UNIX_INC, CONTROL_H, CONTROL_C, EMBEDDED_COPY_C]
# What --check-asserts needs.
HEADER_PATHS = [SDK, UNIX_INC]
INCLUDE_DIRS = [SDK, CTRL_DIR, UNIX_INC]
# Included before any control header (some use NV_STATUS without including nvstatus.h).
PRELUDE = ['#include "nvtypes.h"', '#include "nvstatus.h"']
ASSERTS_HINT = "Compile inside a checkout of the tag: %s controls.c"

# The RMCTRL flags the privilege decoding and its report need.
FLAG_INTERNAL = "RMCTRL_FLAGS_INTERNAL"
FLAG_PRIVILEGED = "RMCTRL_FLAGS_PRIVILEGED"
FLAG_NON_PRIVILEGED = "RMCTRL_FLAGS_NON_PRIVILEGED"
FLAG_IF_RS_ACCESS_DISABLED = "RMCTRL_FLAGS_PRIVILEGED_IF_RS_ACCESS_DISABLED"
FLAG_NAMES = [FLAG_INTERNAL, FLAG_PRIVILEGED, FLAG_NON_PRIVILEGED, FLAG_IF_RS_ACCESS_DISABLED]

TRAIT_ORDER = ["POINTER", "RM_COPIES_EMBEDDED", "FD", "UNION", "NAME_DERIVED"]
# The struct traits: (what ac.type_traits finds, trait). FD: a member devDescriptor of any
# type, or a member fd that is a C int.
STRUCT_TRAITS = [("pointer", "POINTER"), ("member:devDescriptor", "FD"),
                 ("int member:fd", "FD"), ("union", "UNION")]

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
CTRL_DEFINE_RE = re.compile(r"^\s*#\s*define\s+(NV\w*_CTRL_\w+)(?=[ \t]|$)(.*)$", re.M)
# Object-like RMCTRL_FLAGS_* macros (not the function-like RMCTRL_FLAGS(...)).
FLAG_DEFINE_RE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+RMCTRL_FLAGS_\w+(?=[ \t]|$).*$", re.M)
# A definition that only renames another macro (a deprecated alias).
ALIAS_RE = re.compile(r"^\(?\s*[A-Za-z_]\w*\s*\)?$")
# An expansion that looks like an integer expression.
INT_EXPR_RE = re.compile(r"^[\w\s()+\-*/%<>|&~^!?:]+$")

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

STRUCT_VAR_PREFIX = "abigen_p_"


def parse_nvoc(tag):
    """All exported-method entries: list of (id, flags, struct or None, func or None, file)."""
    gen = tag.path(NVOC_DIR)
    entries = []
    for fn in sorted(os.listdir(gen)):
        if not (fn.startswith("g_") and fn.endswith("_nvoc.c")):
            continue
        text = ac.read_text(os.path.join(gen, fn))
        expected = text.count("/*methodId=*/")
        found = 0
        for m in ENTRY_RE.finditer(text):
            found += 1
            entries.append(
                (int(m.group("id"), 16), int(m.group("flags"), 16), m.group("struct"),
                 m.group("func"), fn)
            )
        if found != expected:
            raise ac.GenError("%s: parsed %d of %d exported-method entries"
                              % (fn, found, expected))
    if not entries:
        raise ac.GenError("no exported-method entries found")
    return entries


def ctrl_headers(tag):
    base = tag.path(CTRL_DIR)
    hs = []
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith(".h"):
                hs.append(os.path.relpath(os.path.join(d, f), base))
    return sorted(hs)


def ctrl_macros(tag, headers):
    """(sorted macro names, set of names defined as an alias of another macro)."""
    names, aliases = set(), set()
    for h in headers:
        text = ac.read_text(tag.path(os.path.join(CTRL_DIR, h)))
        for name, body in CTRL_DEFINE_RE.findall(text):
            names.add(name)
            body = re.sub(r"/\*.*?(\*/|$)|//.*$", "", body).strip()
            if ALIAS_RE.match(body):
                aliases.add(name)
    return sorted(names), aliases


def integer_like(cc, includes, macros):
    """Macros whose expansion looks like an integer expression (balanced parentheses, no
    strings, braces or semicolons), so that compiling them cannot derail the parser."""
    keep = []
    out = cc.preprocess(includes + ['@@ "%s" %s' % (m, m) for m in macros])
    for line in out.splitlines():
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


def rmctrl_flags_include(tag, cc):
    """Writes the object-like ``#define RMCTRL_FLAGS_*`` lines of the tag's control.h to a
    header of their own (the rest of control.h needs RM's internal headers); returns the
    line including it."""
    text = ac.read_text(tag.path(CONTROL_H)).replace("\\\n", " ")
    lines = FLAG_DEFINE_RE.findall(text)
    if not lines:
        raise ac.GenError("%s: no RMCTRL_FLAGS_* defines" % CONTROL_H)
    return '#include "%s"' % cc.write("rmctrl_flags", lines, ".h")


def evaluate(cc, includes, structs, macros):
    """Compiles and runs the probe; returns ({struct: size}, {macro: value})."""
    values, dropped = cc.evaluate(
        includes, [("S " + s, "sizeof(%s)" % s) for s in structs] + [("M " + m, m)
                                                                    for m in macros])
    missing = [k[2:] for k in dropped if k.startswith("S ")]
    if missing:
        raise ac.GenError("params structs without a compilable definition: "
                          + " ".join(missing))
    sizes, macro_values = {}, {}
    for key, val in values.items():
        (sizes if key.startswith("S ") else macro_values)[key[2:]] = val
    return sizes, macro_values


# ---------------------------------------------------------------------------------------
# privilege


def check_privilege_semantics(tag):
    """Fails unless the tag's control.c applies INTERNAL, PRIVILEGED and the kernel-only
    default as the privilege column assumes; returns whether it also raises
    PRIVILEGED_IF_RS_ACCESS_DISABLED to PRIVILEGED (access rights disabled)."""
    code = ac.c_code(ac.read_text(tag.path(CONTROL_C)))
    lost = [p for p, rx in PRIVILEGE_CHECKS.items() if not rx.search(code)]
    if lost:
        raise ac.GenError("%s no longer has the %s check(s) the privilege column relies on"
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


def embedded_copy_in_cases(tag, cc):
    """Macro names of the top-level case labels of ``switch (pRmCtrlParams->cmd)`` in
    embeddedParamCopyIn(), after the preprocessor has applied the file's #ifdefs with its own
    ctrl/ includes."""
    text = ac.read_text(tag.path(EMBEDDED_COPY_C))
    # Keep the file's own control headers; drop RM-internal and platform includes.
    text = re.sub(r'^[ \t]*#[ \t]*include[ \t]+(?!"ctrl/).*$', "", text, flags=re.M)
    text = CASE_RE.sub(lambda m: "case %s%s:" % (CASE_PREFIX, m.group(1)), text)
    code = ac.c_code(cc.preprocess([text]))
    where = "preprocessed " + EMBEDDED_COPY_C
    fn = re.search(r"\bembeddedParamCopyIn\s*\([^()]*\)\s*\{", code)
    if not fn:
        raise ac.GenError("%s: embeddedParamCopyIn() not found" % EMBEDDED_COPY_C)
    fn_end = ac.matching_brace(code, fn.end() - 1, where)
    sw = re.compile(r"\bswitch\s*\(\s*pRmCtrlParams\s*->\s*cmd\s*\)\s*\{").search(
        code, fn.end(), fn_end)
    if not sw:
        raise ac.GenError("%s: no switch on pRmCtrlParams->cmd in embeddedParamCopyIn()"
                          % EMBEDDED_COPY_C)
    body_end = ac.matching_brace(code, sw.end() - 1, where)
    names, depth = [], 0
    for tok in re.finditer(r"[{}]|\bcase\b\s*([^:]*):", code[sw.end():body_end]):
        if tok.group(0) == "{":
            depth += 1
        elif tok.group(0) == "}":
            depth -= 1
        elif depth == 0:
            label = tok.group(1).strip()
            if not label.startswith(CASE_PREFIX):
                raise ac.GenError("%s: case label %r is not a macro name"
                                  % (EMBEDDED_COPY_C, label))
            names.append(label[len(CASE_PREFIX):])
    if not names:
        raise ac.GenError("%s: no case labels in embeddedParamCopyIn()" % EMBEDDED_COPY_C)
    return names


# ---------------------------------------------------------------------------------------
# struct traits from DWARF


def struct_traits(cc, includes, structs):
    """({struct: set of POINTER/UNION/FD}, {(container, type) of fd members left out})."""
    obj = cc.compile_object(includes + ["%s *%s%s;" % (s, STRUCT_VAR_PREFIX, s)
                                        for s in structs])
    dies = ac.dwarf_dies(obj)
    dvars = ac.variables(dies)
    missing = [s for s in structs if STRUCT_VAR_PREFIX + s not in dvars]
    if missing:
        raise ac.GenError("no debug info for: " + " ".join(missing))
    result, not_fd = {}, set()
    for s in structs:
        struct = dies[dvars[STRUCT_VAR_PREFIX + s].type].type  # under the pointer
        found = ac.type_traits(dies, struct, ["devDescriptor"], ["fd"])
        result[s] = {trait for key, trait in STRUCT_TRAITS if key in found}
        not_fd.update((container.name or "", dies[m.type].name)
                      for m, container in ac.walk_type(dies, struct)
                      if container is not None and m.name == "fd"
                      and not ac.is_int32(dies, m.type))
    return result, not_fd


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
# one tag


def compiler(tag):
    return ac.Compiler(tag.root, tag.work, INCLUDE_DIRS, PRELUDE)


def generate(tag):
    """Writes the table and assertions of one tag; returns its summary lines."""
    cc = compiler(tag)
    if tag.args.check_asserts:
        return tag.check_asserts(cc)

    entries = parse_nvoc(tag)
    by_id = {}
    for cmd, flags, struct, func, fn in entries:
        by_id.setdefault(cmd, []).append((flags, struct, func, fn))

    all_headers = ctrl_headers(tag)
    headers = cc.usable_headers(all_headers)
    skipped = [h for h in all_headers if h not in headers]
    includes = ['#include "%s"' % h for h in headers]
    macros, aliases = ctrl_macros(tag, headers)
    macros = integer_like(cc, includes, macros)
    copy_in = embedded_copy_in_cases(tag, cc)
    raises_if_rs = check_privilege_semantics(tag)
    structs = sorted({s for _, _, s, _, _ in entries if s})
    sizes, values = evaluate(cc, includes + [rmctrl_flags_include(tag, cc)], structs,
                             sorted(set(macros) | set(copy_in)) + FLAG_NAMES)
    flag_values = {f: values.pop(f, None) for f in FLAG_NAMES}
    lacking = [f for f in FLAG_NAMES[:3] if not flag_values[f]]
    if lacking:
        raise ac.GenError("%s: no value for %s" % (CONTROL_H, " ".join(lacking)))
    unresolved = [c for c in copy_in if c not in values]
    if unresolved:
        raise ac.GenError("%s: case labels without a value: %s"
                          % (EMBEDDED_COPY_C, " ".join(unresolved)))
    copy_in_ids = {values[c] for c in copy_in}
    traits_of, not_fd = struct_traits(cc, includes, structs)

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
        raise ac.GenError("\n".join(errors))

    path = tag.write_tsv(
        ["id", "name", "paramsStruct", "paramsSize", "rmFlags", "privilege", "traits"],
        [("0x%08x" % cmd, name, struct, size, "0x%08x" % flags, priv, ",".join(traits))
         for cmd, name, struct, size, flags, priv, traits in rows])
    table_structs = {r[2] for r in rows if r[2] != "-"}
    asserts = ac.Asserts(tag, cc, includes, hint=ASSERTS_HINT, stddef=False)
    for s in sorted(table_structs):
        asserts.size(s, sizes[s])
    asserts.save()

    privs = {}
    for r in rows:
        privs[r[5]] = privs.get(r[5], 0) + 1
    trait_counts = {t: sum(t in r[6] for r in rows) for t in TRAIT_ORDER}
    if_rs_flag = flag_values[FLAG_IF_RS_ACCESS_DISABLED]
    if_rs = sum(1 for r in rows if if_rs_flag and r[4] & if_rs_flag)
    copied_not_exported = sorted(c for c in copy_in if values[c] not in by_id)
    summary = [
        "%d controls (%d exported entries, %d macros evaluated), %d asserts pass -> %s"
        % (len(rows), len(entries), len(values), len(table_structs),
           os.path.relpath(path)),
        "  flags INTERNAL=0x%x PRIVILEGED=0x%x NON_PRIVILEGED=0x%x"
        " PRIVILEGED_IF_RS_ACCESS_DISABLED=%s (%d commands carry it; control.c %s)"
        % (flag_values[FLAG_INTERNAL], flag_values[FLAG_PRIVILEGED],
           flag_values[FLAG_NON_PRIVILEGED],
           "0x%x" % if_rs_flag if if_rs_flag is not None else "-", if_rs,
           "raises it to PRIVILEGED without access rights" if raises_if_rs else "ignores it"),
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
        summary.append("  headers that do not compile (skipped): " + " ".join(skipped))
    return "\n".join(summary)


if __name__ == "__main__":
    ac.main(__doc__, __file__, EXTRACT_PATHS, generate, check_paths=HEADER_PATHS)
