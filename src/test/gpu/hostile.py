#!/usr/bin/env python3
"""hostile: malformed NVIDIA ioctls against NVProxy, each answer checked, then proof that the device
still works.

Meant to run inside `sluice run --gpus all --nvproxy-caps compute,utility,rdma --stats`: the
expected answers are NVProxy's (the sentry decides every NVIDIA ioctl). Python 3 standard library
only (os, ctypes, struct, errno, threading). Requests are _IOWR('F', nr, size) on x86_64, layouts
from the 580 branch of NVIDIA's open-gpu-kernel-modules (nv-ioctl.h, nvos.h).

What it does, in order (each line of the list is one or more `check <case> ok|BAD` lines):
  - opens /dev/nvidiactl, the first /dev/nvidiaN and /dev/null; queries the RM API version
    (NV_ESC_CHECK_VERSION_STR) and allocates an RM root client (NV_ESC_RM_ALLOC, class NV01_ROOT);
  - RM_CONTROL with type byte 'G', with size 33, and NV_ESC_IOCTL_XFER_CMD: EINVAL; an unknown
    escape (nr 0xe0): any answer but a crash;
  - RM_CONTROL of a command NVProxy does not allow: ioctl 0, status NV_ERR_NOT_SUPPORTED; an allowed
    command (NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE) with paramsSize 1 << 30:
    NV_ERR_INVALID_PARAM_STRUCT; with params at unmapped, kernel-half or page-straddling addresses:
    NV_ERR_INVALID_ADDRESS; with NULL params: NV_ERR_INVALID_ARGUMENT; FINN-serialized: NOT_SUPPORTED;
  - RM_ALLOC of classes NVProxy does not allow: NV_ERR_INVALID_CLASS; of an allowed class with
    unreadable alloc params: NV_ERR_INVALID_ADDRESS;
  - NV_ESC_REGISTER_FD on the GPU node with ctl_fd = /dev/null, a closed number, the GPU fd: EINVAL;
  - NV_ESC_EXPORT_TO_DMABUF_FD with fd -2: EINVAL; fd = /dev/null: an RM status or an errno, never
    success; fd -1 with no objects: a status or an errno, params.fd stays -1 and no fd appears;
  - the ioctl argument itself unmapped, in the kernel half or straddling into an unmapped page:
    EFAULT; an NVIDIA request on a /dev/null fd: an errno;
  - page protections: the argument in a read-only page (the status cannot be written back) and params
    in a PROT_NONE page. The kernel answers EFAULT and NV_ERR_INVALID_ADDRESS; a sentry that copies
    through /proc/PID/mem (which overrides page protections) writes and reads them. Both are accepted
    (the guest reaches only its own private memory); the sentry's deviation is printed as an
    `info note` line and counted in `metric notes`;
  - THREADS threads issuing CALLS bad calls each (four kinds, each answer checked) must all finish;
  - one thread swaps /dev/nvidiactl and /dev/null under one fd number while another issues a
    forbidden RM_CONTROL on it: every answer is NVProxy's refusal or an errno, never the driver's;
  - afterwards: the version query, a fresh root client on a fresh /dev/nvidiactl (alloc and free),
    NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS, and the free of the first client all succeed, and the
    process has as many fds as at the start.

Output: `check` and `info` lines, `metric <name> <value> <unit>` lines, and a last line with PASS or
FAIL (exit 0 on PASS).

Usage: python3 hostile.py [--native | --dry-run] [--threads T] [--calls N] [--races N]
  --native   only the harmless cases the driver answers the same way (version query, root client,
             wrong size, unreadable argument): the suite's native comparison run, informational
  --dry-run  no NVIDIA device needed: every case runs with /dev/null in place of the NVIDIA nodes,
             so every request and struct is built and issued, and nothing is judged
"""

import argparse
import ctypes
import errno
import os
import re
import struct
import sys
import threading
import time

WORKLOAD = "hostile"

# ---- requests ---------------------------------------------------------------------------------

IOC_READ_WRITE = 0xC0000000


def iowr(nr: int, size: int, typ: str = "F") -> int:
    """_IOWR(typ, nr, size) on x86_64."""
    assert 0 <= nr <= 0xFF and 0 <= size < (1 << 14)
    return IOC_READ_WRITE | (size << 16) | (ord(typ) << 8) | nr


NV_ESC_RM_FREE = 0x29
NV_ESC_RM_CONTROL = 0x2A
NV_ESC_RM_ALLOC = 0x2B
NV_ESC_REGISTER_FD = 0xC9
NV_ESC_CHECK_VERSION_STR = 0xD2
NV_ESC_IOCTL_XFER_CMD = 0xD3
NV_ESC_EXPORT_TO_DMABUF_FD = 0xD9
UNKNOWN_ESCAPE = 0xE0

NVOS00 = struct.Struct("<IIII")          # hRoot, hObjectParent, hObjectOld, status
NVOS54 = struct.Struct("<IIIIQII")       # hClient, hObject, cmd, flags, params, paramsSize, status
NVOS21 = struct.Struct("<IIIIQII")       # hRoot, hObjectParent, hObjectNew, hClass, pAllocParms, paramsSize, status
VERSION = struct.Struct("<II64s")        # cmd, reply, versionString
REGISTER_FD = struct.Struct("<i")        # ctl_fd
XFER = struct.Struct("<IIQ")             # cmd, size, ptr
EXPORT_SIZE = 2608                       # nv_ioctl_export_to_dma_buf_fd_t
EXPORT_OFF_FD, EXPORT_OFF_STATUS = 0, 2600
NVOS54_OFF_STATUS, NVOS21_OFF_NEW, NVOS21_OFF_STATUS = 28, 8, 28

