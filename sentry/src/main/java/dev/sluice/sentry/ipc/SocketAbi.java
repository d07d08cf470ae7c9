package dev.sluice.sentry.ipc;

/**
 * The kernel ABI that {@code sendmsg}/{@code recvmsg} over an {@code AF_UNIX} socket takes on
 * x86_64, declared once: the layouts of {@code struct msghdr}, {@code struct iovec}, {@code struct
 * cmsghdr} and {@code struct ucred} as glibc's {@code <sys/socket.h>} and {@code <sys/uio.h>}
 * declare them for user space, the {@code CMSG_*} arithmetic of {@code <bits/socket.h>}, and the
 * flags and levels of {@code include/linux/socket.h}. Every value is compared with the C compiler's
 * by SocketAbiTest ({@code sluice-abi-dump}).
 */
public final class SocketAbi {
    private SocketAbi() {}

    // include/linux/socket.h
    public static final int AF_UNIX = 1;
    public static final int SOL_SOCKET = 1;
    public static final int SCM_RIGHTS = 1;
    public static final int SCM_CREDENTIALS = 2;
    public static final int MSG_CTRUNC = 0x8;
    public static final int MSG_TRUNC = 0x20;
    public static final int MSG_NOSIGNAL = 0x4000;
    public static final int MSG_CMSG_CLOEXEC = 0x40000000;
    // include/linux/net.h (enum sock_type), include/uapi/asm-generic/socket.h
    public static final int SOCK_STREAM = 1;
    public static final int SOCK_SEQPACKET = 5;
    public static final int SO_PASSCRED = 16;
    public static final int SO_PEERCRED = 17;

    /** struct msghdr: name, namelen (padded), iov, iovlen, control, controllen, flags (padded). */
    public static final int SIZEOF_MSGHDR = 56;

    public static final int OFF_MSG_NAME = 0;
    public static final int OFF_MSG_NAMELEN = 8;
    public static final int OFF_MSG_IOV = 16;
    public static final int OFF_MSG_IOVLEN = 24;
    public static final int OFF_MSG_CONTROL = 32;
    public static final int OFF_MSG_CONTROLLEN = 40;
    public static final int OFF_MSG_FLAGS = 48;

    /** struct iovec: base, len. */
    public static final int SIZEOF_IOVEC = 16;

    public static final int OFF_IOV_BASE = 0;
    public static final int OFF_IOV_LEN = 8;

    /** struct cmsghdr: len (size_t), level, type; the data follows, aligned to size_t. */
    public static final int SIZEOF_CMSGHDR = 16;

    public static final int OFF_CMSG_LEN = 0;
    public static final int OFF_CMSG_LEVEL = 8;
    public static final int OFF_CMSG_TYPE = 12;

    /** struct ucred (SCM_CREDENTIALS, SO_PEERCRED): pid, uid, gid. */
    public static final int SIZEOF_UCRED = 12;

    public static final int OFF_UCRED_PID = 0;
    public static final int OFF_UCRED_UID = 4;
    public static final int OFF_UCRED_GID = 8;

    /** {@code CMSG_ALIGN}: to {@code sizeof(size_t)}. */
    public static int cmsgAlign(int len) {
        return (len + 7) & ~7;
    }

    /** {@code CMSG_LEN(len)}: a control message's header and {@code len} bytes of data. */
    public static int cmsgLen(int len) {
        return cmsgAlign(SIZEOF_CMSGHDR) + len;
    }

    /** {@code CMSG_SPACE(len)}: what one such message takes in the control buffer. */
    public static int cmsgSpace(int len) {
        return cmsgAlign(SIZEOF_CMSGHDR) + cmsgAlign(len);
    }
}
