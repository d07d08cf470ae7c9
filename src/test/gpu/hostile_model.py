#!/usr/bin/env python3
"""hostile_model: runs hostile.py's sandboxed cases against a model of NVProxy, without a GPU.

hostile.py's judging (status read-back, page protections, fd accounting, threads, the fd swap race,
the checks at the end) can otherwise only run inside the sandbox on an NVIDIA host. This replaces
its ioctl() with a Python model of the answers NVProxy gives (nvproxy/src/main/java/.../frontend:
FrontendTable, RmControlHandler, RmAllocHandler, FrontendHandlers, DmabufExportHandler, and the
sentry's unowned-fd and guest-memory rules) over stand-in files named nvidiactl and nvidia0 in a
temporary directory. Guest memory is read and written through /proc/self/mem, as the sentry does,
so page protections behave as they do under the sentry.

The model is a statement of what the suite expects, not a second implementation to trust: when
NVProxy changes an answer, the H200 run of hostile.py is the judge and this model follows it.

Usage: python3 hostile_model.py [--bug NAME]   (prints hostile.py's output; exit status is its)
  --bug type_g        the model lets an RM_CONTROL with type byte 'G' through (rc 0)
  --bug status_ok     the model answers a forbidden control with NV_OK
  --bug no_efault     the model answers an unreadable argument with EINVAL
  --bug leak_fd       the model leaves an fd behind on a new DMABUF export
The self-test (gpu_suite.py --selftest) runs it plainly (must PASS, every case ok) and with each bug
(must FAIL, naming the case).
"""

import argparse
import ctypes
import errno
import itertools
import os
import struct
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True           # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile as h  # noqa: E402 - after the path is set

ALLOWED_CONTROLS = {h.CTRL_CLIENT_GET_ADDR_SPACE_TYPE: 12, h.CTRL_GPU_GET_ATTACHED_IDS: 128}
ALLOWED_CLASSES = {h.NV01_DEVICE_0: 56}   # class -> alloc params size
CLIENT_CLASSES = {0x0, 0x1, 0x41}
DRIVER_VERSION = b"580.95.05"