REQ_RM_FREE = iowr(NV_ESC_RM_FREE, NVOS00.size)
REQ_RM_CONTROL = iowr(NV_ESC_RM_CONTROL, NVOS54.size)
REQ_RM_ALLOC = iowr(NV_ESC_RM_ALLOC, NVOS21.size)
REQ_REGISTER_FD = iowr(NV_ESC_REGISTER_FD, REGISTER_FD.size)
REQ_CHECK_VERSION_STR = iowr(NV_ESC_CHECK_VERSION_STR, VERSION.size)
REQ_XFER = iowr(NV_ESC_IOCTL_XFER_CMD, XFER.size)
REQ_EXPORT = iowr(NV_ESC_EXPORT_TO_DMABUF_FD, EXPORT_SIZE)
REQ_RM_CONTROL_TYPE_G = iowr(NV_ESC_RM_CONTROL, NVOS54.size, "G")
REQ_RM_CONTROL_SIZE_33 = iowr(NV_ESC_RM_CONTROL, 33)
REQ_UNKNOWN_ESCAPE = iowr(UNKNOWN_ESCAPE, 8)

# What the requests must encode to (nv-ioctl-numbers.h, the stats tables of the H200 runs).
KNOWN_REQUESTS = {
    "RM_FREE": (REQ_RM_FREE, 0xC0104629),
    "RM_CONTROL": (REQ_RM_CONTROL, 0xC020462A),
    "RM_ALLOC": (REQ_RM_ALLOC, 0xC020462B),
    "REGISTER_FD": (REQ_REGISTER_FD, 0xC00446C9),
    "CHECK_VERSION_STR": (REQ_CHECK_VERSION_STR, 0xC04846D2),
    "IOCTL_XFER_CMD": (REQ_XFER, 0xC01046D3),
    "EXPORT_TO_DMABUF_FD": (REQ_EXPORT, 0xCA3046D9),
    "RM_CONTROL type 'G'": (REQ_RM_CONTROL_TYPE_G, 0xC020472A),
    "RM_CONTROL size 33": (REQ_RM_CONTROL_SIZE_33, 0xC021462A),
    "escape 0xe0 size 8": (REQ_UNKNOWN_ESCAPE, 0xC00846E0),
}

NV_RM_API_VERSION_CMD_QUERY = ord("2")
NV_RM_API_VERSION_REPLY_RECOGNIZED = 1
NV01_ROOT = 0x0
NV01_DEVICE_0 = 0x80
NV0000_ALLOC_PARAMS_SIZE = 120           # NV0000_ALLOC_PARAMETERS: hClient, processID, processName[100], pOsPidInfo
CTRL_CLIENT_GET_ADDR_SPACE_TYPE = 0x00000D01   # allowed by NVProxy; 12 bytes of params
CTRL_GPU_GET_ATTACHED_IDS = 0x00000201         # allowed by NVProxy; NvU32 gpuIds[32]
CTRL_NOT_ALLOWED = 0x20801234                  # NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC: not in NVProxy's list
CLASS_NOT_ALLOWED = (0xC639, 0xBEEF)           # AMPERE_SMC_CONFIG_SESSION; no class at all
NVOS54_FLAGS_FINN_SERIALIZED = 0x4

NV_OK = 0x0
NV_ERR_INVALID_ADDRESS = 0x1E
NV_ERR_INVALID_ARGUMENT = 0x1F
NV_ERR_INVALID_CLASS = 0x22
NV_ERR_INVALID_PARAM_STRUCT = 0x3A
NV_ERR_NOT_SUPPORTED = 0x56
STATUS_NAMES = {NV_OK: "NV_OK", NV_ERR_INVALID_ADDRESS: "NV_ERR_INVALID_ADDRESS",
                NV_ERR_INVALID_ARGUMENT: "NV_ERR_INVALID_ARGUMENT", NV_ERR_INVALID_CLASS: "NV_ERR_INVALID_CLASS",
                NV_ERR_INVALID_PARAM_STRUCT: "NV_ERR_INVALID_PARAM_STRUCT",
                NV_ERR_NOT_SUPPORTED: "NV_ERR_NOT_SUPPORTED"}
SENTINEL = 0xEEEEEEEE                    # written into status fields before a call: "not written"

DEV_DIR = "/dev"                         # where nvidiactl and nvidiaN are (hostile_model.py points it elsewhere)
UNMAPPED_LOW = 0x10                      # page 0, below mmap_min_addr
KERNEL_ADDR = 0xFFFF800000000000         # the kernel half

# ---- ctypes plumbing ----------------------------------------------------------------------------

LIBC = ctypes.CDLL(None, use_errno=True)
_ioctl = LIBC.ioctl
_ioctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p]
_ioctl.restype = ctypes.c_int
_mmap = LIBC.mmap
_mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
_mmap.restype = ctypes.c_void_p
_munmap = LIBC.munmap
_munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
_munmap.restype = ctypes.c_int
_mprotect = LIBC.mprotect
_mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
_mprotect.restype = ctypes.c_int
PROT_NONE, PROT_READ, PROT_WRITE, MAP_PRIVATE, MAP_ANONYMOUS = 0x0, 0x1, 0x2, 0x02, 0x20
PAGE = os.sysconf("SC_PAGE_SIZE")


