package dev.sluice.nvproxy.uvm;

import dev.sluice.nvproxy.abi.UvmIoctls;
import dev.sluice.nvproxy.driver.DriverAbi;
import dev.sluice.sentry.ioctl.Ioctl;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.Disposition;

/**
 * The table of {@code /dev/nvidia-uvm}: CONTINUE by number for the commands the branch allows.
 * UVM binds the file to the caller's {@code mm} ({@code UVM_INITIALIZE}, {@code UVM_MM_INITIALIZE})
 * and every later command works on that address space, so the kernel must run them in the guest's
 * context; the sentry's decision uses only the fd's device and the request number in the register.
 * Other numbers are denied with {@code EINVAL}, what the driver answers for a number it lacks.
 */
public final class UvmTable {
    private UvmTable() {}

    public static IoctlTable build(DriverAbi abi) {
        IoctlTable.Builder b = IoctlTable.builder("nvproxy-uvm").unknownErrno(Errno.EINVAL);
        for (DriverAbi.UvmRule r : abi.uvmRules().values()) {
            b.add(new IoctlEntry(r.cmd(), r.name(), Disposition.CONTINUE, null, Ioctl.NONE, -1, r.caps()));
        }
        for (UvmIoctls.Entry e : UvmIoctls.entries().values()) {
            if (!abi.uvmRules().containsKey(e.cmd())) {
                b.knownName(e.cmd(), e.name());
            }
        }
        return b.build();
    }
}
