#!/usr/bin/env python3
"""Generate the frontend ABI table (escape numbers, params sizes and offsets) of driver tags.

For each open-gpu-kernel-modules driver tag this script writes
``nvproxy/src/main/resources/dev/sluice/nvproxy/abi/frontend-<tag>.tsv`` with the columns
``kind``, ``name`` and ``value``, one row per fact (the escape rows, then the sizeof rows, then
the offsetof rows, each sorted by name):

``escape NV_ESC_X 0x000000NN``
    every ``NV_ESC_*`` macro defined in the escape headers: the frontend escapes of
    ``kernel-open/common/inc/nv-ioctl-numbers.h`` and ``kernel-open/common/inc/nv-ioctl-numa.h``
    (``NV_IOCTL_BASE`` and up, handled by the Linux layer) and the RM escapes of
    ``src/nvidia/arch/nvalloc/unix/include/nv_escape.h``; the value is the ``_IOC_NR`` of the
    escape, evaluated by the compiler;
``sizeof T N``
    ``sizeof(T)`` for every C type of the ``STRUCTS`` table below: the params of every escape
    (``nv_ioctl_*_t`` of kernel-open/common/inc/nv-ioctl.h and nv-ioctl-numa.h,
    ``NVOS*_PARAMETERS`` of src/common/sdk/nvidia/inc/nvos.h, the fd wrappers
    ``nv_ioctl_nvos02_parameters_with_fd`` and ``nv_ioctl_nvos33_parameters_with_fd`` of
    src/nvidia/arch/nvalloc/unix/include/nv-unix-nvos-params-wrappers.h,
    ``NV_LOCKLESS_DIAGNOSTIC_PARAMS`` of nv-ioctl-lockless-diag.h) and the types embedded in
    them or pointed at by them; ``NvU32`` is the element of ``NV_ESC_ATTACH_GPUS_TO_FD``'s
    array of GPU ids. ``sizeof T.m N`` is the size of member ``m`` of ``T`` (the unions
    ``NVOS32_PARAMETERS.data`` and ``NV_LOCKLESS_DIAGNOSTIC_PARAMS.params``);
``offsetof T.m N``
    ``offsetof(T, m)`` for every member path of the table (``m`` may be nested, as offsetof's
    member designator: ``data.AllocOsDesc.descriptor``); besides the escapes' params, the
    pointer members of alloc params that the policy zeroes or passes as values
    (``NV_MEMORY_ALLOCATION_PARAMS.address`` of nvos.h, ``NV0005_ALLOC_PARAMETERS.data`` of
    class/cl0005.h) and the members of control params the policy reads (embedded arrays,
    fds, GPU ids and pids; the headers under src/common/sdk/nvidia/inc/ctrl named in
    ``HEADERS``), with the sizes of their arrays (``sizeof T.m``);
``dispatched NV_ESC_X 0x000000NN``
    every escape some dispatcher of the tag handles: a ``case NV_ESC_X:`` label, or a test
    ``cmd == NV_ESC_X``, in ``nvidia_ioctl`` (kernel-open/nvidia/nv.c), ``rm_ioctl``
    (src/nvidia/arch/nvalloc/unix/src/osapi.c) or ``RmIoctl``
    (src/nvidia/arch/nvalloc/unix/src/escape.c), which every escape of ``/dev/nvidiactl`` and
    ``/dev/nvidia<N>`` goes through in that order. An escape that is defined but not
    dispatched is answered ``EINVAL``; one that is dispatched must be trapped.

All values are compiled for x86_64 (gcc ``-m64``) against the tag's headers, include
directories ``kernel-open/common/inc``, ``src/common/sdk/nvidia/inc`` and
``src/nvidia/arch/nvalloc/unix/include`` in that order (so the kernel interface layer's copy of
nv-ioctl.h is the one used). The table below lists what the project's NVProxy reads from
these structs; a type or member that does not exist at a tag (for example
``nv_ioctl_wait_open_complete_t`` before 550) has no row at that tag, and the run's summary
names what was left out. A type the headers spell differently across tags is listed with each
spelling and its rows use the tag's (``nv_ioctl_query_device_intr`` up to 580,
``nv_ioctl_query_device_intr_t`` from 590).

Also writes ``nvproxy/tools/abigen/asserts/<tag>/frontend.c``, a static assertion for every row,
compiled (``gcc -fsyntax-only``) against the tag's headers as part of the run.

Run from the repository root (Python 3 standard library and gcc only):

    python3 nvproxy/tools/abigen/frontend.py 580.142 --mirror /path/to/open-gpu-kernel-modules.git
    python3 nvproxy/tools/abigen/frontend.py --all --mirror /path/to/open-gpu-kernel-modules.git

The options are those of every generator (``abigen_common.parse_args``); with
``--check-asserts`` the run writes nothing and compiles the existing ``frontend.c`` of each tag.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abigen_common as ac  # noqa: E402

KERNEL_INC = "kernel-open/common/inc"
SDK = "src/common/sdk/nvidia/inc"
UNIX_INC = "src/nvidia/arch/nvalloc/unix/include"
# The dispatchers whose case labels are the escapes the driver handles.
DISPATCHERS = [
    "kernel-open/nvidia/nv.c",
    "src/nvidia/arch/nvalloc/unix/src/osapi.c",
    "src/nvidia/arch/nvalloc/unix/src/escape.c",
]
EXTRACT_PATHS = [KERNEL_INC, SDK, UNIX_INC] + DISPATCHERS
INCLUDE_DIRS = [KERNEL_INC, SDK, UNIX_INC]
PRELUDE = ['#include "nvtypes.h"', '#include "nvstatus.h"']
# Headers the probe includes, where they exist at the tag (nv-ioctl-lockless-diag.h: 545 on).
HEADERS = [
    "nv-ioctl.h",
    "nv-ioctl-numa.h",
    "nv_escape.h",
    "nvos.h",  # includes rs_access.h (RS_SHARE_POLICY) from its own directory
    "nv-unix-nvos-params-wrappers.h",
    "nv-ioctl-lockless-diag.h",
    "class/cl0005.h",
    # The control params whose members the policy reads (scoped GPU ids and pids, embedded
    # arrays, fds, pointers zeroed)
    "ctrl/ctrl0000/ctrl0000gpu.h",
    "ctrl/ctrl0000/ctrl0000gpuacct.h",
    "ctrl/ctrl0000/ctrl0000system.h",
    "ctrl/ctrl0000/ctrl0000syncgpuboost.h",
    "ctrl/ctrl0000/ctrl0000unix.h",
    "ctrl/ctrl0041.h",
    "ctrl/ctrl0080/ctrl0080fifo.h",
    "ctrl/ctrl2080/ctrl2080bios.h",
    "ctrl/ctrl2080/ctrl2080bus.h",
    "ctrl/ctrl2080/ctrl2080gpu.h",
    "ctrl/ctrl2080/ctrl2080gr.h",
]
# Headers whose NV_ESC_* macros are escape numbers.
ESCAPE_HEADERS = [
    os.path.join(KERNEL_INC, "nv-ioctl-numbers.h"),
    os.path.join(KERNEL_INC, "nv-ioctl-numa.h"),
    os.path.join(UNIX_INC, "nv_escape.h"),
]
ESCAPE_MACRO = r"NV_ESC_\w+"

# (C type, member paths whose offsets are stated, members whose sizes are stated), in the
# order of the project's NVProxy tables (FrontendStructs, NvosParams). A C type given as a
# tuple is one struct spelled differently across tags: the first spelling the tag defines is
# the one its rows name.
STRUCTS = [
    # kernel-open/common/inc/nv-ioctl.h, nv-ioctl-numa.h
    ("nv_pci_info_t", ["domain", "bus", "slot", "function", "vendor_id", "device_id"], []),
    ("nv_ioctl_card_info_t",
     ["valid", "pci_info", "gpu_id", "interrupt_line", "reg_address", "reg_size",
      "fb_address", "fb_size", "minor_number", "dev_name"], []),
    ("nv_ioctl_register_fd_t", ["ctl_fd"], []),
    ("nv_ioctl_alloc_os_event_t", ["hClient", "hDevice", "fd", "Status"], []),
    ("nv_ioctl_free_os_event_t", ["hClient", "hDevice", "fd", "Status"], []),
    ("nv_ioctl_status_code_t", ["domain", "bus", "slot", "status"], []),
    ("nv_ioctl_rm_api_version_t", ["cmd", "reply", "versionString"], []),
    ("nv_ioctl_xfer_t", ["cmd", "size", "ptr"], []),
    ("NvU32", [], []),  # the element of NV_ESC_ATTACH_GPUS_TO_FD's array
    # typedef'd without _t until 580, with _t from 590 (same struct tag)
    (("nv_ioctl_query_device_intr", "nv_ioctl_query_device_intr_t"),
     ["intrStatus", "status"], []),
    ("nv_ioctl_sys_params_t", ["memblock_size"], []),
    ("nv_offline_addresses_t", ["addresses", "numEntries"], []),
    ("nv_ioctl_numa_info_t",
     ["nid", "status", "memblock_size", "numa_mem_addr", "numa_mem_size", "use_auto_online",
      "offline_addresses"], []),
    ("nv_ioctl_set_numa_status_t", ["status"], []),
    ("nv_ioctl_export_to_dma_buf_fd_t",
     ["fd", "hClient", "totalObjects", "numObjects", "index", "totalSize", "mappingType",
      "bAllowMmap", "handles", "offsets", "sizes", "status"], []),
    ("nv_ioctl_wait_open_complete_t", ["rc", "adapterStatus"], []),
    # src/common/sdk/nvidia/inc/nvos.h, rs_access.h; unix include wrappers
    ("NVOS00_PARAMETERS", ["hRoot", "hObjectParent", "hObjectOld", "status"], []),
    ("NVOS02_PARAMETERS",
     ["hRoot", "hObjectParent", "hObjectNew", "hClass", "flags", "pMemory", "limit", "status"],
     []),
    ("nv_ioctl_nvos02_parameters_with_fd", ["params", "fd"], []),
    ("NVOS05_PARAMETERS", ["hRoot", "hObjectParent", "hObjectNew", "hClass", "status"], []),
    ("NVOS21_PARAMETERS",
     ["hRoot", "hObjectParent", "hObjectNew", "hClass", "pAllocParms", "paramsSize", "status"],
     []),
    ("NVOS64_PARAMETERS",
     ["hRoot", "hObjectParent", "hObjectNew", "hClass", "pAllocParms", "pRightsRequested",
      "paramsSize", "flags", "status"], []),
    ("NVOS30_PARAMETERS",
     ["hClient", "hDevice", "hChannel", "numChannels", "phClients", "phDevices", "phChannels",
      "flags", "timeout", "status"], []),
    ("NVOS32_PARAMETERS",
     ["hRoot", "hObjectParent", "function", "hVASpace", "ivcHeapNumber", "status", "total",
      "free", "data"]
     + ["data.AllocOsDesc." + m for m in
        ["hMemory", "type", "flags", "attr", "attr2", "descriptor", "limit", "descriptorType"]],
     ["data"]),
    ("NVOS33_PARAMETERS",
     ["hClient", "hDevice", "hMemory", "offset", "length", "pLinearAddress", "status", "flags"],
     []),
    ("nv_ioctl_nvos33_parameters_with_fd", ["params", "fd"], []),
    ("NVOS34_PARAMETERS",
     ["hClient", "hDevice", "hMemory", "pLinearAddress", "status", "flags"], []),
    ("NVOS38_PARAMETERS",
     ["hClient", "hObject", "AccessType", "DevNodeLength", "pDevNode", "ParmStrLength",
      "pParmStr", "BinaryDataLength", "pBinaryData", "Data", "Entry", "status"], []),
    ("NVOS39_PARAMETERS",
     ["hObjectParent", "hSubDevice", "hObjectNew", "hClass", "flags", "selector", "hMemory",
      "offset", "limit", "status"], []),
    ("NVOS41_PARAMETERS", ["pEvent", "MoreEvents", "status"], []),
    ("NvUnixEvent", ["hObject", "NotifyIndex", "info32", "info16"], []),
    ("NVOS46_PARAMETERS",
     ["hClient", "hDevice", "hDma", "hMemory", "offset", "length", "flags", "flags2",
      "kindOverride", "dmaOffset", "status"], []),
    ("NVOS47_PARAMETERS",
     ["hClient", "hDevice", "hDma", "hMemory", "flags", "dmaOffset", "size", "status"], []),
    ("NVOS49_PARAMETERS", ["hClient", "hChannel", "hCtxDma", "status"], []),
    ("NVOS54_PARAMETERS",
     ["hClient", "hObject", "cmd", "flags", "params", "paramsSize", "status"], []),
    ("NVOS55_PARAMETERS",
     ["hClient", "hParent", "hObject", "hClientSrc", "hObjectSrc", "flags", "status"], []),
    ("NVOS56_PARAMETERS",
     ["hClient", "hDevice", "hMemory", "pOldCpuAddress", "pNewCpuAddress", "status"], []),
    ("RS_SHARE_POLICY", ["target", "accessMask", "type", "action"], []),
    ("NVOS57_PARAMETERS", ["hClient", "hObject", "sharePolicy", "status"], []),
    ("NVOS_I2C_ACCESS_PARAMS",
     ["hClient", "hDevice", "paramSize", "paramStructPtr", "status"], []),
    ("NV_LOCKLESS_DIAGNOSTIC_PARAMS", ["cmd", "status", "params"], ["params"]),
    # Alloc params whose pointer members the policy zeroes or passes as values (nvos.h,
    # class/cl0005.h)
    ("NV_MEMORY_ALLOCATION_PARAMS", ["address"], []),
    ("NV0005_ALLOC_PARAMETERS", ["data"], []),
    # Control params whose members the policy reads (NvPolicy): embedded arrays behind
    # pointers (ctrl0080fifo.h, ctrl2080gr.h, ctrl2080bios.h, ctrl2080bus.h, ctrl0000system.h,
    # ctrl0041.h)
    ("NV0080_CTRL_FIFO_GET_CHANNELLIST_PARAMS",
     ["numChannels", "pChannelHandleList", "pChannelList"], []),
    ("NV2080_CTRL_GR_GET_INFO_PARAMS", ["grInfoListSize", "grInfoList"], []),
    ("NV2080_CTRL_GR_INFO", [], []),
    ("NV2080_CTRL_BIOS_GET_INFO_PARAMS", ["biosInfoListSize", "biosInfoList"], []),
    ("NV2080_CTRL_BIOS_INFO", [], []),
    ("NV2080_CTRL_BUS_GET_INFO_PARAMS", ["busInfoListSize", "busInfoList"], []),
    ("NV2080_CTRL_BUS_INFO", [], []),
    ("NV0000_CTRL_SYSTEM_GET_BUILD_VERSION_PARAMS",
     ["sizeOfStrings", "pDriverVersionBuffer", "pVersionBuffer", "pTitleBuffer"], []),
    ("NV0041_CTRL_GET_SURFACE_INFO_PARAMS", ["surfaceInfoListSize", "surfaceInfoList"], []),
    ("NV0041_CTRL_SURFACE_INFO", [], []),
    # fds of the caller (ctrl0000unix.h)
    ("NV0000_CTRL_OS_UNIX_EXPORT_OBJECT_TO_FD_PARAMS", ["fd"], []),
    ("NV0000_CTRL_OS_UNIX_IMPORT_OBJECT_FROM_FD_PARAMS", ["fd"], []),
    ("NV0000_CTRL_OS_UNIX_GET_EXPORT_OBJECT_INFO_PARAMS", ["fd"], []),
    ("NV0000_CTRL_OS_UNIX_CREATE_EXPORT_OBJECT_FD_PARAMS", ["fd"], []),
    ("NV0000_CTRL_OS_UNIX_EXPORT_OBJECTS_TO_FD_PARAMS", ["fd"], []),
    ("NV0000_CTRL_OS_UNIX_IMPORT_OBJECTS_FROM_FD_PARAMS", ["fd"], []),
    # GPU ids and pids kept to the sandbox (ctrl0000gpu.h, ctrl0000gpuacct.h,
    # ctrl0000system.h, ctrl0000syncgpuboost.h, ctrl2080gpu.h)
    ("NV0000_CTRL_GPU_GET_ID_INFO_PARAMS", ["gpuId", "szName"], []),
    ("NV0000_CTRL_GPU_GET_ID_INFO_V2_PARAMS", ["gpuId"], []),
    ("NV0000_CTRL_GPU_GET_PCI_INFO_PARAMS", ["gpuId"], []),
    ("NV0000_CTRL_GPU_QUERY_DRAIN_STATE_PARAMS", ["gpuId"], []),
    ("NV0000_CTRL_GPU_ASYNC_ATTACH_ID_PARAMS", ["gpuId"], []),
    ("NV0000_CTRL_GPUACCT_GET_ACCOUNTING_STATE_PARAMS", ["gpuId"], []),
    ("NV0000_CTRL_GPU_ATTACH_IDS_PARAMS", ["gpuIds"], ["gpuIds"]),
    ("NV0000_CTRL_GPU_DETACH_IDS_PARAMS", ["gpuIds"], ["gpuIds"]),
    ("NV0000_CTRL_GPU_GET_ATTACHED_IDS_PARAMS", ["gpuIds"], ["gpuIds"]),
    ("NV0000_CTRL_GPU_GET_PROBED_IDS_PARAMS",
     ["gpuIds", "excludedGpuIds", "gpuFlags"], ["gpuIds", "excludedGpuIds"]),
    ("NV0000_CTRL_GPU_GET_ACTIVE_DEVICE_IDS_PARAMS", ["numDevices", "devices"], ["devices"]),
    ("NV0000_CTRL_GPU_ACTIVE_DEVICE", ["gpuId"], []),
    ("NV0000_CTRL_SYSTEM_GET_P2P_CAPS_V2_PARAMS", ["gpuIds", "gpuCount"], ["gpuIds"]),
    ("NV0000_CTRL_SYSTEM_GET_P2P_CAPS_MATRIX_PARAMS",
     ["grpACount", "grpBCount", "gpuIdGrpA", "gpuIdGrpB"], ["gpuIdGrpA", "gpuIdGrpB"]),
    ("NV0000_SYNC_GPU_BOOST_GROUP_INFO_PARAMS", ["groupCount", "pBoostGroups"],
     ["pBoostGroups"]),
    ("NV0000_SYNC_GPU_BOOST_GROUP_CONFIG", ["gpuCount", "gpuIds"], ["gpuIds"]),
    ("NV2080_CTRL_GPU_GET_PIDS_PARAMS", ["idType", "id", "pidTblCount", "pidTbl"], ["pidTbl"]),
]

KIND_ORDER = {"escape": 0, "dispatched": 1, "sizeof": 2, "offsetof": 3}
# A case label of a dispatcher's switch, or a test of the command before it
# (``if (arg_cmd == NV_ESC_IOCTL_XFER_CMD)`` in nv.c).
CASE_RE = re.compile(r"\bcase\s+(NV_ESC_\w+)\s*:|cmd\s*==\s*(NV_ESC_\w+)")


def compiler(tag):
    return ac.Compiler(tag.root, tag.work, INCLUDE_DIRS, PRELUDE)


def includes(tag):
    """#include lines of the HEADERS present at the tag (first match in the include dirs)."""
    lines = []
    for h in HEADERS:
        if any(tag.exists(os.path.join(d, h)) for d in INCLUDE_DIRS):
            lines.append('#include "%s"' % h)
    return lines