class Answer:
    """What one ioctl answered: rc, errno (when rc < 0), and the params' status word if read."""
    __slots__ = ("rc", "err", "status")

    def __init__(self, rc: int, err: int, status=None):
        self.rc, self.err, self.status = rc, err, status

    def errno_is(self, *errs: int) -> bool:
        return self.rc == -1 and self.err in errs

    def status_is(self, st: int) -> bool:
        return self.rc == 0 and self.status == st

    def __str__(self) -> str:
        if self.rc < 0:
            return f"errno={errno.errorcode.get(self.err, self.err)}"
        if self.status is None:
            return f"rc={self.rc}"
        return f"rc={self.rc} status={status_name(self.status)}"


def status_name(st: int) -> str:
    if st == SENTINEL:
        return "unwritten"
    return STATUS_NAMES.get(st, f"0x{st:x}")


def ioctl(fd: int, req: int, arg) -> Answer:
    """ioctl(fd, req, arg); arg is an address (int) or a ctypes buffer."""
    addr = arg if isinstance(arg, int) else ctypes.addressof(arg)
    ctypes.set_errno(0)
    rc = _ioctl(fd, req, addr)
    return Answer(rc, ctypes.get_errno() if rc < 0 else 0)


def buf(size: int, fill: int = 0):
    b = ctypes.create_string_buffer(size)
    if fill:
        ctypes.memset(b, fill, size)
    return b


def u32(b, off: int) -> int:
    return struct.unpack_from("<I", b, off)[0]


