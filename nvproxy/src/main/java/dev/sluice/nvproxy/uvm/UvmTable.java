package dev.sluice.nvproxy.uvm;

import dev.sluice.nvproxy.abi.UvmCommands;
import dev.sluice.nvproxy.frontend.DriverAbi;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;

/**
 * The table of {@code /dev/nvidia-uvm}: CONTINUE by number for the commands the branch allows. UVM
 * binds the file to the caller's {@code mm} ({@code UVM_INITIALIZE}, {@code UVM_MM_INITIALIZE}) and
 * every later command works on that address space, so the kernel must run them in the guest's
 * context; the sentry's decision uses only the fd's device and the request number in the register.
 * Other numbers are denied with {@code EINVAL}; they reach the table because UVM is trapped by
 * range ({@code NvTrapRules}), so a number the driver would hand to its built-in tests ({@code
 * uvm_test_ioctl}, 200 to 311, live when the module was loaded with {@code
 * uvm_enable_builtin_tests=1}) or a command a later driver adds is denied here, never run.
 *
 * <p>{@code /dev/nvidia-uvm-tools} (the profiling device) gets a table of its own, {@link #tools},
 * with no rows: its commands (event trackers, counters) pin the caller's buffers and observe the
 * UVM address spaces of the fds it names, and nothing NVProxy supports needs them.
 */
public final class UvmTable {
    private UvmTable() {}

    /** The table of {@code abi}; {@code commands}: every number of its tag, for names. */
    public static IoctlTable build(DriverAbi abi, UvmCommands commands) {
        IoctlTable.Builder b = IoctlTable.builder("nvproxy-uvm").unknownErrno(Errno.EINVAL);
        for (DriverAbi.UvmRule r : abi.uvmRules().values()) {
            b.add(
                    new IoctlEntry(
                            r.cmd(),
                            r.name(),
                            Disposition.CONTINUE,
                            null,
                            Ioctl.NONE,
                            -1,
                            r.caps()));
        }
        for (UvmCommands.Command e : commands.byNumber().values()) {
            if (!abi.uvmRules().containsKey(e.cmd())) {
                b.knownName(e.cmd(), e.name());
            }
        }
        return b.build();
    }

    /**
     * The table of {@code /dev/nvidia-uvm-tools}: every command denied with {@code EINVAL}, what
     * {@code uvm_tools_unlocked_ioctl} answers for a number it lacks
     * (kernel-open/nvidia-uvm/uvm_tools.c). The tools commands are named, so denials are logged by
     * name.
     */
    public static IoctlTable tools(UvmCommands commands) {
        IoctlTable.Builder b = IoctlTable.builder("nvproxy-uvm-tools").unknownErrno(Errno.EINVAL);
        for (UvmCommands.Command e : commands.byNumber().values()) {
            if (e.route() == UvmCommands.Route.TOOLS) {
                b.knownName(e.cmd(), e.name());
            }
        }
        return b.build();
    }
}
