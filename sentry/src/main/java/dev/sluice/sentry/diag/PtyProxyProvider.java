package dev.sluice.sentry.diag;

import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.ioctl.IoctlTableSource;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;

import java.util.List;
import java.util.Optional;

/** Registers the opt-in diagnostic {@link PtyProxy} ({@code sluice run --proxy pty}). */
public final class PtyProxyProvider implements DeviceProxyProvider, IoctlTableSource {
    @Override
    public String name() {
        return PtyProxy.NAME;
    }

    @Override
    public String description() {
        return "diagnostic: mediates /dev/ptmx ioctls to exercise the sentry on any Linux machine (opt-in)";
    }

    @Override
    public List<IoctlTable> tables() {
        return List.of(new PtyProxy().table());
    }

    @Override
    public boolean wanted(ProxyConfig config) {
        return config.enabled(PtyProxy.NAME);
    }

    /** None: /dev/ptmx is every container's, mediated only where the diagnostic is asked for. */
    @Override
    public boolean mediates(CharDevice device) {
        return false;
    }

    @Override
    public Optional<DeviceProxy> create(ProxyConfig config) {
        return wanted(config) ? Optional.of(new PtyProxy()) : Optional.empty();
    }
}
