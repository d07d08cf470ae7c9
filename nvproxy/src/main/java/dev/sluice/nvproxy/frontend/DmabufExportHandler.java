package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.FrontendStructs.ExportToDmaBufFd;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlHandler;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Pointer;

/**
 * {@code NV_ESC_EXPORT_TO_DMABUF_FD}, EMULATE, in the three cases of {@code params.fd}
 * (kernel-open/nvidia/nv-dmabuf.c, 580.142):
 *
 * <ul>
 *   <li>{@code fd == -1}: a new export. The sentry issues the call; the driver creates the dma-buf
 *       in the sentry's fd table ({@code O_RDWR|O_CLOEXEC}). The sentry first writes the driver's
 *       results back with {@code fd} still -1 (so a guest whose params are not writable gets {@code
 *       EFAULT} before anything is installed, and the new dma-buf is simply closed), then installs
 *       a dup in the guest ({@code SECCOMP_IOCTL_NOTIF_ADDFD}), writes the guest's number into
 *       {@code params.fd}, and closes its own copy.
 *   <li>{@code fd >= 0}: more objects for an export in progress. The guest's number is translated
 *       to the sentry's dup of that file, which must be a dma-buf; the guest's number is restored
 *       in the reply.
 *   <li>{@code fd < -1}: {@code EINVAL}.
 * </ul>
 *
 * The sentry's own fds are closed on every path, so its fd count stays flat.
 *
 * <p>Residual: if the final 4-byte write of the guest's number faults after the fd was installed (a
 * sibling thread unmapped the params in between, after the first write succeeded), the guest holds
 * a dma-buf under a number it was not told. That leaks only into the guest's own fd table; the
 * sentry cannot close another process's fd.
 */
public final class DmabufExportHandler implements IoctlHandler {
    private final HostDevice host;

    public DmabufExportHandler(HostDevice host) {
        this.host = host;
    }

    @Override
    public Verdict handle(IoctlCall call, IoctlEntry entry) {
        return entry.verdict(export(call));
    }

    /** The export, answered as the driver would. */
    IoctlResult export(IoctlCall call) {
        Pointer p = call.arena().alloc(ExportToDmaBufFd.SIZE);
        int r = call.memory().read(call.request().arg(), p, ExportToDmaBufFd.SIZE);
        if (r < 0) {
            return IoctlResult.error(-r);
        }
        int guestFd = p.getInt(ExportToDmaBufFd.OFF_FD);
        if (guestFd < -1) {
            return IoctlResult.deny(
                    Errno.EINVAL, "params.fd " + guestFd + " is neither -1 nor an fd");
        }
        if (guestFd >= 0) {
            return extend(call, p, guestFd);
        }
        int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), p.address());
        if (rc < 0) {
            return IoctlResult.error(-rc);
        }
        int status = p.getInt(ExportToDmaBufFd.OFF_STATUS);
        int created = p.getInt(ExportToDmaBufFd.OFF_FD);
        if (status != NvStatus.NV_OK || created < 0) {
            p.putInt(ExportToDmaBufFd.OFF_FD, -1);
            int w = call.memory().write(call.request().arg(), p, ExportToDmaBufFd.SIZE);
            return w < 0 ? IoctlResult.error(-w) : IoctlResult.value(rc);
        }
        try (HostFd dmabuf = HostFd.adopt(created)) {
            p.putInt(ExportToDmaBufFd.OFF_FD, -1);
            int w = call.memory().write(call.request().arg(), p, ExportToDmaBufFd.SIZE);
            if (w < 0) {
                return IoctlResult.error(
                        -w); // nothing installed; closing our copy drops the export
            }
            int installed = call.injectFd(dmabuf, Native.O_CLOEXEC);
            if (installed < 0) {
                return IoctlResult.error(-installed);
            }
            Pointer fdField = call.arena().alloc(4);
            fdField.putInt(0, installed);
            w = call.memory().write(call.request().arg() + ExportToDmaBufFd.OFF_FD, fdField, 4);
            if (w < 0) {
                return IoctlResult.deny(
                        -w,
                        "the dma-buf was installed as guest fd "
                                + installed
                                + " but params.fd could not be written");
            }
            return IoctlResult.value(rc);
        }
    }

    /** {@code fd >= 0}: adds objects to the guest's existing dma-buf. */
    private IoctlResult extend(IoctlCall call, Pointer p, int guestFd) {
        long fd = call.guestFile(guestFd);
        if (fd < 0) {
            return IoctlResult.deny(
                    (int) -fd, "params.fd " + guestFd + " is not an open fd of the caller");
        }
        try (HostFd dup = HostFd.adopt((int) fd)) {
            if (!host.isDmaBuf(dup.fd())) {
                return RmStatus.refuse(
                        call,
                        ExportToDmaBufFd.OFF_STATUS,
                        NvStatus.NV_ERR_INVALID_ARGUMENT,
                        "params.fd " + guestFd + " is not a dma-buf");
            }
            p.putInt(ExportToDmaBufFd.OFF_FD, dup.fd());
            int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), p.address());
            if (rc < 0) {
                return IoctlResult.error(-rc);
            }
            p.putInt(ExportToDmaBufFd.OFF_FD, guestFd);
            int w = call.memory().write(call.request().arg(), p, ExportToDmaBufFd.SIZE);
            return w < 0 ? IoctlResult.error(-w) : IoctlResult.value(rc);
        }
    }
}