def map_pages(n: int) -> int:
    addr = _mmap(None, n * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    if addr is None or addr == ctypes.c_void_p(-1).value:
        raise OSError(ctypes.get_errno(), "mmap failed")
    return addr


def page_before_hole() -> int:
    """A mapped page followed by an unmapped one; returns the address of the mapped page."""
    base = map_pages(2)
    if _munmap(base + PAGE, PAGE) != 0:
        raise OSError(ctypes.get_errno(), "munmap failed")
    return base


def protected_page(data: bytes, prot: int) -> int:
    """A page holding data, then given the protection prot."""
    addr = map_pages(1)
    ctypes.memmove(addr, data, len(data))
    if _mprotect(addr, PAGE, prot) != 0:
        raise OSError(ctypes.get_errno(), "mprotect failed")
    return addr


def guest_fds() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return -1

# ---- calls ----------------------------------------------------------------------------------


def control(fd: int, client: int, obj: int, cmd: int, params, size: int, flags: int = 0,
            req: int = REQ_RM_CONTROL) -> Answer:
    """NV_ESC_RM_CONTROL; params is an address or a ctypes buffer."""
    p = params if isinstance(params, int) else ctypes.addressof(params)
    b = buf(64)
    NVOS54.pack_into(b, 0, client, obj, cmd, flags, p, size, SENTINEL)
    a = ioctl(fd, req, b)
    a.status = u32(b, NVOS54_OFF_STATUS)
    return a


def rm_alloc(fd: int, root: int, parent: int, new: int, cls: int, params, size: int):
    """NV_ESC_RM_ALLOC (NVOS21); returns (answer, hObjectNew)."""
    p = params if isinstance(params, int) else ctypes.addressof(params)
    b = buf(NVOS21.size)
    NVOS21.pack_into(b, 0, root, parent, new, cls, p, size, SENTINEL)
    a = ioctl(fd, REQ_RM_ALLOC, b)
    a.status = u32(b, NVOS21_OFF_STATUS)
    return a, u32(b, NVOS21_OFF_NEW)


def alloc_root(fd: int):
    """A new RM root client (NV01_ROOT on nvidiactl); returns (answer, handle)."""
    params = buf(1024)                    # room for any size RM copies back for the class
    a, h = rm_alloc(fd, 0, 0, 0, NV01_ROOT, params, NV0000_ALLOC_PARAMS_SIZE)
    if a.status_is(NV_OK) and h == 0:
        h = u32(params, 0)
    return a, h


def rm_free(fd: int, client: int, obj: int) -> Answer:
    b = buf(NVOS00.size)
    NVOS00.pack_into(b, 0, client, 0, obj, SENTINEL)
    a = ioctl(fd, REQ_RM_FREE, b)
    a.status = u32(b, 12)
    return a


def version_query(fd: int):
    """NV_ESC_CHECK_VERSION_STR, query; returns (answer, reply, version string)."""
    b = buf(VERSION.size)
    VERSION.pack_into(b, 0, NV_RM_API_VERSION_CMD_QUERY, 0, b"")
    a = ioctl(fd, REQ_CHECK_VERSION_STR, b)
    _, reply, s = VERSION.unpack_from(b, 0)
    return a, reply, s.split(b"\0", 1)[0].decode("ascii", "replace")


def export(fd: int, dmabuf_fd: int):
    """NV_ESC_EXPORT_TO_DMABUF_FD with no objects; returns (answer, params.fd)."""
    b = buf(EXPORT_SIZE)
    struct.pack_into("<i", b, EXPORT_OFF_FD, dmabuf_fd)
    struct.pack_into("<I", b, EXPORT_OFF_STATUS, SENTINEL)
    a = ioctl(fd, REQ_EXPORT, b)
    a.status = u32(b, EXPORT_OFF_STATUS)
    return a, struct.unpack_from("<i", b, EXPORT_OFF_FD)[0]


def register_fd(fd: int, ctl_fd: int) -> Answer:
    b = buf(REGISTER_FD.size)
    REGISTER_FD.pack_into(b, 0, ctl_fd)
    return ioctl(fd, REQ_REGISTER_FD, b)


def closed_fd_number() -> int:
    for n in range(1000, 2000):
        try:
            os.fstat(n)
        except OSError:
            return n
    return 4095

# ---- the cases --------------------------------------------------------------------------------


class Run:
    """Runs cases, prints one `check` line each; in a dry run only prints what was answered."""

    def __init__(self, dry: bool):
        self.dry = dry
        self.cases = 0
        self.bad = []
        self.notes = []
        self.errors = []                 # cases that raised: a bug of this script, in any mode

    def note(self, name: str, text: str) -> None:
        """A behaviour that is accepted but differs from the kernel's; printed, counted, not failed."""
        if not self.dry:
            self.notes.append(name)
            print(f"info note {name}: {text}")

    def case(self, name: str, fn) -> None:
        """fn() returns (ok, got, want)."""
        self.cases += 1
        try:
            ok, got, want = fn()
        except Exception as e:  # noqa: BLE001 - a broken case is a failed case, not a crash of the rest
            ok, got, want = False, f"exception {type(e).__module__}.{type(e).__name__}: {e}", "no exception"
            self.errors.append(name)
        if self.dry:
            print(f"dry {name}: {got} (sandboxed want: {want})")
            return
        print(f"check {name} {'ok' if ok else 'BAD'}")
        print(f"info {name}: {got}" + ("" if ok else f"; want {want}"))
        if not ok:
            self.bad.append(name)
            print(f"hostile: {name}: got {got}, want {want}", file=sys.stderr)


class Dev:
    def __init__(self, dry: bool):
        self.null = os.open("/dev/null", os.O_RDWR | os.O_CLOEXEC)
        if dry:
            self.ctl = os.open("/dev/null", os.O_RDWR | os.O_CLOEXEC)
            self.gpu = os.open("/dev/null", os.O_RDWR | os.O_CLOEXEC)
            self.gpu_path = "/dev/null"
            return
        self.ctl = os.open(os.path.join(DEV_DIR, "nvidiactl"), os.O_RDWR | os.O_CLOEXEC)
        nodes = sorted((p for p in os.listdir(DEV_DIR) if re.fullmatch(r"nvidia\d+", p)), key=lambda p: int(p[6:]))
        if not nodes:
            raise OSError(errno.ENOENT, f"no {DEV_DIR}/nvidiaN node")
        self.gpu_path = os.path.join(DEV_DIR, nodes[0])
        self.gpu = os.open(self.gpu_path, os.O_RDWR | os.O_CLOEXEC)

    def close(self) -> None:
        for fd in (self.ctl, self.gpu, self.null):
            os.close(fd)


def want_errno(a: Answer, *errs: int):
    return a.errno_is(*errs), str(a), "errno=" + "|".join(errno.errorcode[e] for e in errs)


def want_status(a: Answer, st: int):
    return a.status_is(st), str(a), f"rc=0 status={status_name(st)}"


def cases_before(r: Run, dev: Dev, state: dict) -> None:
    def version():
        a, reply, s = version_query(dev.ctl)
        state["driver"] = s
        ok = a.rc == 0 and reply == NV_RM_API_VERSION_REPLY_RECOGNIZED and re.match(r"^\d+\.\d+", s) is not None
        return ok, f"{a} reply={reply} version='{s}'", "rc=0 reply=1 and a version string"
    r.case("version_before", version)

    def root():
        a, h = alloc_root(dev.ctl)
        state["client"] = h if a.status_is(NV_OK) else 0
        return a.status_is(NV_OK) and h != 0, f"{a} hClient=0x{h:x}", "rc=0 status=NV_OK and a handle"
    r.case("root_client_alloc", root)


def cases_native(r: Run, dev: Dev, state: dict) -> None:
    """The harmless cases, which the driver answers as NVProxy does."""
    c = state["client"]
    params = buf(16)
    r.case("control_size_33", lambda: want_errno(
        control(dev.ctl, c, c, CTRL_CLIENT_GET_ADDR_SPACE_TYPE, params, 12, req=REQ_RM_CONTROL_SIZE_33),
        errno.EINVAL))
    r.case("arg_unmapped_control", lambda: want_errno(ioctl(dev.ctl, REQ_RM_CONTROL, UNMAPPED_LOW), errno.EFAULT))


def cases_sandboxed(r: Run, dev: Dev, state: dict) -> None:
    c = state["client"]
    params = buf(16)
    good = CTRL_CLIENT_GET_ADDR_SPACE_TYPE

    # Requests NVProxy must refuse outright, or leave to the driver's own refusal.
    r.case("control_type_G", lambda: want_errno(
        control(dev.ctl, c, c, good, params, 12, req=REQ_RM_CONTROL_TYPE_G), errno.EINVAL))
    r.case("control_size_33", lambda: want_errno(
        control(dev.ctl, c, c, good, params, 12, req=REQ_RM_CONTROL_SIZE_33), errno.EINVAL))

    def xfer():
        inner = buf(NVOS54.size)
        NVOS54.pack_into(inner, 0, c, c, CTRL_NOT_ALLOWED, 0, ctypes.addressof(params), 8, SENTINEL)
        b = buf(XFER.size)
        XFER.pack_into(b, 0, NV_ESC_RM_CONTROL, NVOS54.size, ctypes.addressof(inner))
        return want_errno(ioctl(dev.ctl, REQ_XFER, b), errno.EINVAL)
    r.case("xfer_cmd", xfer)

    def unknown_escape():
        a = ioctl(dev.ctl, REQ_UNKNOWN_ESCAPE, buf(64))
        return True, str(a), "any answer (the driver's): no crash"
    r.case("unknown_escape", unknown_escape)

    # RM_CONTROL: refusals are RM statuses, as RM gives them.
    r.case("control_not_allowed", lambda: want_status(
        control(dev.ctl, c, c, CTRL_NOT_ALLOWED, params, 8), NV_ERR_NOT_SUPPORTED))
    r.case("control_params_size_1G", lambda: want_status(
        control(dev.ctl, c, c, good, params, 1 << 30), NV_ERR_INVALID_PARAM_STRUCT))
    r.case("control_params_size_0", lambda: want_status(
        control(dev.ctl, c, c, good, params, 0), NV_ERR_INVALID_PARAM_STRUCT))
    r.case("control_params_unmapped", lambda: want_status(
        control(dev.ctl, c, c, good, UNMAPPED_LOW, 12), NV_ERR_INVALID_ADDRESS))
    r.case("control_params_kernel", lambda: want_status(
        control(dev.ctl, c, c, good, KERNEL_ADDR, 12), NV_ERR_INVALID_ADDRESS))
    r.case("control_params_straddle", lambda: want_status(
        control(dev.ctl, c, c, good, state["hole"] - 4, 12), NV_ERR_INVALID_ADDRESS))
    r.case("control_params_null", lambda: want_status(
        control(dev.ctl, c, c, good, 0, 12), NV_ERR_INVALID_ARGUMENT))
    r.case("control_finn_serialized", lambda: want_status(
        control(dev.ctl, c, c, good, params, 12, flags=NVOS54_FLAGS_FINN_SERIALIZED), NV_ERR_NOT_SUPPORTED))

    # RM_ALLOC.
    for cls in CLASS_NOT_ALLOWED:
        r.case(f"alloc_class_0x{cls:x}", lambda cls=cls: want_status(
            rm_alloc(dev.ctl, c, c, 0x5EED0001, cls, buf(256), 0)[0], NV_ERR_INVALID_CLASS))
    r.case("alloc_params_unmapped", lambda: want_status(
        rm_alloc(dev.ctl, c, c, 0x5EED0002, NV01_DEVICE_0, UNMAPPED_LOW, 56)[0], NV_ERR_INVALID_ADDRESS))

    # REGISTER_FD: ctl_fd must be the caller's /dev/nvidiactl.
    r.case("register_fd_devnull", lambda: want_errno(register_fd(dev.gpu, dev.null), errno.EINVAL))
    r.case("register_fd_closed", lambda: want_errno(register_fd(dev.gpu, closed_fd_number()), errno.EINVAL))
    r.case("register_fd_gpu_node", lambda: want_errno(register_fd(dev.gpu, dev.gpu), errno.EINVAL))

    # EXPORT_TO_DMABUF_FD (the rdma capability; without it every call is EINVAL).
    r.case("dmabuf_fd_minus2", lambda: want_errno(export(dev.gpu, -2)[0], errno.EINVAL))

    def dmabuf_devnull():
        a, _ = export(dev.gpu, dev.null)
        ok = a.rc == -1 or (a.rc == 0 and a.status not in (NV_OK, SENTINEL))
        return ok, str(a), "an RM error status or an errno, not success"
    r.case("dmabuf_fd_devnull", dmabuf_devnull)

    def dmabuf_empty():
        before = guest_fds()
        a, fd = export(dev.gpu, -1)
        after = guest_fds()
        ok = (a.rc == -1 or (a.rc == 0 and a.status not in (NV_OK, SENTINEL) and fd == -1)) and before == after
        return ok, f"{a} params.fd={fd} fds {before}->{after}", "a status or an errno, params.fd -1, no new fd"
    r.case("dmabuf_new_no_objects", dmabuf_empty)

    # The argument itself unreadable or unwritable.
    r.case("arg_unmapped_control", lambda: want_errno(ioctl(dev.ctl, REQ_RM_CONTROL, UNMAPPED_LOW), errno.EFAULT))
    r.case("arg_kernel_control", lambda: want_errno(ioctl(dev.ctl, REQ_RM_CONTROL, KERNEL_ADDR), errno.EFAULT))
    r.case("arg_unmapped_alloc", lambda: want_errno(ioctl(dev.ctl, REQ_RM_ALLOC, UNMAPPED_LOW), errno.EFAULT))
    r.case("arg_unmapped_free", lambda: want_errno(ioctl(dev.ctl, REQ_RM_FREE, UNMAPPED_LOW), errno.EFAULT))
    r.case("arg_unmapped_version", lambda: want_errno(
        ioctl(dev.ctl, REQ_CHECK_VERSION_STR, UNMAPPED_LOW), errno.EFAULT))
    r.case("arg_unmapped_register_fd", lambda: want_errno(
        ioctl(dev.gpu, REQ_REGISTER_FD, UNMAPPED_LOW), errno.EFAULT))
    r.case("arg_unmapped_export", lambda: want_errno(
        ioctl(dev.gpu, REQ_EXPORT, UNMAPPED_LOW), errno.EFAULT, errno.EINVAL))

    def arg_straddle():
        addr = state["hole"] - 16                    # 16 bytes mapped, 16 not
        ctypes.memmove(addr, NVOS54.pack(c, c, CTRL_NOT_ALLOWED, 0, 0, 0, SENTINEL)[:16], 16)
        return want_errno(ioctl(dev.ctl, REQ_RM_CONTROL, addr), errno.EFAULT)
    r.case("arg_straddle_control", arg_straddle)

    # Page protections: the kernel's copy_to_user/copy_from_user honour them; a sentry that copies
    # through /proc/PID/mem (FOLL_FORCE) may write a read-only page or read a PROT_NONE one. Both
    # answers are accepted (the guest only reaches its own private memory); the second is noted.
    def arg_read_only():
        addr = protected_page(NVOS54.pack(c, c, CTRL_NOT_ALLOWED, 0, ctypes.addressof(params), 8, SENTINEL),
                              PROT_READ)
        a = ioctl(dev.ctl, REQ_RM_CONTROL, addr)
        a.status = u32((ctypes.c_char * NVOS54.size).from_address(addr), NVOS54_OFF_STATUS)
        if a.status_is(NV_ERR_NOT_SUPPORTED):
            r.note("arg_read_only_control", "the refusal's status was written into a read-only page "
                   "(the kernel would answer EFAULT)")
        return (a.errno_is(errno.EFAULT) or a.status_is(NV_ERR_NOT_SUPPORTED), str(a),
                "errno=EFAULT (or the status written through the protection)")
    r.case("arg_read_only_control", arg_read_only)

    def params_prot_none():
        addr = protected_page(struct.pack("<III", 0, 0, 0), PROT_NONE)
        a = control(dev.ctl, c, c, good, addr, 12)
        if a.rc == 0 and a.status != NV_ERR_INVALID_ADDRESS:
            r.note("control_params_prot_none", f"params in a PROT_NONE page were read ({a}; the kernel "
                   "would answer NV_ERR_INVALID_ADDRESS)")
        return a.rc == 0 and a.status != SENTINEL, str(a), "rc=0 with a status (NV_ERR_INVALID_ADDRESS as the kernel)"
    r.case("control_params_prot_none", params_prot_none)

    def unowned():
        a = control(dev.null, c, c, CTRL_NOT_ALLOWED, params, 8)
        return a.rc == -1, str(a), "an errno (/dev/null is no NVIDIA device)"
    r.case("rm_control_on_devnull", unowned)


# ---- concurrency --------------------------------------------------------------------------------


def stress(dev: Dev, client: int, threads: int, calls: int, timeout: float, dry: bool) -> dict:
    """threads x calls bad calls of four kinds, each answer checked. Returns counts and timings."""
    lock = threading.Lock()
    out = {"calls": 0, "wrong": 0, "bad": [], "lat_s": 0.0, "errors": []}

    def worker(k: int) -> None:
        try:
            calls_of(k)
        except Exception as e:  # noqa: BLE001 - reported by the case, not lost in a thread
            with lock:
                out["errors"].append(f"thread {k}: {type(e).__name__}: {e}")

    def calls_of(k: int) -> None:
        params = buf(16)
        n, wrong, bad, lat = 0, 0, [], 0.0
        for i in range(calls):
            kind = (i + k) % 4
            t0 = time.perf_counter()
            if kind == 0:
                a = control(dev.ctl, client, client, CTRL_CLIENT_GET_ADDR_SPACE_TYPE, params, 12,
                            req=REQ_RM_CONTROL_TYPE_G)
                ok = a.errno_is(errno.EINVAL)
            elif kind == 1:
                a = control(dev.ctl, client, client, CTRL_NOT_ALLOWED, params, 8)
                ok = a.status_is(NV_ERR_NOT_SUPPORTED)
            elif kind == 2:
                a = ioctl(dev.ctl, REQ_RM_CONTROL, UNMAPPED_LOW)
                ok = a.errno_is(errno.EFAULT)
            else:
                a = control(dev.ctl, client, client, CTRL_CLIENT_GET_ADDR_SPACE_TYPE, params, 1 << 30)
                ok = a.status_is(NV_ERR_INVALID_PARAM_STRUCT)
            lat += time.perf_counter() - t0
            n += 1
            if not ok and not dry:
                wrong += 1
                if len(bad) < 2:
                    bad.append(f"thread {k} call {i} kind {kind}: {a}")
        with lock:
            out["calls"] += n
            out["wrong"] += wrong
            out["bad"] += bad
            out["lat_s"] += lat

    ts = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(threads)]
    t0 = time.perf_counter()
    for t in ts:
        t.start()
    deadline = time.monotonic() + timeout
    for t in ts:
        t.join(max(0.0, deadline - time.monotonic()))
    out["wall_s"] = time.perf_counter() - t0
    out["hung"] = sum(1 for t in ts if t.is_alive())
    return out


