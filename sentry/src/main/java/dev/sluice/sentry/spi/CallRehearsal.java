package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Arena;

/**
 * A proxy's typical calls, made by the sentry on a thread of its own that traps its own ioctls,
 * through a dispatcher of its own, while a sandbox starts (dev.sluice.sentry.Rehearsal): the
 * sentry's path for them (the dispatcher, the caller's identity and memory, the proxy's tables and
 * handlers) is then compiled by the time the sandbox's first calls arrive, instead of being
 * interpreted for them. Nothing of the sandbox takes part: the calls are the sentry's own, on files
 * it opens itself, answered by {@link #proxy}, a proxy that shares no state with the sandbox's.
 */
public interface CallRehearsal extends AutoCloseable {
    /** The proxy that answers the rehearsal's calls: a fresh one, not the sandbox's. */
    DeviceProxy proxy();

    /**
     * Makes the calls, on the calling thread, whose ioctls the sentry traps; returns how many it
     * made. A call that fails is not an error (the rehearsal is only for the path it takes); the
     * calls must leave nothing behind in the driver once this returns.
     *
     * @param arena scratch memory for the calls' params
     */
    int perform(Arena arena);

    /** Releases what {@link #proxy} holds. */
    @Override
    void close();
}
