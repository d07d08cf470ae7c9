#!/usr/bin/env python3
"""Generate the RM class-allocation table of open-gpu-kernel-modules driver tags.

For each driver tag this script writes
``nvproxy/src/main/resources/dev/sluice/nvproxy/abi/classes-<tag>.tsv``: one row per class RM
can allocate (``NV_ESC_RM_ALLOC``), sorted by class id, with the columns

``id``
    the class number (``0x%08x``), the value of the class macro, evaluated by the compiler
    against the SDK headers (src/common/sdk/nvidia/inc: ``class/cl*.h``, ``alloc/*.h``,
    ``nvos.h``);
``name``
    the class macro named as the entry's external class;
``paramsStruct``
    the alloc params type of the entry (``-`` for none);
``paramsSize``
    ``sizeof`` that type compiled for x86_64 (``0`` for none): the number of bytes RM copies
    from ``pAllocParms`` whatever ``paramsSize`` the caller passes;
``presence``
    ``REQUIRED`` (``RS_REQUIRED(T)``: RM always copies ``sizeof(T)`` and fails a NULL
    ``pAllocParms``), ``OPTIONAL`` (``RS_OPTIONAL(T)``: copied only when ``pAllocParms`` is not
    NULL) or ``NONE`` (``RS_NONE``: no params). resource_desc.c expands these into the
    descriptor's ``(allocParamSize, bParamRequired)``: ``(sizeof(T), NV_TRUE)``,
    ``(sizeof(T), NV_FALSE)`` and ``(0, NV_FALSE)``;
``privilege``
    who may allocate it, from the entry's flags as alloc_free.c checks them (the strictest flag
    wins): ``KERNEL`` (``RS_FLAGS_ALLOC_KERNEL_PRIVILEGED``), ``ROOT``
    (``RS_FLAGS_ALLOC_PRIVILEGED``), ``USER`` (``RS_FLAGS_ALLOC_NON_PRIVILEGED``);
    ``CLIENT`` for the client classes ``NV01_ROOT``, ``NV01_ROOT_NON_PRIV`` and
    ``NV01_ROOT_CLIENT``, which carry no such flag and are allocated on the client path. An
    entry of another class without any of these flags is refused by RM; the script fails on one
    rather than guess;
``traits``
    from the DWARF of the params type compiled with ``-g`` (``readelf --debug-dump=info``),
    looking through typedefs, qualifiers and arrays into every member, recursively:
    ``POINTER`` (a pointer-typed member, e.g. ``NvP64``, anywhere), ``FD`` (a member named
    ``capDescriptor``, an nvidia-caps file descriptor of the caller, anywhere) and ``UNION``
    (a union anywhere); comma-separated in that order, ``-`` for none.

Where the entries come from: ``src/nvidia/src/kernel/rmapi/resource_list.h`` is an X-macro list
of ``RS_ENTRY(externalClass, internalClass, multiInstance, parents, allocParam, freePriority,
flags, rights)``. The script runs it through the C preprocessor with its own ``RS_ENTRY`` after
including the tag's ``src/nvidia/generated/rmconfig.h`` (the ``RMCFG_*`` switches), without
``DEBUG`` and ``DEVELOP``: a release build (utils.mk adds ``-DDEBUG=1`` / ``-DDEVELOP=1`` only
for ``DEBUG=1`` / ``DEVELOP=1`` builds). So the tag's own ``#if`` guards decide; at every
supported tag the only guarded entry is ``NV_CE_UTILS`` under ``#if RMCFG_CLASS_NV_CE_UTILS &&
(defined(DEBUG) || defined(DEVELOP))``, present only in debug and develop drivers. The entries
that only a debug build has are named in the run's summary.

Also writes ``nvproxy/tools/abigen/asserts/<tag>/classes.c``: a static assertion for every
class id and params size of the table, compiled (``gcc -fsyntax-only``) against the tag's
headers as part of the run.

Run from the repository root (Python 3 standard library, gcc and readelf only):

    python3 nvproxy/tools/abigen/classes.py 580.142 --mirror /path/to/open-gpu-kernel-modules.git
    python3 nvproxy/tools/abigen/classes.py --all --mirror /path/to/open-gpu-kernel-modules.git

``--check-asserts`` only compiles the existing ``asserts/<tag>/classes.c`` against each tag's
headers; ``--help`` lists the other options, which every generator shares (abigen_common.py).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abigen_common as ac  # noqa: E402

RESOURCE_LIST = "src/nvidia/src/kernel/rmapi/resource_list.h"
RMCONFIG = "src/nvidia/generated/rmconfig.h"
SDK = "src/common/sdk/nvidia/inc"
EXTRACT_PATHS = [RESOURCE_LIST, RMCONFIG, SDK]
INCLUDE_DIRS = [SDK]
PRELUDE = ['#include "nvtypes.h"', '#include "nvstatus.h"']
# Headers that declare class ids and alloc params types, relative to SDK.
HEADER_GLOBS = [("", ["nvos.h"]), ("class", None), ("alloc", None)]

CLIENT_CLASSES = {"NV01_ROOT", "NV01_ROOT_NON_PRIV", "NV01_ROOT_CLIENT"}
PRIVILEGE_FLAGS = [  # strictest first
    ("RS_FLAGS_ALLOC_KERNEL_PRIVILEGED", "KERNEL"),
    ("RS_FLAGS_ALLOC_PRIVILEGED", "ROOT"),
    ("RS_FLAGS_ALLOC_NON_PRIVILEGED", "USER"),
]
TRAITS = [("pointer", "POINTER"), ("member:capDescriptor", "FD"), ("union", "UNION")]

ENTRY_MARK = "@@RS_ENTRY"
ENTRY_RE = re.compile(r"^%s\s+(\w+)\s*@@(.*)@@(.*)$" % ENTRY_MARK)
ALLOC_RE = re.compile(r"^(?:RS_(REQUIRED|OPTIONAL)\s*\(\s*(\w+)\s*\)|RS_(NONE))$")


class Entry:
    def __init__(self, name, presence, ptype, flags):
        self.name = name
        self.presence = presence  # REQUIRED, OPTIONAL, NONE
        self.ptype = ptype  # None for NONE
        self.flags = flags  # set of flag names


def resource_entries(tag, debug):
    """The RS_ENTRY list of the tag as the preprocessor sees it in a release (or, with debug,
    a DEBUG and DEVELOP) build."""
    cc = ac.Compiler(tag.root, tag.work, [os.path.dirname(RMCONFIG),
                                          os.path.dirname(RESOURCE_LIST)])
    lines = ['#include "rmconfig.h"']
    lines += ["#define DEBUG 1", "#define DEVELOP 1"] if debug else [
        "#undef DEBUG", "#undef DEVELOP"]
    lines += ["#define RS_ENTRY(cls, internalClass, multiInstance, parents, allocParam, "
              "freePriority, flags, rights) %s cls @@ allocParam @@ flags" % ENTRY_MARK,
              '#include "%s"' % os.path.basename(RESOURCE_LIST)]
    out = cc.preprocess(lines)
    entries = []
    for line in out.splitlines():
        if not line.startswith(ENTRY_MARK):
            continue
        m = ENTRY_RE.match(line)
        a = ALLOC_RE.match(m.group(2).strip()) if m else None
        if not a:
            raise ac.GenError("cannot read resource entry: " + line)
        presence = a.group(1) or a.group(3)
        flags = {f.strip() for f in m.group(3).split("|") if f.strip()}
        entries.append(Entry(m.group(1), presence, a.group(2), flags))
    if not entries:
        raise ac.GenError("no RS_ENTRY in " + RESOURCE_LIST)
    return entries


def privilege(entry):
    if entry.name in CLIENT_CLASSES:
        return "CLIENT"
    for flag, priv in PRIVILEGE_FLAGS:
        if flag in entry.flags:
            return priv
    raise ac.GenError("%s has no RS_FLAGS_ALLOC_*_PRIVILEGED flag" % entry.name)


def sdk_headers(tag):
    hs = []
    for sub, names in HEADER_GLOBS:
        d = tag.path(os.path.join(SDK, sub))
        for f in sorted(names or os.listdir(d)):
            if f.endswith(".h") and os.path.isfile(os.path.join(d, f)):
                hs.append(os.path.join(sub, f) if sub else f)
    return hs


def compiler(tag):
    return ac.Compiler(tag.root, tag.work, INCLUDE_DIRS, PRELUDE)


def trait_cells(found):
    return ",".join(name for key, name in TRAITS if key in found) or "-"


def generate(tag):
    cc = compiler(tag)
    if tag.args.check_asserts:
        return tag.check_asserts(cc)

    entries = resource_entries(tag, debug=False)
    debug_only = sorted({e.name for e in resource_entries(tag, debug=True)}
                        - {e.name for e in entries})
    seen = set()
    for e in entries:
        if e.name in seen:
            raise ac.GenError("two resource entries for " + e.name)
        seen.add(e.name)

    headers = cc.usable_headers(sdk_headers(tag))
    includes = ['#include "%s"' % h for h in headers]
    types = sorted({e.ptype for e in entries if e.ptype})
    items = [("id:" + e.name, e.name) for e in entries]
    items += [("size:" + t, "sizeof(%s)" % t) for t in types]
    values, dropped = cc.evaluate(includes, items)
    if dropped:
        raise ac.GenError("not defined by the SDK headers: " + " ".join(dropped))

    # DWARF of one variable per params type.
    var = {t: "abigen_params_%d" % i for i, t in enumerate(types)}
    obj = cc.compile_object(includes + ["%s %s;" % (t, var[t]) for t in types])
    dies = ac.dwarf_dies(obj)
    dvars = ac.variables(dies)
    traits = {t: trait_cells(ac.type_traits(dies, dvars[var[t]].type, ["capDescriptor"]))
              for t in types}

    rows = []
    ids = {}
    asserts = ac.Asserts(tag, cc, includes)
    for e in entries:
        cid = values["id:" + e.name]
        if cid in ids:
            raise ac.GenError("class 0x%08x has two entries: %s, %s" % (cid, ids[cid], e.name))
        ids[cid] = e.name
        size = values["size:" + e.ptype] if e.ptype else 0
        rows.append((cid, e.name, e.ptype or "-", size, e.presence, privilege(e),
                     traits[e.ptype] if e.ptype else "-"))
    rows.sort()
    for cid, name, ptype, size, *_ in rows:
        asserts.value(name, cid, name)
    for t in types:
        asserts.size(t, values["size:" + t])

    path = tag.write_tsv(
        ["id", "name", "paramsStruct", "paramsSize", "presence", "privilege", "traits"],
        [("0x%08x" % r[0],) + r[1:] for r in rows])
    asserts.save()
    return "%d classes, %d params types%s -> %s" % (
        len(rows), len(types),
        ", debug-only left out: " + " ".join(debug_only) if debug_only else "",
        os.path.relpath(path))


if __name__ == "__main__":
    ac.main(__doc__, __file__, EXTRACT_PATHS, generate)
