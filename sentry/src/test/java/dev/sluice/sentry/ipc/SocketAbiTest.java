package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.sentry.nativeio.AbiDump;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@link SocketAbi} against the C compiler's own view of the headers ({@code sluice-abi-dump}):
 * every socket line of the dump has a row here (SeccompAbiTest, which accounts for every line of
 * the dump, asks {@link #compares}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public class SocketAbiTest {
    private static final Map<String, Long> ROWS = rows();

    private static Map<String, Long> rows() {
        Map<String, Long> r = new LinkedHashMap<>();
        r.put("sizeof.msghdr", (long) SocketAbi.SIZEOF_MSGHDR);
        r.put("offsetof.msghdr.msg_name", (long) SocketAbi.OFF_MSG_NAME);
        r.put("offsetof.msghdr.msg_namelen", (long) SocketAbi.OFF_MSG_NAMELEN);
        r.put("offsetof.msghdr.msg_iov", (long) SocketAbi.OFF_MSG_IOV);
        r.put("offsetof.msghdr.msg_iovlen", (long) SocketAbi.OFF_MSG_IOVLEN);
        r.put("offsetof.msghdr.msg_control", (long) SocketAbi.OFF_MSG_CONTROL);
        r.put("offsetof.msghdr.msg_controllen", (long) SocketAbi.OFF_MSG_CONTROLLEN);
        r.put("offsetof.msghdr.msg_flags", (long) SocketAbi.OFF_MSG_FLAGS);
        r.put("sizeof.iovec", (long) SocketAbi.SIZEOF_IOVEC);
        r.put("offsetof.iovec.iov_base", (long) SocketAbi.OFF_IOV_BASE);
        r.put("offsetof.iovec.iov_len", (long) SocketAbi.OFF_IOV_LEN);
        r.put("sizeof.cmsghdr", (long) SocketAbi.SIZEOF_CMSGHDR);
        r.put("offsetof.cmsghdr.cmsg_len", (long) SocketAbi.OFF_CMSG_LEN);
        r.put("offsetof.cmsghdr.cmsg_level", (long) SocketAbi.OFF_CMSG_LEVEL);
        r.put("offsetof.cmsghdr.cmsg_type", (long) SocketAbi.OFF_CMSG_TYPE);
        r.put("sizeof.ucred", (long) SocketAbi.SIZEOF_UCRED);
        r.put("offsetof.ucred.pid", (long) SocketAbi.OFF_UCRED_PID);
        r.put("offsetof.ucred.uid", (long) SocketAbi.OFF_UCRED_UID);
        r.put("offsetof.ucred.gid", (long) SocketAbi.OFF_UCRED_GID);
        // CMSG_LEN and CMSG_SPACE of every length up to SocketMessages.MAX_FDS fds.
        for (int n = 0; n <= 4 * SocketMessages.MAX_FDS; n++) {
            r.put("CMSG_LEN." + n, (long) SocketAbi.cmsgLen(n));
            r.put("CMSG_SPACE." + n, (long) SocketAbi.cmsgSpace(n));
        }
        r.put("AF_UNIX", (long) SocketAbi.AF_UNIX);
        r.put("SOCK_STREAM", (long) SocketAbi.SOCK_STREAM);
        r.put("SOCK_SEQPACKET", (long) SocketAbi.SOCK_SEQPACKET);
        r.put("SOL_SOCKET", (long) SocketAbi.SOL_SOCKET);
        r.put("SCM_RIGHTS", (long) SocketAbi.SCM_RIGHTS);
        r.put("SCM_CREDENTIALS", (long) SocketAbi.SCM_CREDENTIALS);
        r.put("SO_PASSCRED", (long) SocketAbi.SO_PASSCRED);
        r.put("SO_PEERCRED", (long) SocketAbi.SO_PEERCRED);
        r.put("MSG_CTRUNC", (long) SocketAbi.MSG_CTRUNC);
        r.put("MSG_TRUNC", (long) SocketAbi.MSG_TRUNC);
        r.put("MSG_NOSIGNAL", (long) SocketAbi.MSG_NOSIGNAL);
        r.put("MSG_CMSG_CLOEXEC", (long) SocketAbi.MSG_CMSG_CLOEXEC);
        return Collections.unmodifiableMap(r);
    }

    /** Whether this test compares the dump line {@code name}. */
    public static boolean compares(String name) {
        return ROWS.containsKey(name);
    }

    @Test
    void layoutsCmsgArithmeticAndFlagsAreTheHeadersOwn() {
        ROWS.forEach(
                (name, javaValue) ->
                        assertEquals(
                                AbiDump.value(name),
                                javaValue,
                                name + " as SocketAbi declares it"));
    }
}
