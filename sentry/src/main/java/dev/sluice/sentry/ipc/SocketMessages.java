package dev.sluice.sentry.ipc;

import static dev.sluice.sentry.ipc.SocketAbi.*;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * Sluice's one binding of {@code sendmsg(2)} and {@code recvmsg(2)} on an {@code AF_UNIX} socket:
 * data from, or into, memory the caller owns, with file descriptors in {@code SCM_RIGHTS} and the
 * sender's pid from {@code SCM_CREDENTIALS} (when the receiving end has {@code SO_PASSCRED}). The
 * layouts are {@link SocketAbi}'s. One instance holds the {@code msghdr}, {@code iovec} and control
 * buffer of one user at a time; it is not thread-safe. Calls return {@code -errno}; {@code EINTR}
 * is retried.
 */
public final class SocketMessages {
    /** The most fds one call carries (more are refused on sending, and cut off on receiving). */
    public static final int MAX_FDS = 16;

    private static final int RIGHTS_SPACE = cmsgSpace(4 * MAX_FDS);
    private static final int CONTROL_SPACE = RIGHTS_SPACE + cmsgSpace(SIZEOF_UCRED);
    private static final int IOV = SIZEOF_MSGHDR;
    private static final int CONTROL = IOV + SIZEOF_IOVEC;

    private final Pointer mem =
            Memory.allocateDirect(Native.RUNTIME, CONTROL + CONTROL_SPACE, true);
    private final long base = mem.address();
    private int[] fds = new int[0];
    private int senderPid;
    private int flags;

    /** Sends {@code len} bytes at {@code data} with {@code fds} attached; bytes sent, or -errno. */
    public long send(int socket, long data, int len, int[] fds) {
        if (fds.length > MAX_FDS) {
            throw new IllegalArgumentException(
                    fds.length + " fds in one message: at most " + MAX_FDS);
        }
        prepare(data, len);
        if (fds.length > 0) {
            int c = CONTROL;
            mem.putLong(c + OFF_CMSG_LEN, cmsgLen(4 * fds.length));
            mem.putInt(c + OFF_CMSG_LEVEL, SOL_SOCKET);
            mem.putInt(c + OFF_CMSG_TYPE, SCM_RIGHTS);
            for (int i = 0; i < fds.length; i++) {
                mem.putInt(c + cmsgLen(0) + 4L * i, fds[i]);
            }
            mem.putLong(OFF_MSG_CONTROL, base + CONTROL);
            mem.putLong(OFF_MSG_CONTROLLEN, cmsgSpace(4 * fds.length));
        }
        long n;
        do {
            n = Native.ret(Native.LIBC.sendmsg(socket, base, MSG_NOSIGNAL));
        } while (n == -Errno.EINTR);
        return n;
    }

    /**
     * Receives up to {@code len} bytes into {@code data}; bytes read (0 at end of file), or -errno.
     * The fds that came (close-on-exec, the caller's to close), the sender's pid and the message's
     * flags are then {@link #fds()}, {@link #senderPid()} and {@link #flags()}.
     */
    public long receive(int socket, long data, int len) {
        prepare(data, len);
        mem.putLong(OFF_MSG_CONTROL, base + CONTROL);
        mem.putLong(OFF_MSG_CONTROLLEN, CONTROL_SPACE);
        fds = new int[0];
        senderPid = 0;
        flags = 0;
        long n;
        do {
            n = Native.ret(Native.LIBC.recvmsg(socket, base, MSG_CMSG_CLOEXEC));
        } while (n == -Errno.EINTR);
        if (n < 0) {
            return n;
        }
        flags = mem.getInt(OFF_MSG_FLAGS);
        long controlLen = mem.getLong(OFF_MSG_CONTROLLEN);
        // CMSG_FIRSTHDR, CMSG_NXTHDR: each message starts CMSG_ALIGNed after the previous one.
        for (long off = 0; off + SIZEOF_CMSGHDR <= controlLen; ) {
            long c = CONTROL + off;
            long clen = mem.getLong(c + OFF_CMSG_LEN);
            if (clen < cmsgLen(0) || off + clen > controlLen) {
                break;
            }
            if (mem.getInt(c + OFF_CMSG_LEVEL) == SOL_SOCKET
                    && mem.getInt(c + OFF_CMSG_TYPE) == SCM_RIGHTS) {
                int count = (int) ((clen - cmsgLen(0)) / 4);
                int[] more = java.util.Arrays.copyOf(fds, fds.length + count);
                for (int i = 0; i < count; i++) {
                    more[fds.length + i] = mem.getInt(c + cmsgLen(0) + 4L * i);
                }
                fds = more;
            } else if (mem.getInt(c + OFF_CMSG_LEVEL) == SOL_SOCKET
                    && mem.getInt(c + OFF_CMSG_TYPE) == SCM_CREDENTIALS
                    && clen >= cmsgLen(SIZEOF_UCRED)) {
                senderPid = mem.getInt(c + cmsgLen(0) + OFF_UCRED_PID);
            }
            off += cmsgAlign((int) clen);
        }
        return n;
    }

    /** The fds of the last {@link #receive}. */
    public int[] fds() {
        return fds;
    }

    /**
     * The sender's pid of the last {@link #receive} (in this process's pid namespace), or 0 when
     * none came.
     */
    public int senderPid() {
        return senderPid;
    }

    /**
     * The {@code msg_flags} of the last {@link #receive}: {@code MSG_TRUNC}, {@code MSG_CTRUNC}.
     */
    public int flags() {
        return flags;
    }

    private void prepare(long data, int len) {
        mem.setMemory(0, CONTROL + CONTROL_SPACE, (byte) 0);
        mem.putLong(IOV + OFF_IOV_BASE, data);
        mem.putLong(IOV + OFF_IOV_LEN, len);
        mem.putLong(OFF_MSG_IOV, base + IOV);
        mem.putLong(OFF_MSG_IOVLEN, 1);
    }
}
