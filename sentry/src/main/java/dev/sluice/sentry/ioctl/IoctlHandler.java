package dev.sluice.sentry.ioctl;

import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.Verdict;

/**
 * Executes one EMULATE table entry. Guest errors are results; exceptions are sentry faults.
 *
 * <p>Implementors: name the call by its row ({@link
 * IoctlEntry#verdict(dev.sluice.sentry.spi.IoctlResult)}), or, for a multiplexed request, by its
 * row and the sub-command the handler read from the params ({@link IoctlEntry#verdict(String,
 * dev.sluice.sentry.spi.IoctlResult)}); read the registers from {@link IoctlCall#request()}.
 */
@FunctionalInterface
public interface IoctlHandler {
    Verdict handle(IoctlCall call, IoctlEntry entry);
}
