#!/usr/bin/env python3
"""Generate the UVM ioctl table and UVM params layouts of open-gpu-kernel-modules driver tags.

For each driver tag (e.g. ``580.142``) this script extracts, with ``git archive`` from a
mirror of NVIDIA/open-gpu-kernel-modules, ``kernel-open/nvidia-uvm`` and
``kernel-open/common/inc`` into a temporary directory, compiles (gcc, x86_64, Linux) a probe
program that includes ``uvm_linux_ioctl.h`` (which includes ``uvm_ioctl.h`` and
``uvm_types.h``) and ``uvm_test_ioctl.h``, and writes, under
``nvproxy/src/main/resources/dev/sluice/nvproxy/abi/``:

``uvm-<tag>.tsv``, one row per UVM command, sorted by number, columns:

* ``number``: the command's value, evaluated by the compiler. The commands are every
  ``#define UVM_X UVM_IOCTL_BASE(i)`` of ``kernel-open/nvidia-uvm/uvm_ioctl.h`` and every
  object-like ``#define UVM_X <value>`` of ``uvm_linux_ioctl.h`` (``UVM_INITIALIZE``,
  ``UVM_DEINITIALIZE``). A macro that is not defined on Linux (those inside
  ``#if defined(WIN32) || defined(WIN64)``) is evaluated from its definition's text with the
  Linux ``UVM_IOCTL_BASE(i)`` (which is ``i``).
* ``name``: the macro.
* ``paramsStruct`` and ``paramsSize``: ``UVM_X_PARAMS`` and its ``sizeof`` as compiled for
  x86_64 Linux. Where the headers declare ``UVM_X_PARAMS`` but it does not compile on Linux
  (the Windows-only commands) they are ``-`` and ``-1`` (``UvmIoctls.SIZE_UNKNOWN``); where the
  headers declare no ``UVM_X_PARAMS`` at all (``UVM_DEINITIALIZE``, which the driver answers
  without touching its argument) they are ``-`` and ``0``.
* ``route``: which dispatcher switch has a case label for the number at this tag: ``UVM`` for
  ``uvm_ioctl()`` in ``kernel-open/nvidia-uvm/uvm.c`` (``/dev/nvidia-uvm``), ``TOOLS`` for the
  ioctl function of ``kernel-open/nvidia-uvm/uvm_tools.c`` (``/dev/nvidia-uvm-tools``), ``NONE``
  for neither (a left-over number no Linux dispatcher handles; on the UVM device it falls
  through to the test ioctls). The case labels are the ``UVM_ROUTE_CMD_*(UVM_X, handler)``
  macros of ``kernel-open/nvidia-uvm/uvm_api.h`` (each expands to ``case UVM_X:``) and plain
  ``case UVM_X:`` labels, read from the body of each dispatcher function.
* ``requiresInitialize``: ``true`` when the command is routed with a ``*_INIT_CHECK`` macro
  (``UVM_ROUTE_CMD_STACK_INIT_CHECK`` / ``UVM_ROUTE_CMD_ALLOC_INIT_CHECK``): those expand with
  ``do_init_check = true``, which sets ``rmStatus = NV_ERR_ILLEGAL_ACTION`` while the file is
  not bound to a VA space (``uvm_fd_va_space(filp)`` is NULL, i.e. before ``UVM_INITIALIZE``).
  ``false`` for ``*_NO_INIT_CHECK`` macros, plain ``case`` labels and unrouted numbers.

``uvmlayout-<tag>.tsv``, columns ``kind``, ``name``, ``value``, sorted:

* ``sizeof T N`` and ``offsetof T.member N`` for every struct and member whose layout
  ``dev.sluice.nvproxy.abi.UvmParams`` states (the table ``LAYOUT`` below maps each Java
  constant to its C type and member); a struct or member that does not exist at a tag has no
  row there.
* ``constant NAME N`` for the C macros the Java uses (``CONSTANTS`` below; absent ones have no
  row), plus ``UVM_TEST_IOCTL_FIRST`` and ``UVM_TEST_IOCTL_LAST``, the lowest and highest
  value of the ``#define UVM_TEST_X UVM_TEST_IOCTL_BASE(i)`` commands of ``uvm_test_ioctl.h``
  (the range ``UvmIoctls`` names; they are not C macros and not UVM commands).

Per tag it also writes ``nvproxy/tools/abigen/asserts/<tag>/uvm.c``: ``_Static_assert``s of
every size, offset, command number (of commands defined on Linux) and C constant stated in
the two files, and checks it with ``gcc -fsyntax-only`` against the tag's headers.

Uses only the Python 3 standard library and gcc, through ``abigen_common.py`` (extraction,
the compiler probe, the output files). Run from the repository root:

    python3 nvproxy/tools/abigen/uvm.py 580.142 --mirror /path/to/open-gpu-kernel-modules.git
    python3 nvproxy/tools/abigen/uvm.py --all --mirror /path/to/open-gpu-kernel-modules.git

The options are every generator's (``abigen_common.parse_args``): ``--all`` means every tag
of ``abigen_common.TAGS``; ``--check-asserts`` writes nothing and only compiles the existing
``asserts/<tag>/uvm.c`` of the given tags against their headers.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abigen_common as ac  # noqa: E402

LAYOUT_KIND = "uvmlayout"  # the second data file, uvmlayout-<tag>.tsv
UVM_DIR = "kernel-open/nvidia-uvm"
EXTRACT_PATHS = [UVM_DIR, "kernel-open/common/inc"]
INCLUDE_DIRS = [UVM_DIR, "kernel-open/common/inc"]
PROBE_HEADERS = ["uvm_linux_ioctl.h", "uvm_test_ioctl.h"]
PROBE_INCLUDES = ['#include "%s"' % h for h in PROBE_HEADERS]
COMMAND_HEADERS = ["uvm_ioctl.h", "uvm_linux_ioctl.h"]
LINUX_IOCTL_HEADER = "uvm_linux_ioctl.h"
ASSERTS_HINT = "Check in a tree extracted from the tag: %s <this file>"

# Each UvmParams constant: (Java class, Java constant, C type, member; None for SIZE).
LAYOUT = [
    ("Initialize", "SIZE", "UVM_INITIALIZE_PARAMS", None),
    ("Initialize", "OFF_FLAGS", "UVM_INITIALIZE_PARAMS", "flags"),
    ("Initialize", "OFF_RM_STATUS", "UVM_INITIALIZE_PARAMS", "rmStatus"),
    ("MmInitialize", "SIZE", "UVM_MM_INITIALIZE_PARAMS", None),
    ("MmInitialize", "OFF_UVM_FD", "UVM_MM_INITIALIZE_PARAMS", "uvmFd"),
    ("MmInitialize", "OFF_RM_STATUS", "UVM_MM_INITIALIZE_PARAMS", "rmStatus"),
    ("PageableMemAccess", "SIZE", "UVM_PAGEABLE_MEM_ACCESS_PARAMS", None),
    ("PageableMemAccess", "OFF_PAGEABLE_MEM_ACCESS", "UVM_PAGEABLE_MEM_ACCESS_PARAMS",
     "pageableMemAccess"),
    ("PageableMemAccess", "OFF_RM_STATUS", "UVM_PAGEABLE_MEM_ACCESS_PARAMS", "rmStatus"),
    ("PageableMemAccessOnGpu", "SIZE", "UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS", None),
    ("PageableMemAccessOnGpu", "OFF_GPU_UUID", "UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS",
     "gpu_uuid"),
    ("PageableMemAccessOnGpu", "OFF_PAGEABLE_MEM_ACCESS",
     "UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS", "pageableMemAccess"),
    ("PageableMemAccessOnGpu", "OFF_RM_STATUS", "UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS",
     "rmStatus"),
    ("RegisterGpu", "SIZE", "UVM_REGISTER_GPU_PARAMS", None),
    ("RegisterGpu", "OFF_GPU_UUID", "UVM_REGISTER_GPU_PARAMS", "gpu_uuid"),
    ("RegisterGpu", "OFF_NUMA_ENABLED", "UVM_REGISTER_GPU_PARAMS", "numaEnabled"),
    ("RegisterGpu", "OFF_NUMA_NODE_ID", "UVM_REGISTER_GPU_PARAMS", "numaNodeId"),
    ("RegisterGpu", "OFF_RM_CTRL_FD", "UVM_REGISTER_GPU_PARAMS", "rmCtrlFd"),
    ("RegisterGpu", "OFF_H_CLIENT", "UVM_REGISTER_GPU_PARAMS", "hClient"),
    ("RegisterGpu", "OFF_H_SMC_PART_REF", "UVM_REGISTER_GPU_PARAMS", "hSmcPartRef"),
    ("RegisterGpu", "OFF_RM_STATUS", "UVM_REGISTER_GPU_PARAMS", "rmStatus"),
    ("UnregisterGpu", "SIZE", "UVM_UNREGISTER_GPU_PARAMS", None),
    ("UnregisterGpu", "OFF_GPU_UUID", "UVM_UNREGISTER_GPU_PARAMS", "gpu_uuid"),
    ("UnregisterGpu", "OFF_RM_STATUS", "UVM_UNREGISTER_GPU_PARAMS", "rmStatus"),
    ("RegisterGpuVaSpace", "SIZE", "UVM_REGISTER_GPU_VASPACE_PARAMS", None),
    ("RegisterGpuVaSpace", "OFF_GPU_UUID", "UVM_REGISTER_GPU_VASPACE_PARAMS", "gpuUuid"),
    ("RegisterGpuVaSpace", "OFF_RM_CTRL_FD", "UVM_REGISTER_GPU_VASPACE_PARAMS", "rmCtrlFd"),
    ("RegisterGpuVaSpace", "OFF_H_CLIENT", "UVM_REGISTER_GPU_VASPACE_PARAMS", "hClient"),
    ("RegisterGpuVaSpace", "OFF_H_VA_SPACE", "UVM_REGISTER_GPU_VASPACE_PARAMS", "hVaSpace"),
    ("RegisterGpuVaSpace", "OFF_RM_STATUS", "UVM_REGISTER_GPU_VASPACE_PARAMS", "rmStatus"),
    ("UnregisterGpuVaSpace", "SIZE", "UVM_UNREGISTER_GPU_VASPACE_PARAMS", None),
    ("UnregisterGpuVaSpace", "OFF_GPU_UUID", "UVM_UNREGISTER_GPU_VASPACE_PARAMS", "gpuUuid"),
    ("UnregisterGpuVaSpace", "OFF_RM_STATUS", "UVM_UNREGISTER_GPU_VASPACE_PARAMS",
     "rmStatus"),
    ("RegisterChannel", "SIZE", "UVM_REGISTER_CHANNEL_PARAMS", None),
    ("RegisterChannel", "OFF_GPU_UUID", "UVM_REGISTER_CHANNEL_PARAMS", "gpuUuid"),
    ("RegisterChannel", "OFF_RM_CTRL_FD", "UVM_REGISTER_CHANNEL_PARAMS", "rmCtrlFd"),
    ("RegisterChannel", "OFF_H_CLIENT", "UVM_REGISTER_CHANNEL_PARAMS", "hClient"),
    ("RegisterChannel", "OFF_H_CHANNEL", "UVM_REGISTER_CHANNEL_PARAMS", "hChannel"),
    ("RegisterChannel", "OFF_BASE", "UVM_REGISTER_CHANNEL_PARAMS", "base"),
    ("RegisterChannel", "OFF_LENGTH", "UVM_REGISTER_CHANNEL_PARAMS", "length"),
    ("RegisterChannel", "OFF_RM_STATUS", "UVM_REGISTER_CHANNEL_PARAMS", "rmStatus"),
    ("UnregisterChannel", "SIZE", "UVM_UNREGISTER_CHANNEL_PARAMS", None),
    ("UnregisterChannel", "OFF_GPU_UUID", "UVM_UNREGISTER_CHANNEL_PARAMS", "gpuUuid"),
    ("UnregisterChannel", "OFF_H_CLIENT", "UVM_UNREGISTER_CHANNEL_PARAMS", "hClient"),
    ("UnregisterChannel", "OFF_H_CHANNEL", "UVM_UNREGISTER_CHANNEL_PARAMS", "hChannel"),
    ("UnregisterChannel", "OFF_RM_STATUS", "UVM_UNREGISTER_CHANNEL_PARAMS", "rmStatus"),
    ("CreateRangeGroup", "SIZE", "UVM_CREATE_RANGE_GROUP_PARAMS", None),
    ("CreateRangeGroup", "OFF_RANGE_GROUP_ID", "UVM_CREATE_RANGE_GROUP_PARAMS",
     "rangeGroupId"),
    ("CreateRangeGroup", "OFF_RM_STATUS", "UVM_CREATE_RANGE_GROUP_PARAMS", "rmStatus"),
    ("CreateExternalRange", "SIZE", "UVM_CREATE_EXTERNAL_RANGE_PARAMS", None),
    ("CreateExternalRange", "OFF_BASE", "UVM_CREATE_EXTERNAL_RANGE_PARAMS", "base"),
    ("CreateExternalRange", "OFF_LENGTH", "UVM_CREATE_EXTERNAL_RANGE_PARAMS", "length"),
    ("CreateExternalRange", "OFF_RM_STATUS", "UVM_CREATE_EXTERNAL_RANGE_PARAMS", "rmStatus"),
    ("Free", "SIZE", "UVM_FREE_PARAMS", None),
    ("Free", "OFF_BASE", "UVM_FREE_PARAMS", "base"),
    ("Free", "OFF_LENGTH", "UVM_FREE_PARAMS", "length"),
    ("Free", "OFF_RM_STATUS", "UVM_FREE_PARAMS", "rmStatus"),
    ("ValidateVaRange", "SIZE", "UVM_VALIDATE_VA_RANGE_PARAMS", None),
    ("ValidateVaRange", "OFF_BASE", "UVM_VALIDATE_VA_RANGE_PARAMS", "base"),
    ("ValidateVaRange", "OFF_LENGTH", "UVM_VALIDATE_VA_RANGE_PARAMS", "length"),
    ("ValidateVaRange", "OFF_RM_STATUS", "UVM_VALIDATE_VA_RANGE_PARAMS", "rmStatus"),
    ("GpuMappingAttributes", "SIZE", "UvmGpuMappingAttributes", None),
    ("GpuMappingAttributes", "OFF_GPU_UUID", "UvmGpuMappingAttributes", "gpuUuid"),
    ("GpuMappingAttributes", "OFF_GPU_MAPPING_TYPE", "UvmGpuMappingAttributes",
     "gpuMappingType"),
    ("GpuMappingAttributes", "OFF_GPU_CACHING_TYPE", "UvmGpuMappingAttributes",
     "gpuCachingType"),
    ("GpuMappingAttributes", "OFF_GPU_FORMAT_TYPE", "UvmGpuMappingAttributes",
     "gpuFormatType"),
    ("GpuMappingAttributes", "OFF_GPU_ELEMENT_BITS", "UvmGpuMappingAttributes",
     "gpuElementBits"),
    ("GpuMappingAttributes", "OFF_GPU_COMPRESSION_TYPE", "UvmGpuMappingAttributes",
     "gpuCompressionType"),
    ("MapExternalAllocation", "SIZE", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", None),
    ("MapExternalAllocation", "OFF_BASE", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", "base"),
    ("MapExternalAllocation", "OFF_LENGTH", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", "length"),
    ("MapExternalAllocation", "OFF_OFFSET", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", "offset"),
    ("MapExternalAllocation", "OFF_PER_GPU_ATTRIBUTES", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS",
     "perGpuAttributes"),
    ("MapExternalAllocation", "OFF_GPU_ATTRIBUTES_COUNT",
     "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", "gpuAttributesCount"),
    ("MapExternalAllocation", "OFF_RM_CTRL_FD", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS",
     "rmCtrlFd"),
    ("MapExternalAllocation", "OFF_H_CLIENT", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", "hClient"),
    ("MapExternalAllocation", "OFF_H_MEMORY", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS", "hMemory"),
    ("MapExternalAllocation", "OFF_RM_STATUS", "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS",
     "rmStatus"),
    ("UnmapExternal", "SIZE", "UVM_UNMAP_EXTERNAL_PARAMS", None),
    ("UnmapExternal", "OFF_BASE", "UVM_UNMAP_EXTERNAL_PARAMS", "base"),
    ("UnmapExternal", "OFF_LENGTH", "UVM_UNMAP_EXTERNAL_PARAMS", "length"),
    ("UnmapExternal", "OFF_GPU_UUID", "UVM_UNMAP_EXTERNAL_PARAMS", "gpuUuid"),
    ("UnmapExternal", "OFF_RM_STATUS", "UVM_UNMAP_EXTERNAL_PARAMS", "rmStatus"),
    ("AllocSemaphorePool", "SIZE", "UVM_ALLOC_SEMAPHORE_POOL_PARAMS", None),
    ("AllocSemaphorePool", "OFF_BASE", "UVM_ALLOC_SEMAPHORE_POOL_PARAMS", "base"),
    ("AllocSemaphorePool", "OFF_LENGTH", "UVM_ALLOC_SEMAPHORE_POOL_PARAMS", "length"),
    ("AllocSemaphorePool", "OFF_PER_GPU_ATTRIBUTES", "UVM_ALLOC_SEMAPHORE_POOL_PARAMS",
     "perGpuAttributes"),
    ("AllocSemaphorePool", "OFF_GPU_ATTRIBUTES_COUNT", "UVM_ALLOC_SEMAPHORE_POOL_PARAMS",
     "gpuAttributesCount"),
    ("AllocSemaphorePool", "OFF_RM_STATUS", "UVM_ALLOC_SEMAPHORE_POOL_PARAMS", "rmStatus"),
    ("SetPreferredLocation", "SIZE", "UVM_SET_PREFERRED_LOCATION_PARAMS", None),
    ("SetPreferredLocation", "OFF_REQUESTED_BASE", "UVM_SET_PREFERRED_LOCATION_PARAMS",
     "requestedBase"),
    ("SetPreferredLocation", "OFF_LENGTH", "UVM_SET_PREFERRED_LOCATION_PARAMS", "length"),
    ("SetPreferredLocation", "OFF_PREFERRED_LOCATION", "UVM_SET_PREFERRED_LOCATION_PARAMS",
     "preferredLocation"),
    ("SetPreferredLocation", "OFF_PREFERRED_CPU_NUMA_NODE",
     "UVM_SET_PREFERRED_LOCATION_PARAMS", "preferredCpuNumaNode"),
    ("SetPreferredLocation", "OFF_RM_STATUS", "UVM_SET_PREFERRED_LOCATION_PARAMS",
     "rmStatus"),
    ("AllocDeviceP2p", "SIZE", "UVM_ALLOC_DEVICE_P2P_PARAMS", None),
    ("AllocDeviceP2p", "OFF_BASE", "UVM_ALLOC_DEVICE_P2P_PARAMS", "base"),
    ("AllocDeviceP2p", "OFF_LENGTH", "UVM_ALLOC_DEVICE_P2P_PARAMS", "length"),
    ("AllocDeviceP2p", "OFF_OFFSET", "UVM_ALLOC_DEVICE_P2P_PARAMS", "offset"),
    ("AllocDeviceP2p", "OFF_GPU_UUID", "UVM_ALLOC_DEVICE_P2P_PARAMS", "gpuUuid"),
    ("AllocDeviceP2p", "OFF_RM_CTRL_FD", "UVM_ALLOC_DEVICE_P2P_PARAMS", "rmCtrlFd"),
    ("AllocDeviceP2p", "OFF_H_CLIENT", "UVM_ALLOC_DEVICE_P2P_PARAMS", "hClient"),
    ("AllocDeviceP2p", "OFF_H_MEMORY", "UVM_ALLOC_DEVICE_P2P_PARAMS", "hMemory"),
    ("AllocDeviceP2p", "OFF_RM_STATUS", "UVM_ALLOC_DEVICE_P2P_PARAMS", "rmStatus"),
    # UvmParams.NV_PROCESSOR_UUID_SIZE
    ("UvmParams", "NV_PROCESSOR_UUID_SIZE", "NvProcessorUuid", None),
]

# C macros written as `constant` rows: (Java constant in UvmParams or None, macro).
CONSTANTS = [
    (None, "NV_MAX_DEVICES"),
    (None, "NV_UUID_LEN"),
    ("UVM_PARENT_ID_MAX_SUB_PROCESSORS", "UVM_PARENT_ID_MAX_SUB_PROCESSORS"),
    ("UVM_MAX_GPUS_V1", "UVM_MAX_GPUS_V1"),
    ("UVM_MAX_GPUS", "UVM_MAX_GPUS"),
    # 550 and 555 size the per-GPU attribute arrays with UVM_MAX_GPUS_V2, not UVM_MAX_GPUS.
    (None, "UVM_MAX_GPUS_V2"),
    (None, "UVM_MAX_PROCESSORS"),
    ("UVM_INIT_FLAGS_DISABLE_HMM", "UVM_INIT_FLAGS_DISABLE_HMM"),
    ("UVM_INIT_FLAGS_MULTI_PROCESS_SHARING_MODE", "UVM_INIT_FLAGS_MULTI_PROCESS_SHARING_MODE"),
    ("UVM_INIT_FLAGS_MASK", "UVM_INIT_FLAGS_MASK"),
]

IOCTL_DEFINE_RE = re.compile(
    r"^[ \t]*#[ \t]*define[ \t]+(UVM_\w+)[ \t]+(UVM_IOCTL_BASE\([^)\n]*\))", re.M)
VALUE_DEFINE_RE = re.compile(
    r"^[ \t]*#[ \t]*define[ \t]+(UVM_\w+)[ \t]+(0x[0-9a-fA-F]+|\d+)[uUlL]*"
    r"[ \t]*(?://.*|/\*.*)?$", re.M)
TEST_DEFINE_RE = re.compile(
    r"^[ \t]*#[ \t]*define[ \t]+(UVM_TEST_\w+)[ \t]+UVM_TEST_IOCTL_BASE\(", re.M)
ROUTE_RE = re.compile(
    r"\bUVM_ROUTE_CMD_(STACK|ALLOC)_(NO_INIT_CHECK|INIT_CHECK)\s*\(\s*(\w+)\s*,"
    r"|\bcase\s+(\w+)\s*:")


# ---- reading the sources ---------------------------------------------------------------------

def read(tag, name):
    return ac.read_text(tag.path(os.path.join(UVM_DIR, name)))


def header_commands(tag):
    """[(name, definition text)] of the commands of COMMAND_HEADERS."""
    cmds = []
    for h in COMMAND_HEADERS:
        cmds += IOCTL_DEFINE_RE.findall(read(tag, h))
    cmds += VALUE_DEFINE_RE.findall(read(tag, LINUX_IOCTL_HEADER))
    names = [n for n, _ in cmds]
    dups = sorted({n for n in names if names.count(n) > 1})
    if dups:
        # Several definitions of one macro (e.g. per OS) would need a closer look.
        raise ac.GenError("commands defined more than once: " + " ".join(dups))
    return cmds


def declared_params(tag):
    """Every UVM_*_PARAMS identifier written in COMMAND_HEADERS, compiled or not."""
    found = set()
    for h in COMMAND_HEADERS:
        found |= set(re.findall(r"\b(UVM_\w+_PARAMS)\b", ac.c_code(read(tag, h))))
    return found


def test_commands(tag):
    return TEST_DEFINE_RE.findall(read(tag, "uvm_test_ioctl.h"))


def function_body(text, name_re):
    """The brace-balanced body of the (one) function whose definition matches name_re."""
    defs = [m for m in re.finditer(r"^\w[\w \t\*]*\b(%s)\s*\([^;{]*\)\s*\{" % name_re,
                                   text, re.M)]
    if len(defs) != 1:
        raise ac.GenError("expected one function matching %s, found %d" % (name_re, len(defs)))
    start = defs[0].end()
    return defs[0].group(1), text[start:ac.matching_brace(text, start - 1, defs[0].group(1))]


def dispatcher_cases(body, where):
    """{cmd name: requiresInitialize} of the case labels of a dispatcher body."""
    if re.search(r"^\s*#\s*if", body, re.M):
        raise ac.GenError(where + ": conditional compilation inside the dispatcher")
    cases = {}
    for _, check, routed, plain in ROUTE_RE.findall(body):
        name = routed or plain
        if name in cases:
            raise ac.GenError("%s: %s has two case labels" % (where, name))
        cases[name] = check == "INIT_CHECK"
    return cases


def dispatchers(tag):
    """{cmd name: (route, requiresInitialize)} of the UVM and tools dispatchers."""
    uvm_text = ac.c_code(read(tag, "uvm.c"))
    tools_text = ac.c_code(read(tag, "uvm_tools.c"))
    _, uvm_body = function_body(uvm_text, "uvm_ioctl")
    # The tools device's ioctl function is the one that routes with UVM_ROUTE_CMD_*.
    tools_fns = sorted({m.group(1) for m in re.finditer(
        r"^static\s+long\s+(\w+)\s*\(", tools_text, re.M)})
    tools_bodies = [function_body(tools_text, re.escape(fn)) for fn in tools_fns]
    tools_bodies = [(fn, b) for fn, b in tools_bodies if "UVM_ROUTE_CMD_" in b]
    if len(tools_bodies) != 1:
        raise ac.GenError("uvm_tools.c: expected one ioctl function with UVM_ROUTE_CMD_*, "
                          "found %s" % [fn for fn, _ in tools_bodies])
    routes = {}
    for route, where, body in (("UVM", "uvm.c:uvm_ioctl", uvm_body),
                               ("TOOLS", "uvm_tools.c:" + tools_bodies[0][0],
                                tools_bodies[0][1])):
        for name, init in dispatcher_cases(body, where).items():
            if name in routes:
                raise ac.GenError(name + " is routed by both dispatchers")
            routes[name] = (route, init)
    return routes


# ---- one tag ---------------------------------------------------------------------------------

def tables(tag, cc):
    """Returns (command rows, layout rows, assertions (label, condition))."""
    cmds = header_commands(tag)
    declared = declared_params(tag)
    tests = test_commands(tag)
    routes = dispatchers(tag)

    names = {n for n, _ in cmds}
    unknown = sorted(set(routes) - names)
    if unknown:
        raise ac.GenError("dispatched but not defined in the headers: " + " ".join(unknown))

    items = []
    for name, body in cmds:
        items.append(("num " + name, [name, body]))
        if name + "_PARAMS" in declared:
            items.append(("size " + name, ["sizeof(%s_PARAMS)" % name]))
    for name in tests:
        items.append(("test " + name, [name]))
    for _, _, ctype, member in LAYOUT:
        if member is None:
            items.append(("sizeof " + ctype, ["sizeof(%s)" % ctype]))
        else:
            items.append(("offsetof %s.%s" % (ctype, member),
                          ["__builtin_offsetof(%s, %s)" % (ctype, member)]))
    for _, macro in CONSTANTS:
        items.append(("constant " + macro, [macro]))
    items = dedupe(items)
    values, _ = cc.evaluate_alternatives(PROBE_INCLUDES, items)

    rows, asserts = [], []
    numbers = {}
    for name, _ in cmds:
        num, how = values["num " + name]
        if num in numbers:
            raise ac.GenError("%s and %s share number %d" % (numbers[num], name, num))
        numbers[num] = name
        if how == 0:
            asserts.append((name, "%s == %d" % (name, num)))
        if "size " + name in values:
            struct, size = name + "_PARAMS", values["size " + name][0]
            asserts.append((struct, "sizeof(%s) == %d" % (struct, size)))
        elif name + "_PARAMS" in declared:
            struct, size = "-", -1
        else:
            struct, size = "-", 0
        route, init = routes.get(name, ("NONE", False))
        rows.append((num, name, struct, size, route, init))
    rows.sort()

    layout = []
    for key, (val, _) in values.items():
        kind, name = key.split(" ", 1)
        if kind == "sizeof":
            layout.append(("sizeof", name, val))
            asserts.append((name, "sizeof(%s) == %d" % (name, val)))
        elif kind == "offsetof":
            ctype, member = name.split(".", 1)
            layout.append(("offsetof", name, val))
            asserts.append((name, "offsetof(%s, %s) == %d" % (ctype, member, val)))
        elif kind == "constant":
            layout.append(("constant", name, val))
            asserts.append((name, "%s == %d" % (name, val)))
    test_nums = {values["test " + n][0]: n for n in tests}
    if test_nums:
        for label, num in (("UVM_TEST_IOCTL_FIRST", min(test_nums)),
                           ("UVM_TEST_IOCTL_LAST", max(test_nums))):
            layout.append(("constant", label, num))
            asserts.append((label, "%s == %d" % (test_nums[num], num)))
    layout.sort()
    return rows, layout, list(dict.fromkeys(asserts))


def dedupe(items):
    seen, out = set(), []
    for key, exprs in items:
        if key not in seen:
            seen.add(key)
            out.append((key, exprs))
    return out


def summary(rows, layout, asserts):
    """One line: counts, and the UvmParams structs and members absent at the tag."""
    have = {name for _, name, _ in layout}
    absent_types = sorted({t for _, _, t, _ in LAYOUT if t not in have})
    absent_members = sorted({"%s.%s" % (t, m) for _, _, t, m in LAYOUT
                             if m and t in have and "%s.%s" % (t, m) not in have})
    routed = sum(1 for r in rows if r[4] != "NONE")
    text = "%d commands (%d routed), %d layout rows, %d asserts pass" % (
        len(rows), routed, len(layout), len(asserts))
    if absent_types or absent_members:
        text += "; absent: " + " ".join(absent_types + absent_members)
    return text


def generate(tag):
    cc = ac.Compiler(tag.root, tag.work, INCLUDE_DIRS)
    if tag.args.check_asserts:
        return tag.check_asserts(cc)
    rows, layout, asserts = tables(tag, cc)
    tag.write_tsv(["number", "name", "paramsStruct", "paramsSize", "route", "requiresInitialize"],
                  [("0x%08x" % num, name, struct, size, route, "true" if init else "false")
                   for num, name, struct, size, route, init in rows])
    tag.write_tsv(["kind", "name", "value"], layout, LAYOUT_KIND)
    checks = ac.Asserts(tag, cc, PROBE_INCLUDES, hint=ASSERTS_HINT, blank_line=False)
    for label, cond in asserts:
        checks.condition(cond, label)
    checks.save()
    return summary(rows, layout, asserts)


if __name__ == "__main__":
    ac.main(__doc__, __file__, EXTRACT_PATHS, generate)
