package dev.sluice.sentry.dispatch;

import dev.sluice.sentry.guest.CallerIdentity;
import dev.sluice.sentry.guest.ProcMemory;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.GuestMemory;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.OpenRequest;
import dev.sluice.sentry.spi.WriteCall;
import dev.sluice.sentry.spi.WriteRequest;

/**
 * One trapped call, from the notification to the answer: its registers, decoded once ({@link
 * IoctlRequest}), and what the dispatcher opens for it as it goes (the pinned caller, the sentry's
 * dup of the guest's fd, guest memory, the proxy's rollbacks). A proxy sees it as its {@link
 * IoctlCall}: every other guest fd and every byte of guest memory it asks for goes through the
 * call's {@link CallerIdentity}, never through the tid. {@link #close} releases all of it, after
 * the answer, so that the guest does not wait for the closes.
 */
final class TrappedCall implements IoctlCall, AutoCloseable {
    private final Notification n;
    private final IoctlRequest request;
    private final WriteRequest write;
    private final OpenRequest open;
    private final Listener listener;
    private final Arena arena;
    private CallerIdentity caller;
    private ProcMemory memory;
    private HostFd hostFd;
    private CharDevice device;
    private Cleanup cleanup;

    TrappedCall(Notification n, Listener listener, Arena arena) {
        this.n = n;
        this.write = WriteRequest.traps(n.nr()) ? WriteRequest.of(n.tid(), n.nr(), n.args()) : null;
        this.open = OpenRequest.traps(n.nr()) ? OpenRequest.of(n.tid(), n.nr(), n.args()) : null;
        // A write- or open-family call has no ioctl request; its registers are decoded by
        // WriteRequest or OpenRequest, and the request holds only its fd (the dirfd of an open).
        this.request =
                write != null
                        ? IoctlRequest.of(n.tid(), n.arg(0), 0, 0)
                        : open != null
                                ? IoctlRequest.of(n.tid(), open.dirfd(), 0, 0)
                                : IoctlRequest.of(n.tid(), n.arg(0), n.arg(1), n.arg(2));
        this.listener = listener;
        this.arena = arena;
    }

    /** The write-family registers, or null for an ioctl. */
    WriteRequest write() {
        return write;
    }

    /** The open-family registers, or null for any other call. */
    OpenRequest open() {
        return open;
    }

    /**
     * What the call was, for log lines: {@code ioctl 0x...}, or the write- or open-family syscall.
     */
    String what() {
        return write != null
                ? write.syscallName()
                : open != null ? open.syscallName() : "ioctl " + Ioctl.hex(request.cmd());
    }

    /** This call as a proxy's {@link WriteCall}; only for a write-family call. */
    WriteCall asWrite() {
        TrappedCall self = this;
        return new WriteCall() {
            @Override
            public WriteRequest request() {
                return write;
            }

            @Override
            public CharDevice device() {
                return self.device();
            }

            @Override
            public HostFd hostFd() {
                return self.hostFd();
            }

            @Override
            public GuestMemory memory() {
                return self.memory();
            }

            @Override
            public Arena arena() {
                return self.arena();
            }

            @Override
            public boolean stillWaiting() {
                return listener.idValid(arena, n.id());
            }

            @Override
            public long guestFile(int guestFd) {
                return self.guestFile(guestFd);
            }

            @Override
            public long callerNetns() {
                return caller.openNamespace(arena, "net");
            }
        };
    }

    /** The notification: its id, syscall number and architecture. */
    Notification notification() {
        return n;
    }

    /** Pins the caller; the call closes it. */
    CallerIdentity pin(CallerIdentity identity) {
        this.caller = identity;
        this.memory = new ProcMemory(identity, arena);
        return identity;
    }

    /** Whether the pinned caller was found gone. */
    boolean callerLost() {
        return caller != null && caller.lost();
    }

    /** Takes the sentry's dup of the guest's fd; the call closes it. */
    HostFd adopt(HostFd dup) {
        this.hostFd = dup;
        return dup;
    }

    /** The char device behind the dup, as {@code fstat} gave it (null: not a char device). */
    void classify(CharDevice dev) {
        this.device = dev;
    }

    @Override
    public IoctlRequest request() {
        return request;
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
        if (cleanup == null) {
            cleanup = new Cleanup();
        }
        return cleanup;
    }

    @Override
    public long guestFile(int guestFd) {
        return caller.dup(guestFd);
    }

    @Override
    public int injectFd(HostFd fd, int newFdFlags) {
        return listener.addFd(arena, n.id(), fd.fd(), newFdFlags, false);
    }

    /**
     * Runs the proxy's unreleased rollbacks, then closes guest memory, the sentry's dup and the
     * caller's pidfd (none of which throws), whatever the rollbacks did.
     */
    @Override
    public void close() {
        try {
            if (cleanup != null) {
                cleanup.run();
            }
        } finally {
            if (memory != null) {
                memory.close();
            }
            if (hostFd != null) {
                hostFd.close();
            }
            if (caller != null) {
                caller.close();
            }
        }
    }
}