def fd_swap_race(dev: Dev, client: int, iters: int, timeout: float) -> dict:
    """A forbidden RM_CONTROL on a number that another thread keeps pointing at /dev/nvidiactl and
    /dev/null. NVProxy's answer is NOT_SUPPORTED; on /dev/null (or a number caught closed) an
    errno. Any other RM status would be the driver's: the call ran unmediated."""
    target = os.dup(dev.null)
    stop = threading.Event()
    swaps = [0]
    seen = {"refused": 0, "errno": 0, "other": []}

    def swapper() -> None:
        try:
            while not stop.is_set():
                os.dup2(dev.ctl, target)
                os.dup2(dev.null, target)
                swaps[0] += 1
        except OSError as e:
            seen["other"].append(f"swapper: {e}")

    t = threading.Thread(target=swapper, daemon=True)
    t.start()
    try:
        race_calls(target, client, iters, timeout, seen)
    finally:
        stop.set()
        t.join(5)
    seen["hung"] = t.is_alive()
    seen["swaps"] = swaps[0]
    if not seen["hung"]:
        os.close(target)
    return seen


def race_calls(target: int, client: int, iters: int, timeout: float, seen: dict) -> None:
    params = buf(16)
    deadline = time.monotonic() + timeout
    for _ in range(iters):
        if time.monotonic() > deadline:
            seen["other"].append("timed out")
            break
        a = control(target, client, client, CTRL_NOT_ALLOWED, params, 8)
        if a.rc == -1:
            seen["errno"] += 1
        elif a.status_is(NV_ERR_NOT_SUPPORTED):
            seen["refused"] += 1
        elif len(seen["other"]) < 5:
            seen["other"].append(str(a))

