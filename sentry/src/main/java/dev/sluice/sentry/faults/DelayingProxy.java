package dev.sluice.sentry.faults;

import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;

import java.util.List;

/**
 * {@code delay-ms}: every call the proxy handled waits between the proxy's decision and the
 * sentry's answer, so that the guest can die or be interrupted while the sentry holds its call (and
 * whatever the proxy opened for it). Calls no proxy owns are not held. Every other method is the
 * proxy's own, except {@link #close}: whoever made the proxy closes it.
 */
final class DelayingProxy implements DeviceProxy {
    private final DeviceProxy inner;
    private final long delayNanos;

    DelayingProxy(DeviceProxy inner, int delayMillis) {
        this.inner = inner;
        this.delayNanos = delayMillis * 1_000_000L;
    }

    @Override
    public Verdict handle(IoctlCall call) {
        try {
            return inner.handle(call);
        } finally {
            // A proxy fault is held too: the dispatcher answers it (EIO) after the delay as well.
            Pause.until(System.nanoTime() + delayNanos);
        }
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public List<TrapRule> trapRules() {
        return inner.trapRules();
    }

    @Override
    public boolean owns(CharDevice device) {
        return inner.owns(device);
    }

    @Override
    public boolean mediatesWrites() {
        return inner.mediatesWrites();
    }

    @Override
    public Verdict write(WriteCall call) {
        return inner.write(call);
    }

    @Override
    public String ioctlName(int cmd) {
        return inner.ioctlName(cmd);
    }

    @Override
    public String racyRows() {
        return inner.racyRows();
    }
}
