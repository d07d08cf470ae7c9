package dev.sluice.sentry.ioctl;

import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;

/** Executes one EMULATE table entry. Guest errors are results; exceptions are sentry faults. */
@FunctionalInterface
public interface IoctlHandler {
    IoctlResult handle(IoctlCall call, IoctlEntry entry);
}
