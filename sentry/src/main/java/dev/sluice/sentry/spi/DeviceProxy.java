package dev.sluice.sentry.spi;

import java.util.List;

/**
 * Decides every trapped ioctl on the devices it owns.
 *
 * <p>Implementors:
 * <ul>
 *   <li>{@link #trapRules()} is fixed for the sandbox's life: it is compiled into the seccomp
 *       filter before the workload starts;</li>
 *   <li>{@link #owns} must decide from race-free facts only: the char device's major/minor (from
 *       {@code fstat} of the sentry's own dup) and {@code /sys};</li>
 *   <li>{@link #handle} returns guest errors as {@link IoctlResult} values and throws only for
 *       sentry faults; it must close every host fd it opens (use {@link IoctlCall#cleanup()});</li>
 *   <li>it is called from many threads at once.</li>
 * </ul>
 */
public interface DeviceProxy extends AutoCloseable {
    /** Short name for stats and logs, e.g. {@code nvproxy}. */
    String name();

    /** The ioctl requests the seccomp filter must send to the sentry. */
    List<TrapRule> trapRules();

    /** Whether this proxy mediates ioctls on {@code device}. */
    boolean owns(CharDevice device);

    /** Decides and, for EMULATE, executes one call. */
    IoctlResult handle(IoctlCall call);

    /** The C name of a request, for stats, traces and log lines ({@code TIOCGPTN}); hex if unknown. */
    String ioctlName(int cmd);

    @Override
    default void close() {}
}
