package dev.sluice.sentry.spi;

import java.util.Optional;

/**
 * Service-provider entry point of a device proxy, discovered with {@link java.util.ServiceLoader}
 * (list the class in {@code META-INF/services/dev.sluice.sentry.spi.DeviceProxyProvider}).
 *
 * <p>Implementors:
 *
 * <ul>
 *   <li>keep the constructor cheap: every sandbox start loads every provider;
 *   <li>return a proxy only when the sandbox asks for it: a granted device node the proxy serves,
 *       or the provider's {@link #name()} among {@link ProxyConfig#enabledProxies()} for opt-in
 *       proxies;
 *   <li>fail with an {@link IllegalStateException} whose message a user can act on (for example an
 *       unsupported host driver version, naming the supported ones) rather than half-working.
 * </ul>
 */
public interface DeviceProxyProvider {
    /**
     * Short stable name used on the command line, in stats and in logs: {@code nvproxy}, {@code
     * pty}.
     */
    String name();

    /** One line for {@code sluice proxies}. */
    String description();

    /** The proxy for this sandbox, or empty when the sandbox does not need it. */
    Optional<DeviceProxy> create(ProxyConfig config);

    /**
     * Whether {@link #create} would return a proxy for this sandbox, decided from the config alone
     * (no device opened): an OCI container that no proxy wants gets no sentry process at all.
     */
    boolean wanted(ProxyConfig config);

    /**
     * Whether a node of {@code device} must never reach a sandbox except through this provider's
     * proxy, decided from the host's facts alone (fixed majors, the majors {@code /proc/devices}
     * lists), with no node to look at; {@link CharDevice#ANY} as the major or minor asks about any
     * number there. A sandbox that could reach such a number without its host node being granted
     * ({@link ProxyConfig#nodelessDevices()}: a {@code linux.devices} entry the host lacks, or a
     * device rule that opens it to a process allowed to make nodes) is refused: the proxy could not
     * open or check it, and a driver that appears later would serve that node unmediated. A
     * diagnostic proxy whose devices are harmless unmediated answers false.
     */
    boolean mediates(CharDevice device);

    /**
     * What the provider's ioctl tables ({@code dev.sluice.sentry.ioctl.IoctlTableSource}) cannot
     * show, as Markdown for docs/ioctls.md: sub-command tables (RM control commands, allocation
     * classes, uverbs methods), per driver version. Starts with a {@code ##} heading; empty when
     * there is nothing more.
     */
    default String docs() {
        return "";
    }
}
