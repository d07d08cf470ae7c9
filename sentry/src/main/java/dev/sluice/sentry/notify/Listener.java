package dev.sluice.sentry.notify;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.SeccompAbi;

import jnr.ffi.Pointer;

/**
 * The seccomp user-notification listener fd, and the five ioctls on it. All methods are safe to
 * call from many threads at once: the kernel hands each notification to exactly one receiver.
 *
 * <p>Every method takes the calling worker's {@link Arena} for its struct buffers. Results are
 * {@code 0}/positive on success and {@code -errno} on failure; the caller decides whether that is a
 * guest-visible outcome (the guest died: {@code ENOENT}) or a sentry fault.
 */
public final class Listener implements AutoCloseable {
    private final HostFd fd;

    public Listener(HostFd fd) {
        this.fd = fd;
    }

    public int fd() {
        return fd.fd();
    }

    /**
     * Asks the kernel to wake the supervisor synchronously (6.6+); returns false where unsupported.
     */
    public boolean setSyncWakeUp() {
        return Native.ioctl(
                        fd.fd(),
                        SeccompAbi.IOCTL_NOTIF_SET_FLAGS,
                        SeccompAbi.USER_NOTIF_FD_SYNC_WAKE_UP)
                == 0;
    }

    /**
     * Waits up to {@code timeoutMillis} for a notification or for the filter to lose its last task.
     * Returns {@link Native#POLLIN}, {@link Native#POLLHUP} (no task left), {@link Native#POLLNVAL}
     * (the listener itself is broken), 0 on timeout, or {@code -errno}.
     */
    public int poll(Arena arena, int timeoutMillis) {
        Pointer pfd = arena.alloc(8);
        pfd.putInt(0, fd.fd());
        pfd.putShort(4, Native.POLLIN);
        int r = (int) Native.ret(Native.LIBC.poll(pfd.address(), 1, timeoutMillis));
        if (r <= 0) {
            return r;
        }
        short revents = pfd.getShort(6);
        if ((revents & Native.POLLIN) != 0) {
            return Native.POLLIN;
        }
        if ((revents & (Native.POLLNVAL | Native.POLLERR)) != 0) {
            return Native.POLLNVAL;
        }
        if ((revents & Native.POLLHUP) != 0) {
            return Native.POLLHUP;
        }
        return 0;
    }

    /**
     * Receives one notification. Returns null when there was none to take after all ({@code
     * ENOENT}: the caller died between poll and receive, or {@code EINTR}).
     *
     * @throws dev.sluice.sentry.nativeio.ErrnoException on any other failure: the listener is
     *     broken
     */
    public Notification receive(Arena arena) {
        Pointer buf = arena.alloc(SeccompAbi.NOTIF_SIZE);
        int r = Native.ioctl(fd.fd(), SeccompAbi.IOCTL_NOTIF_RECV, buf.address());
        if (r == -Errno.ENOENT || r == -Errno.EINTR) {
            return null;
        }
        Native.check(r, "ioctl(seccomp listener, SECCOMP_IOCTL_NOTIF_RECV)");
        return Notification.decode(buf);
    }

    /** True while the notification's thread still waits for our answer (its pid was not reused). */
    public boolean idValid(Arena arena, long id) {
        Pointer p = arena.alloc(8);
        p.putLong(0, id);
        return Native.ioctl(fd.fd(), SeccompAbi.IOCTL_NOTIF_ID_VALID, p.address()) == 0;
    }

    /**
     * Completes the guest's syscall with {@code val}, or with {@code -error} when error is
     * non-zero.
     */
    public int respond(Arena arena, long id, long val, int error, int flags) {
        Pointer p = arena.alloc(SeccompAbi.RESP_SIZE);
        p.putLong(SeccompAbi.RESP_OFF_ID, id);
        p.putLong(SeccompAbi.RESP_OFF_VAL, val);
        p.putInt(SeccompAbi.RESP_OFF_ERROR, error == 0 ? 0 : -Math.abs(error));
        p.putInt(SeccompAbi.RESP_OFF_FLAGS, flags);
        return Native.ioctl(fd.fd(), SeccompAbi.IOCTL_NOTIF_SEND, p.address());
    }

    /** Lets the kernel run the syscall in the guest's own context. */
    public int respondContinue(Arena arena, long id) {
        return respond(arena, id, 0, 0, SeccompAbi.USER_NOTIF_FLAG_CONTINUE);
    }

    /**
     * Installs a dup of {@code srcFd} in the guest's fd table ({@code SECCOMP_IOCTL_NOTIF_ADDFD}).
     * With {@code send}, the kernel also completes the syscall with the new fd number as its return
     * value, atomically. Returns the guest's fd number or {@code -errno}.
     */
    public int addFd(Arena arena, long id, int srcFd, int newFdFlags, boolean send) {
        Pointer p = arena.alloc(SeccompAbi.ADDFD_SIZE);
        p.putLong(SeccompAbi.ADDFD_OFF_ID, id);
        p.putInt(SeccompAbi.ADDFD_OFF_FLAGS, send ? SeccompAbi.ADDFD_FLAG_SEND : 0);
        p.putInt(SeccompAbi.ADDFD_OFF_SRCFD, srcFd);
        p.putInt(SeccompAbi.ADDFD_OFF_NEWFD, 0);
        p.putInt(SeccompAbi.ADDFD_OFF_NEWFD_FLAGS, newFdFlags);
        return Native.ioctl(fd.fd(), SeccompAbi.IOCTL_NOTIF_ADDFD, p.address());
    }

    /**
     * Closing the listener fails every pending and future trapped call with ENOSYS: fail closed.
     */
    @Override
    public void close() {
        fd.close();
    }
}