def escape_macros(tag):
    names = set()
    for h in ESCAPE_HEADERS:
        if tag.exists(h):
            names.update(ac.defined_macros(tag.path(h), ESCAPE_MACRO))
    if not names:
        raise ac.GenError("no NV_ESC_* macro in " + " ".join(ESCAPE_HEADERS))
    return sorted(names)


def dispatched(tag, escapes):
    """The escapes some dispatcher of the tag has a case label for."""
    names = set()
    for f in DISPATCHERS:
        if not tag.exists(f):
            raise ac.GenError("no dispatcher " + f)
        names.update(a or b for a, b in CASE_RE.findall(ac.read_text(tag.path(f))))
    unknown = names - set(escapes)
    if unknown:
        raise ac.GenError("case labels of no escape macro: " + " ".join(sorted(unknown)))
    return sorted(names)


def spellings(ctype):
    return ctype if isinstance(ctype, tuple) else (ctype,)


def probe_items(escapes):
    """(kind, name, assertion kind, C expression) for every fact the table may state, for
    every spelling of every type."""
    items = [("escape", e, ("value", e), e) for e in escapes]
    for ctypes, offsets, member_sizes in STRUCTS:
        for ctype in spellings(ctypes):
            items.append(("sizeof", ctype, ("size", ctype), "sizeof(%s)" % ctype))
            for m in member_sizes:
                items.append(("sizeof", "%s.%s" % (ctype, m), ("member_size", ctype, m),
                              "sizeof(((%s *)0)->%s)" % (ctype, m)))
            for m in offsets:
                items.append(("offsetof", "%s.%s" % (ctype, m), ("offset", ctype, m),
                              "offsetof(%s, %s)" % (ctype, m)))
    return items


