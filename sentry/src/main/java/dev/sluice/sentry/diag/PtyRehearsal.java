package dev.sluice.sentry.diag;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CallRehearsal;
import dev.sluice.sentry.spi.DeviceProxy;

import jnr.ffi.Pointer;

import java.nio.charset.StandardCharsets;

/**
 * The pty proxy's calls as a rehearsal ({@link CallRehearsal}): {@code TIOCGPTN} on a {@code
 * /dev/ptmx} of the rehearsal thread's own, emulated by a fresh {@link PtyProxy} (the sentry's dup
 * of the file, the result written back through guest memory). Not the pty proxy's {@link
 * DeviceProxy#rehearsal}, so no sandbox's sentry makes these calls: a spare sentry makes them once
 * before it is ready, so that a sentry's own machinery (its listener, dispatcher, notification loop
 * and workers) is initialised, linked and compiled before a container or sandbox starts one.
 */
public final class PtyRehearsal implements CallRehearsal {
    /** Calls made: past the JIT's compile thresholds (bin/sluice) for the dispatcher's path. */
    static final int CALLS = 200;

    private final PtyProxy proxy = new PtyProxy();

    @Override
    public DeviceProxy proxy() {
        return proxy;
    }

    @Override
    public int perform(Arena arena) {
        byte[] path = "/dev/ptmx".getBytes(StandardCharsets.US_ASCII);
        Pointer p = arena.alloc(path.length + 1);
        p.put(0, path, 0, path.length);
        int fd =
                Native.LIBC.open(
                        p.address(), Native.O_RDWR | Native.O_NOCTTY | Native.O_CLOEXEC, 0);
        if (fd < 0) {
            return 0;
        }
        int calls = 0;
        try {
            Pointer ptn = arena.alloc(4);
            for (; calls < CALLS; calls++) {
                if (Native.ioctl(fd, PtyProxy.TIOCGPTN, ptn.address()) < 0) {
                    return calls + 1;
                }
            }
        } finally {
            Native.close(fd);
        }
        return calls;
    }

    @Override
    public void close() {
        proxy.close();
    }
}
