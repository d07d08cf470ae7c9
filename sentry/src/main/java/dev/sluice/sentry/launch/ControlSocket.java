package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import java.nio.charset.StandardCharsets;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The sentry's end of the {@code AF_UNIX/SOCK_SEQPACKET} control socket to {@code sluice-init}:
 * one message per call, with at most one fd passed in {@code SCM_RIGHTS}. Used only during
 * startup, by one thread.
 */
final class ControlSocket implements AutoCloseable {
    // include/linux/socket.h
    private static final int AF_UNIX = 1;
    private static final int SOCK_SEQPACKET = 5;
    private static final int SOCK_CLOEXEC = Native.O_CLOEXEC;
    private static final int SOL_SOCKET = 1;
    private static final int SCM_RIGHTS = 1;
    private static final int MSG_CMSG_CLOEXEC = 0x40000000;
    private static final int MSG_TRUNC = 0x20;
    private static final int MSG_CTRUNC = 0x8;
    /** struct msghdr on x86_64 (include/linux/socket.h): name, namelen, iov, iovlen, control, controllen, flags. */
    private static final int MSGHDR_SIZE = 56;
    /** CMSG_SPACE(sizeof(int)) */
    private static final int CMSG_SPACE_FD = 24;
    private static final int MAX_MESSAGE = 4096;
    private static final int ECONNRESET = 104;

    /** A message from sluice-init; {@code fd} is null when none was passed. */
    record Message(String text, HostFd fd) {
        String verb() {
            int sp = text.indexOf(' ');
            return sp < 0 ? text : text.substring(0, sp);
        }

        String rest() {
            int sp = text.indexOf(' ');
            return sp < 0 ? "" : text.substring(sp + 1);
        }
    }

    private final HostFd fd;
    private final Pointer buf = Memory.allocateDirect(Native.RUNTIME, MAX_MESSAGE + MSGHDR_SIZE + 16 + CMSG_SPACE_FD, true);

    private ControlSocket(HostFd fd) {
        this.fd = fd;
    }

    /** A connected pair: [0] stays in the sentry, [1] is the child's end (close it after spawning). */
    static HostFd[] pair() {
        Pointer sv = Memory.allocateDirect(Native.RUNTIME, 8, true);
        Native.check(Native.ret(Native.LIBC.socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv.address())),
                "socketpair(AF_UNIX, SOCK_SEQPACKET)");
        return new HostFd[] {HostFd.adopt(sv.getInt(0)), HostFd.adopt(sv.getInt(4))};
    }

    static ControlSocket of(HostFd fd) {
        return new ControlSocket(fd);
    }

    void send(byte[] message) {
        Pointer p = Memory.allocateDirect(Native.RUNTIME, Math.max(1, message.length), true);
        p.put(0, message, 0, message.length);
        long n = Native.ret(Native.LIBC.write(fd.fd(), p.address(), message.length));
        if (n != message.length) {
            throw new ErrnoException("send to sluice-init (" + message.length + " bytes)", n < 0 ? (int) -n : 0);
        }
    }

    void send(String message) {
        send(message.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Sends {@code message} with this socket's own fd attached ({@code SCM_RIGHTS}): the peer gets
     * a copy of the sentry's end, which keeps the pair open after the sentry closes its own.
     */
    void sendOwnEnd(String message) {
        byte[] text = message.getBytes(StandardCharsets.US_ASCII);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, text.length + 16 + MSGHDR_SIZE + CMSG_SPACE_FD, true);
        long data = p.address();
        long iov = data + text.length;
        long msg = iov + 16;
        long ctl = msg + MSGHDR_SIZE;
        p.put(0, text, 0, text.length);
        int i = text.length;
        p.putLong(i, data);
        p.putLong(i + 8, text.length);
        int m = i + 16;
        p.putLong(m + 16, iov);
        p.putLong(m + 24, 1);
        p.putLong(m + 32, ctl);
        p.putLong(m + 40, CMSG_SPACE_FD);
        int c = m + MSGHDR_SIZE;
        p.putLong(c, 16 + 4); // cmsg_len = CMSG_LEN(sizeof(int))
        p.putInt(c + 8, SOL_SOCKET);
        p.putInt(c + 12, SCM_RIGHTS);
        p.putInt(c + 16, fd.fd());
        long n = Native.ret(Native.LIBC.sendmsg(fd.fd(), msg, 0));
        if (n != text.length) {
            throw new ErrnoException("send " + message + " with an fd to sluice-init", n < 0 ? (int) -n : 0);
        }
    }

    /** The next message, or null at end of file (every copy of the child's end is closed). */
    Message receive() {
        long data = buf.address();
        long iov = data + MAX_MESSAGE;
        long msg = iov + 16;
        long ctl = msg + MSGHDR_SIZE;
        buf.setMemory(MAX_MESSAGE, 16 + MSGHDR_SIZE + CMSG_SPACE_FD, (byte) 0);
        buf.putLong(MAX_MESSAGE, data);
        buf.putLong(MAX_MESSAGE + 8, MAX_MESSAGE);
        int m = MAX_MESSAGE + 16;
        buf.putLong(m + 16, iov);
        buf.putLong(m + 24, 1);
        buf.putLong(m + 32, ctl);
        buf.putLong(m + 40, CMSG_SPACE_FD);
        long n;
        do {
            n = Native.ret(Native.LIBC.recvmsg(fd.fd(), msg, MSG_CMSG_CLOEXEC));
        } while (n == -dev.sluice.sentry.nativeio.Errno.EINTR);
        if (n == 0 || n == -ECONNRESET) {
            // ECONNRESET: sluice-init exited without reading what we sent; same as end of file.
            return null;
        }
        Native.check(n, "recvmsg from sluice-init");
        if (n == 0) {
            return null;
        }
        int flags = buf.getInt(m + 48);
        HostFd passed = null;
        long controlLen = buf.getLong(m + 40);
        int c = m + MSGHDR_SIZE;
        if (controlLen >= 16 + 4 && buf.getInt(c + 8) == SOL_SOCKET && buf.getInt(c + 12) == SCM_RIGHTS) {
            passed = HostFd.adopt(buf.getInt(c + 16));
        }
        if ((flags & (MSG_TRUNC | MSG_CTRUNC)) != 0) {
            if (passed != null) {
                passed.close();
            }
            throw new IllegalStateException("truncated control message from sluice-init");
        }
        byte[] text = new byte[(int) n];
        buf.get(0, text, 0, text.length);
        return new Message(new String(text, StandardCharsets.US_ASCII), passed);
    }

    @Override
    public void close() {
        fd.close();
    }
}