class Model:
    def __init__(self, bug: str):
        self.bug = bug
        self.mem = os.open("/proc/self/mem", os.O_RDWR | os.O_CLOEXEC)
        self.handles = itertools.count(0xC1D00001)
        self.clients = set()
        self.lock = threading.Lock()
        self.leaked = []

    # Guest memory, as the sentry reaches it: /proc/PID/mem, any failure or short transfer a fault.
    def read(self, addr: int, n: int):
        if addr <= 0 or addr + n > (1 << 63):
            return None
        try:
            b = os.pread(self.mem, n, addr)
        except OSError:
            return None
        return b if len(b) == n else None

    def write(self, addr: int, data: bytes) -> bool:
        if addr <= 0 or addr + len(data) > (1 << 63):
            return False
        try:
            return os.pwrite(self.mem, data, addr) == len(data)
        except OSError:
            return False

    def ioctl(self, fd: int, req: int, addr: int) -> int:
        time.sleep(0)                    # a real trapped ioctl lets other threads run (the fd swap race)
        rc = self.decide(fd, req, addr or 0)
        if rc < 0:
            ctypes.set_errno(-rc)
            return -1
        return rc

    def status(self, addr: int, off: int, st: int) -> int:
        """An RM refusal: the status in the params, ioctl 0; EFAULT if it cannot be written."""
        return 0 if self.write(addr + off, struct.pack("<I", st)) else -errno.EFAULT

    def decide(self, fd: int, req: int, addr: int) -> int:
        try:
            target = os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:
            return -errno.EBADF
        nr, size, typ = req & 0xFF, (req >> 16) & 0x3FFF, (req >> 8) & 0xFF
        trapped = (nr, size) in {(0x29, 16), (0x2A, 32), (0x2B, 32), (0xC9, 4), (0xD2, 72), (0xD3, 16),
                                 (0xD9, 2608)}
        if target not in ("nvidiactl", "nvidia0"):
            return -errno.ENOTTY                 # unowned DENY, or no ioctl at all (/dev/null)
        if not trapped:
            return -errno.EINVAL                 # the driver's own answer to a size or escape it rejects
        if typ != ord("F") or nr == 0xD3:
            return 0 if self.bug == "type_g" and nr == 0x2A else -errno.EINVAL
        p = self.read(addr, size)
        if p is None:
            return -errno.EINVAL if self.bug == "no_efault" else -errno.EFAULT
        if nr == 0x2A:
            return self.control(addr, p)
        if nr == 0x2B:
            return self.alloc(addr, p)
        if nr == 0x29:
            root, _, old, _ = h.NVOS00.unpack(p)
            with self.lock:
                ok = root == old and root in self.clients
                self.clients.discard(root)
            return self.status(addr, 12, h.NV_OK if ok else 0x57)   # NV_ERR_OBJECT_NOT_FOUND
        if nr == 0xD2:
            cmd = struct.unpack_from("<I", p, 0)[0]
            reply = 1 if cmd == h.NV_RM_API_VERSION_CMD_QUERY else 0
            return 0 if self.write(addr, h.VERSION.pack(cmd, reply, DRIVER_VERSION)) else -errno.EFAULT
        if target != "nvidia0":
            return -errno.EINVAL
        if nr == 0xC9:
            ctl = struct.unpack_from("<i", p, 0)[0]
            try:
                name = os.path.basename(os.readlink(f"/proc/self/fd/{ctl}"))
            except OSError:
                return -errno.EINVAL
            return 0 if name == "nvidiactl" else -errno.EINVAL
        return self.export(addr, p)

    def control(self, addr: int, p: bytes) -> int:
        _, _, cmd, flags, params, size, _ = h.NVOS54.unpack(p)
        want = ALLOWED_CONTROLS.get(cmd)
        if want is None:
            return self.status(addr, 28, h.NV_OK if self.bug == "status_ok" else h.NV_ERR_NOT_SUPPORTED)
        if flags & h.NVOS54_FLAGS_FINN_SERIALIZED:
            return self.status(addr, 28, h.NV_ERR_NOT_SUPPORTED)
        if size != want:
            return self.status(addr, 28, h.NV_ERR_INVALID_PARAM_STRUCT)
        if params == 0:
            return self.status(addr, 28, h.NV_ERR_INVALID_ARGUMENT)
        if self.read(params, size) is None:
            return self.status(addr, 28, h.NV_ERR_INVALID_ADDRESS)
        out = struct.pack("<I", 0) + b"\xff" * (size - 4) if cmd == h.CTRL_GPU_GET_ATTACHED_IDS else bytes(size)
        if not self.write(params, out):
            return -errno.EFAULT
        return self.status(addr, 28, h.NV_OK)

    def alloc(self, addr: int, p: bytes) -> int:
        cls, palloc = struct.unpack_from("<I", p, 12)[0], struct.unpack_from("<Q", p, 16)[0]
        if cls in CLIENT_CLASSES:                 # CONTINUE: the driver allocates the client
            with self.lock:
                handle = next(self.handles)
                self.clients.add(handle)
            ok = self.write(addr + 8, struct.pack("<I", handle)) and self.write(addr + 28, struct.pack("<I", 0))
            return 0 if ok else -errno.EFAULT
        size = ALLOWED_CLASSES.get(cls)
        if size is None:
            return self.status(addr, 28, h.NV_ERR_INVALID_CLASS)
        if palloc and self.read(palloc, size) is None:
            return self.status(addr, 28, h.NV_ERR_INVALID_ADDRESS)
        return self.status(addr, 28, 0x1B)       # NV_ERR_INVALID_OBJECT_PARENT: nothing is allocated here

    def export(self, addr: int, p: bytes) -> int:
        fd = struct.unpack_from("<i", p, h.EXPORT_OFF_FD)[0]
        if fd < -1:
            return -errno.EINVAL
        if fd >= 0:
            try:
                os.fstat(fd)
            except OSError:
                return -errno.EBADF
            return self.status(addr, h.EXPORT_OFF_STATUS, h.NV_ERR_INVALID_ARGUMENT)   # not a dma-buf
        if self.bug == "leak_fd":
            self.leaked.append(os.open("/dev/null", os.O_RDONLY))
        ok = self.write(addr + h.EXPORT_OFF_FD, struct.pack("<i", -1))
        return self.status(addr, h.EXPORT_OFF_STATUS, h.NV_ERR_INVALID_ARGUMENT) if ok else -errno.EFAULT


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bug", choices=["type_g", "status_ok", "no_efault", "leak_fd"])
    a, rest = ap.parse_known_args(argv)
    args = h.parse_args(rest)
    with tempfile.TemporaryDirectory(prefix="hostile-model-") as tmp:
        for name in ("nvidiactl", "nvidia0"):
            open(os.path.join(tmp, name), "wb").close()
        h.DEV_DIR = tmp
        model = Model(a.bug or "")       # its /proc/self/mem fd is open before hostile counts fds
        h._ioctl = model.ioctl
        rc = h.run(args)
    sys.stdout.flush()
    os._exit(rc)                          # as hostile.py: a stuck thread must not hold the process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