def unused_spellings(values):
    """The spellings of each type other than the first one the tag defines (all but the
    first where it defines none)."""
    unused = set()
    for ctypes, _, _ in STRUCTS:
        names = spellings(ctypes)
        found = [c for c in names if "sizeof %s" % c in values]
        unused.update(c for c in names if c != (found or names)[0])
    return unused


def generate(tag):
    cc = compiler(tag)
    if tag.args.check_asserts:
        return tag.check_asserts(cc)

    incs = includes(tag)
    escapes = escape_macros(tag)
    items = probe_items(escapes)
    values, dropped = cc.evaluate(incs, [("%s %s" % (k, n), e) for k, n, _, e in items])
    missing_escapes = [d for d in dropped if d.startswith("escape ")]
    if missing_escapes:
        raise ac.GenError("escape macros that do not evaluate: " + " ".join(missing_escapes))

    unused = unused_spellings(values)
    items = [it for it in items if it[0] == "escape" or it[2][1] not in unused]
    dropped = [d for d in dropped if d.split(" ", 1)[1].split(".")[0] not in unused]

    rows = [(KIND_ORDER["dispatched"], "dispatched", e, values["escape " + e])
            for e in dispatched(tag, escapes)]
    asserts = ac.Asserts(tag, cc, incs)
    for kind, name, check, _ in items:
        v = values.get("%s %s" % (kind, name))
        if v is None:
            continue
        rows.append((KIND_ORDER[kind], kind, name, v))
        getattr(asserts, check[0])(*(check[1:] + (v,)))
    rows.sort()
    path = tag.write_tsv(["kind", "name", "value"],
                         [(k, n, "0x%08x" % v if k in ("escape", "dispatched") else str(v))
                          for _, k, n, v in rows])
    asserts.save()

    # A struct without a row at all is named once, not with each of its members.
    absent = {d.split(" ", 1)[1] for d in dropped if d.startswith("sizeof ")}
    left_out = sorted(absent) + sorted(
        d.split(" ", 1)[1] for d in dropped
        if d.startswith("offsetof ") and d.split(" ", 1)[1].split(".")[0] not in absent)
    return "%d escapes, %d sizes, %d offsets%s -> %s" % (
        len(escapes), sum(1 for r in rows if r[1] == "sizeof"),
        sum(1 for r in rows if r[1] == "offsetof"),
        ", absent: " + " ".join(left_out) if left_out else "",
        os.path.relpath(path))


if __name__ == "__main__":
    ac.main(__doc__, __file__, EXTRACT_PATHS, generate)
