package dev.sluice.sentry.dispatch;

import dev.sluice.sentry.guest.CallerIdentity;
import dev.sluice.sentry.guest.ProcMemory;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.GuestMemory;
import dev.sluice.sentry.spi.IoctlCall;

/**
 * The {@link IoctlCall} the dispatcher hands to a proxy: one notification, decoded once. Every
 * other guest fd and every byte of guest memory the proxy asks for goes through the call's
 * {@link CallerIdentity}, never through the tid.
 */
final class TrappedCall implements IoctlCall, AutoCloseable {
    private final Notification n;
    private final Listener listener;
    private final Arena arena;
    private final HostFd hostFd;
    private final CharDevice device;
    private final ProcMemory memory;
    private final Cleanup cleanup = new Cleanup();
    private final CallerIdentity caller;
    private String detail;

    TrappedCall(Notification n, Listener listener, Arena arena, HostFd hostFd, CharDevice device, CallerIdentity caller) {
        this.n = n;
        this.caller = caller;
        this.listener = listener;
        this.arena = arena;
        this.hostFd = hostFd;
        this.device = device;
        this.memory = new ProcMemory(caller, arena);
    }

    @Override
    public int tid() {
        return n.tid();
    }

    @Override
    public int guestFd() {
        return (int) n.arg(0);
    }

    @Override
    public int cmd() {
        return (int) n.arg(1);
    }

    @Override
    public long arg() {
        return n.arg(2);
    }

    @Override
    public CharDevice device() {
        return device;
    }

    /**
     * The dispatcher looked the dup up without checking the caller (it only classified it): the
     * check comes here, before the proxy can act on it.
     *
     * @throws CallerGone if the caller stopped waiting: its tid may name another task by now
     */
    @Override
    public HostFd hostFd() {
        if (!caller.verify()) {
            throw new CallerGone();
        }
        return hostFd;
    }

    @Override
    public GuestMemory memory() {
        return memory;
    }

    @Override
    public Arena arena() {
        return arena;
    }

    @Override
    public Cleanup cleanup() {
        return cleanup;
    }

    @Override
    public long guestFile(int guestFd) {
        return caller.dup(guestFd);
    }

    @Override
    public void detail(String what) {
        this.detail = what;
    }

    /** What {@link #detail} named, or null. */
    String detail() {
        return detail;
    }

    @Override
    public int injectFd(HostFd fd, int newFdFlags) {
        return listener.addFd(arena, n.id(), fd.fd(), newFdFlags, false);
    }

    /** Runs unreleased rollbacks and closes guest memory. The host fd belongs to the dispatcher. */
    @Override
    public void close() {
        try {
            cleanup.run();
        } finally {
            memory.close();
        }
    }
}