# ---- main -------------------------------------------------------------------------------------


def check_requests() -> list:
    """The requests against their known encodings and the structs against the driver's field offsets
    (a mistake here would make every case moot)."""
    wrong = [f"{name}: 0x{got:08x} != 0x{want:08x}" for name, (got, want) in KNOWN_REQUESTS.items() if got != want]
    fields = [  # (struct, packed values, [(what, format, offset, value)])
        ("NVOS54", NVOS54, (1, 2, 3, 4, 5, 6, 7),
         [("cmd", "<I", 8, 3), ("flags", "<I", 12, 4), ("params", "<Q", 16, 5), ("paramsSize", "<I", 24, 6),
          ("status", "<I", NVOS54_OFF_STATUS, 7)]),
        ("NVOS21", NVOS21, (1, 2, 3, 4, 5, 6, 7),
         [("hObjectNew", "<I", NVOS21_OFF_NEW, 3), ("hClass", "<I", 12, 4), ("pAllocParms", "<Q", 16, 5),
          ("paramsSize", "<I", 24, 6), ("status", "<I", NVOS21_OFF_STATUS, 7)]),
        ("NVOS00", NVOS00, (1, 2, 3, 4), [("hObjectOld", "<I", 8, 3), ("status", "<I", 12, 4)]),
        ("version", VERSION, (1, 2, b"v"), [("reply", "<I", 4, 2), ("versionString", "<B", 8, ord("v"))]),
        ("xfer", XFER, (1, 2, 3), [("size", "<I", 4, 2), ("ptr", "<Q", 8, 3)]),
    ]
    sizes = {"NVOS54": 32, "NVOS21": 32, "NVOS00": 16, "version": 72, "xfer": 16}
    for name, st, vals, checks in fields:
        if st.size != sizes[name]:
            wrong.append(f"{name}: size {st.size} != {sizes[name]}")
        packed = st.pack(*vals)
        for what, fmt, off, want in checks:
            got = struct.unpack_from(fmt, packed, off)[0]
            if got != want:
                wrong.append(f"{name}.{what} at {off}: {got} != {want}")
    if not EXPORT_OFF_STATUS + 4 <= EXPORT_SIZE or REGISTER_FD.size != 4:
        wrong.append("export/register_fd layout")
    return wrong


