package dev.sluice.sentry.launch;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETSOCKOPT;

import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import java.nio.charset.StandardCharsets;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The sentry's end of the {@code AF_UNIX/SOCK_SEQPACKET} control socket to {@code sluice-init}:
 * one message per call, with at most one fd passed in {@code SCM_RIGHTS}. Used only during
 * startup, by one thread. The sentry's end has {@code SO_PASSCRED}, so the kernel tells it which
 * process sent each message, as a pid of the sentry's pid namespace (socket(7), SCM_CREDENTIALS):
 * the host pid of a workload that only knows its pid inside the sandbox.
 */
final class ControlSocket implements AutoCloseable {
    // include/linux/socket.h
    private static final int AF_UNIX = 1;
    private static final int SOCK_SEQPACKET = 5;
    private static final int SOCK_CLOEXEC = Native.O_CLOEXEC;
    private static final int SOL_SOCKET = 1;
    private static final int SCM_RIGHTS = 1;
    private static final int SCM_CREDENTIALS = 2;
    private static final int SO_PASSCRED = 16;
    private static final int MSG_CMSG_CLOEXEC = 0x40000000;
    private static final int MSG_TRUNC = 0x20;
    private static final int MSG_CTRUNC = 0x8;
    /** struct msghdr on x86_64 (include/linux/socket.h): name, namelen, iov, iovlen, control, controllen, flags. */
    private static final int MSGHDR_SIZE = 56;
    /** CMSG_SPACE(sizeof(int)) */
    private static final int CMSG_SPACE_FD = 24;
    /** CMSG_SPACE(sizeof(struct ucred)): pid, uid, gid, 4 bytes each */
    private static final int CMSG_SPACE_CRED = 32;
    private static final int CMSG_HDR = 16;
    private static final int CONTROL_SPACE = CMSG_SPACE_CRED + CMSG_SPACE_FD;
    private static final int MAX_MESSAGE = 4096;
    private static final int ECONNRESET = 104;

    /**
     * A message from sluice-init; {@code fd} is null when none was passed; {@code pid} is the
     * sender's pid in the sentry's pid namespace, 0 when the kernel gave none.
     */
    record Message(String text, HostFd fd, int pid) {
        Message(String text, HostFd fd) {
            this(text, fd, 0);
        }

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
    private final Pointer buf = Memory.allocateDirect(Native.RUNTIME, MAX_MESSAGE + MSGHDR_SIZE + 16 + CONTROL_SPACE, true);

    private ControlSocket(HostFd fd) {
        this.fd = fd;
    }

    /** A connected pair: [0] stays in the sentry, [1] is the child's end (close it after spawning). */
    static HostFd[] pair() {
        Pointer sv = Memory.allocateDirect(Native.RUNTIME, 8, true);
        Native.check(Native.ret(Native.LIBC.socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv.address())),
                "socketpair(AF_UNIX, SOCK_SEQPACKET)");
        HostFd[] pair = {HostFd.adopt(sv.getInt(0)), HostFd.adopt(sv.getInt(4))};
        Pointer one = Memory.allocateDirect(Native.RUNTIME, 4, true);
        one.putInt(0, 1);
        long r = Native.ret(Native.LIBC.syscall(SYS_SETSOCKOPT, pair[0].fd(), SOL_SOCKET, SO_PASSCRED, one.address(), 4, 0));
        if (r < 0) {
            pair[0].close();
            pair[1].close();
            Native.check(r, "setsockopt(SO_PASSCRED)");
        }
        return pair;
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
        buf.setMemory(MAX_MESSAGE, 16 + MSGHDR_SIZE + CONTROL_SPACE, (byte) 0);
        buf.putLong(MAX_MESSAGE, data);
        buf.putLong(MAX_MESSAGE + 8, MAX_MESSAGE);
        int m = MAX_MESSAGE + 16;
        buf.putLong(m + 16, iov);
        buf.putLong(m + 24, 1);
        buf.putLong(m + 32, ctl);
        buf.putLong(m + 40, CONTROL_SPACE);
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
        int pid = 0;
        long controlLen = buf.getLong(m + 40);
        // Walk the control messages (CMSG_NXTHDR): SCM_CREDENTIALS comes first, then SCM_RIGHTS.
        for (long off = 0; off + CMSG_HDR <= controlLen; ) {
            int c = m + MSGHDR_SIZE + (int) off;
            long len = buf.getLong(c);
            if (len < CMSG_HDR || off + len > controlLen) {
                break;
            }
            if (buf.getInt(c + 8) == SOL_SOCKET && buf.getInt(c + 12) == SCM_RIGHTS && len >= CMSG_HDR + 4 && passed == null) {
                passed = HostFd.adopt(buf.getInt(c + CMSG_HDR));
            } else if (buf.getInt(c + 8) == SOL_SOCKET && buf.getInt(c + 12) == SCM_CREDENTIALS && len >= CMSG_HDR + 12) {
                pid = buf.getInt(c + CMSG_HDR);
            }
            off += (len + 7) & ~7L;
        }
        if ((flags & (MSG_TRUNC | MSG_CTRUNC)) != 0) {
            if (passed != null) {
                passed.close();
            }
            throw new IllegalStateException("truncated control message from sluice-init");
        }
        byte[] text = new byte[(int) n];
        buf.get(0, text, 0, text.length);
        return new Message(new String(text, StandardCharsets.US_ASCII), passed, pid);
    }

    @Override
    public void close() {
        fd.close();
    }
}
