package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Errno;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides every trapped ioctl on the devices it owns.
 *
 * <p>Implementors:
 *
 * <ul>
 *   <li>{@link #trapRules()} is fixed for the sandbox's life: it is compiled into the seccomp
 *       filter before the workload starts;
 *   <li>{@link #owns} must decide from race-free facts only: the char device's major/minor (from
 *       {@code fstat} of the sentry's own dup) and {@code /sys};
 *   <li>{@link #handle} reads the registers from {@link IoctlCall#request()} (decoded once, never
 *       from the notification again) and returns its answer together with the call's name ({@link
 *       Verdict}): the name of the row it decided on, with the sub-command of a multiplexed
 *       request. Stats, traces and the denial log take that name as it is, so look nothing up
 *       twice;
 *   <li>{@link #handle} returns guest errors as {@link IoctlResult} values and throws only for
 *       sentry faults; it must close every host fd it opens (use {@link IoctlCall#cleanup()}). It
 *       never answers the guest itself: the dispatcher sends the one answer;
 *   <li>{@link #ioctlName} names requests for calls this proxy did not decide (an fd no proxy owns
 *       that its rule trapped, a call refused before any proxy saw it, a proxy fault);
 *   <li>it is called from many threads at once.
 * </ul>
 */
public interface DeviceProxy extends AutoCloseable {
    /** Short name for stats and logs, e.g. {@code nvproxy}. */
    String name();

    /** The ioctl requests the seccomp filter must send to the sentry. */
    List<TrapRule> trapRules();

    /** Whether this proxy mediates ioctls on {@code device}. */
    boolean owns(CharDevice device);

    /** Decides and, for EMULATE, executes one call; the answer and the call's name. */
    Verdict handle(IoctlCall call);

    /**
     * Whether this proxy mediates the write family ({@link WriteRequest}) on the devices it owns:
     * then Sluice's filter traps {@code write}, {@code writev} and {@code pwritev2} for the whole
     * sandbox, and every such call on an fd this proxy owns goes to {@link #write}. Calls on any
     * other fd are continued at once. Fixed for the sandbox's life, like {@link #trapRules()}.
     */
    default boolean mediatesWrites() {
        return false;
    }

    /**
     * Decides one write-family call on a device this proxy owns; called only when {@link
     * #mediatesWrites()}. The same contract as {@link #handle}.
     */
    default Verdict write(WriteCall call) {
        return new Verdict(
                IoctlResult.deny(Errno.EINVAL, name() + " does not mediate writes"),
                call.request().syscallName());
    }

    /**
     * The host paths of the device nodes the sentry opens for the guest itself (absolute, as the
     * sandbox's /dev shows them at the same path), fixed for the sandbox's life. For each: the
     * sandbox's bind mount of the node is {@code nodev} (the guest can stat it but not open it),
     * Sluice's filter refuses {@code mknod} of character devices and traps the open family ({@link
     * OpenRequest}), and an open of exactly that path is served by the sentry, which opens the node
     * on a nodev detached mount and installs the file in the guest. Such a file was opened with a
     * sentry worker's credentials, never the guest's: a driver that checks the opener's credentials
     * on {@code write()} (uverbs, {@code ib_safe_file_access}) refuses the guest's writes, whatever
     * fd number they name. Empty (the default) for a proxy whose devices the guest opens itself.
     */
    default List<java.nio.file.Path> opensDevices() {
        return List.of();
    }

    /**
     * Opens {@code node}, one of {@link #opensDevices()}, for the guest itself, with {@code flags}
     * (the access mode, {@code O_NONBLOCK}, {@code O_NOCTTY}): the sentry's new fd, which the
     * dispatcher installs in the guest and closes, or {@code -errno}. Empty (the default) to have
     * the sentry open it: a worker acting as the guest, on a nodev detached mount ({@code
     * DeviceOpener}). A proxy opens it itself where it must later act on the file with the opener's
     * exact credentials: a driver that compares the writer's credentials with the file's by pointer
     * ({@code ib_safe_file_access}) refuses any other thread's writes, and a worker's credentials
     * change as it raises and lowers capabilities around the mount syscalls.
     */
    default java.util.OptionalInt openDevice(java.nio.file.Path node, int flags) {
        return java.util.OptionalInt.empty();
    }

    /**
     * The C name of a request ({@code TIOCGPTN}), or {@code unknown}, for stats, traces and log
     * lines of calls that {@link #handle} did not decide.
     */
    String ioctlName(int cmd);

    /**
     * The racy rows of this sandbox, in one line: the CONTINUE rows whose check reads guest memory
     * that the kernel then reads again (or calls on this proxy's devices that are not trapped at
     * all), with what a guest that rewrites that memory in between reaches. Empty when every
     * CONTINUE decision rests on race-free facts alone (the request number, the device).
     * docs/security-model.md lists the rows; {@code sluice run} and OCI {@code create} print this
     * line at start unless the user accepts it ({@link #racyWarning}).
     */
    default String racyRows() {
        return "";
    }

    /**
     * This proxy's typical calls, for the sentry to make on a thread of its own while the sandbox
     * starts, so that their path is compiled before the sandbox's first calls arrive
     * (dev.sluice.sentry.Rehearsal); or null (the default) for a proxy that has none.
     */
    default CallRehearsal rehearsal() {
        return null;
    }

    @Override
    default void close() {}

    /**
     * The one start warning for {@code proxies}: their {@link #racyRows()} joined into one line, or
     * empty when none of them has any.
     */
    static Optional<String> racyWarning(List<? extends DeviceProxy> proxies) {
        String rows =
                proxies.stream()
                        .map(DeviceProxy::racyRows)
                        .filter(r -> !r.isBlank())
                        .collect(Collectors.joining("; "));
        return rows.isEmpty()
                ? Optional.empty()
                : Optional.of(
                        "racy CONTINUE rows (a guest racing the sentry bypasses their checks): "
                                + rows);
    }
}