def parse_args(argv) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="Malformed NVIDIA ioctls against NVProxy.")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--native", action="store_true", help="only the harmless cases (the suite's native run)")
    mode.add_argument("--dry-run", action="store_true", help="no NVIDIA device: /dev/null stands in; nothing judged")
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--calls", type=int, default=200, help="bad calls per thread (default 200)")
    ap.add_argument("--races", type=int, default=300, help="calls during the fd swap (default 300)")
    return ap.parse_args(argv)


def run(a: argparse.Namespace) -> int:
    """Every case of the mode; prints the report; returns the exit status (0 on PASS)."""
    name = "native" if a.native else "dry-run" if a.dry_run else "sandboxed"
    wrong = check_requests()
    for w in wrong:
        print(f"hostile: request encoding wrong: {w}", file=sys.stderr)
    if a.dry_run:
        for k, (req, _) in KNOWN_REQUESTS.items():
            print(f"info request {k} 0x{req:08x}")
    fds_start = guest_fds()
    try:
        dev = Dev(a.dry_run)
    except OSError as e:
        print(f"{WORKLOAD} mode={name} error=open:{e.strerror or e} FAIL")
        sys.stdout.flush()
        return 1
    print(f"info mode {name}; nodes {os.path.join(DEV_DIR, 'nvidiactl')} {dev.gpu_path}; pid {os.getpid()}")
    r = Run(a.dry_run)
    state = {"client": 0}
    t_start = time.perf_counter()
    cases_before(r, dev, state)
    if a.native:
        cases_native(r, dev, state)
    else:
        state["hole"] = page_before_hole() + PAGE
        cases_sandboxed(r, dev, state)
        c = state["client"]

        def stress_case():
            s = stress(dev, c, a.threads, a.calls, 120.0, a.dry_run)
            state["stress"] = s
            if s["errors"]:
                raise RuntimeError("; ".join(s["errors"][:4]))
            ok = s["hung"] == 0 and not s["bad"] and s["calls"] == a.threads * a.calls
            got = f"{s['calls']} calls in {s['wall_s']:.2f} s, {s['hung']} thread(s) hung" + (
                f"; {s['wrong']} wrong answer(s), e.g. {'; '.join(s['bad'][:4])}" if s["bad"] else "")
            return ok, got, f"{a.threads * a.calls} calls answered as expected, no thread hung"
        r.case("stress_threads", stress_case)

        def race_case():
            s = fd_swap_race(dev, c, a.races, 60.0)
            state["race"] = s
            ok = not s["hung"] and not s["other"] and s["refused"] + s["errno"] == a.races
            got = (f"{s['refused']} refused, {s['errno']} errno, {s['swaps']} swaps"
                   + (", swapper hung" if s["hung"] else "") + (f"; other: {s['other']}" if s["other"] else ""))
            return ok, got, "every answer NOT_SUPPORTED or an errno"
        r.case("fd_swap_race", race_case)

    # The device still works.
    def version_after():
        a2, reply, s = version_query(dev.ctl)
        ok = a2.rc == 0 and reply == NV_RM_API_VERSION_REPLY_RECOGNIZED and (s == state.get("driver") or a.dry_run)
        return ok, f"{a2} reply={reply} version='{s}'", f"rc=0 reply=1 version '{state.get('driver')}'"
    r.case("version_after", version_after)

    def fresh_client():
        fd = os.open("/dev/null" if a.dry_run else os.path.join(DEV_DIR, "nvidiactl"), os.O_RDWR | os.O_CLOEXEC)
        try:
            a1, h = alloc_root(fd)
            a2 = rm_free(fd, h, h)
            ok = a1.status_is(NV_OK) and h != 0 and a2.status_is(NV_OK)
            return ok, f"alloc {a1} hClient=0x{h:x}, free {a2}", "alloc and free: rc=0 status=NV_OK"
        finally:
            os.close(fd)
    r.case("root_client_fresh", fresh_client)

    if not a.native:
        def attached():
            ids = buf(128, 0xFF)
            c = state["client"]
            a2 = control(dev.ctl, c, c, CTRL_GPU_GET_ATTACHED_IDS, ids, 128)
            n = sum(1 for i in range(32) if u32(ids, 4 * i) != 0xFFFFFFFF)
            state["attached"] = n if a2.status_is(NV_OK) else 0
            return a2.status_is(NV_OK), f"{a2} attached GPUs {n}", "rc=0 status=NV_OK"
        r.case("gpu_get_attached_ids", attached)

    r.case("root_client_free", lambda: want_status(rm_free(dev.ctl, state["client"], state["client"]), NV_OK))
    dev.close()
    fds_end = guest_fds()
    r.case("guest_fds_flat", lambda: (fds_start == fds_end, f"fds {fds_start} -> {fds_end}", "as many at the end"))
    wall = time.perf_counter() - t_start

    print(f"metric cases {r.cases} count")
    print(f"metric bad_cases {len(r.bad)} count")
    print(f"metric notes {len(r.notes)} count")
    s = state.get("stress")
    if s and s["calls"]:
        print(f"metric stress_calls {s['calls']} count")
        print(f"metric stress_us {s['lat_s'] / s['calls'] * 1e6:.4g} us")
        print(f"metric stress_calls_per_s {s['calls'] / max(s['wall_s'], 1e-9):.6g} calls/s")
    if "race" in state:
        print(f"metric race_refused {state['race']['refused']} count")
        print(f"metric race_errno {state['race']['errno']} count")
    if "attached" in state:
        print(f"metric attached_gpus {state['attached']} count")
    print(f"metric wall_s {wall:.4g} s")
    sys.stdout.flush()
    if a.dry_run:
        ok = not wrong and not r.errors
        detail = (f"mode=dry-run cases={r.cases} requests={'ok' if not wrong else 'WRONG'} exceptions={len(r.errors)}"
                  + (f" ({','.join(r.errors[:6])})" if r.errors else "") + " (answers not judged)")
    else:
        ok = not wrong and not r.bad
        detail = f"mode={name} cases={r.cases} bad={len(r.bad)}" + (f" ({','.join(r.bad[:6])})" if r.bad else "")
    print(f"{WORKLOAD} {detail} {'PASS' if ok else 'FAIL'}")
    sys.stdout.flush()
    sys.stderr.flush()
    return 0 if ok else 1


def main(argv) -> int:
    rc = run(parse_args(argv))
    # A thread stuck in an ioctl must not keep the process alive: the verdict is out.
    os._exit(rc)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
