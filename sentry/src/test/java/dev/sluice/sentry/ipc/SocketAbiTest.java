package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.sentry.nativeio.AbiDump;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link SocketAbi} against the C compiler's own view of the headers ({@code sluice-abi-dump}). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SocketAbiTest {

    private static void same(String name, long javaValue) {
        assertEquals(AbiDump.value(name), javaValue, name + " as SocketAbi declares it");
    }

    @Test
    void msghdrIovecCmsghdrAndUcredAreLaidOutAsTheHeadersSay() {
        same("sizeof.msghdr", SocketAbi.SIZEOF_MSGHDR);
        same("offsetof.msghdr.msg_name", SocketAbi.OFF_MSG_NAME);
        same("offsetof.msghdr.msg_namelen", SocketAbi.OFF_MSG_NAMELEN);
        same("offsetof.msghdr.msg_iov", SocketAbi.OFF_MSG_IOV);
        same("offsetof.msghdr.msg_iovlen", SocketAbi.OFF_MSG_IOVLEN);
        same("offsetof.msghdr.msg_control", SocketAbi.OFF_MSG_CONTROL);
        same("offsetof.msghdr.msg_controllen", SocketAbi.OFF_MSG_CONTROLLEN);
        same("offsetof.msghdr.msg_flags", SocketAbi.OFF_MSG_FLAGS);
        same("sizeof.iovec", SocketAbi.SIZEOF_IOVEC);
        same("offsetof.iovec.iov_base", SocketAbi.OFF_IOV_BASE);
        same("offsetof.iovec.iov_len", SocketAbi.OFF_IOV_LEN);
        same("sizeof.cmsghdr", SocketAbi.SIZEOF_CMSGHDR);
        same("offsetof.cmsghdr.cmsg_len", SocketAbi.OFF_CMSG_LEN);
        same("offsetof.cmsghdr.cmsg_level", SocketAbi.OFF_CMSG_LEVEL);
        same("offsetof.cmsghdr.cmsg_type", SocketAbi.OFF_CMSG_TYPE);
        same("sizeof.ucred", SocketAbi.SIZEOF_UCRED);
        same("offsetof.ucred.pid", SocketAbi.OFF_UCRED_PID);
        same("offsetof.ucred.uid", SocketAbi.OFF_UCRED_UID);
        same("offsetof.ucred.gid", SocketAbi.OFF_UCRED_GID);
    }

    @Test
    void cmsgArithmeticIsTheMacros() {
        for (int n = 0; n <= 4 * SocketMessages.MAX_FDS; n++) {
            same("CMSG_LEN." + n, SocketAbi.cmsgLen(n));
            same("CMSG_SPACE." + n, SocketAbi.cmsgSpace(n));
        }
    }

    @Test
    void flagsLevelsAndTypesAreTheHeadersValues() {
        same("AF_UNIX", SocketAbi.AF_UNIX);
        same("SOCK_STREAM", SocketAbi.SOCK_STREAM);
        same("SOCK_SEQPACKET", SocketAbi.SOCK_SEQPACKET);
        same("SOL_SOCKET", SocketAbi.SOL_SOCKET);
        same("SCM_RIGHTS", SocketAbi.SCM_RIGHTS);
        same("SCM_CREDENTIALS", SocketAbi.SCM_CREDENTIALS);
        same("SO_PASSCRED", SocketAbi.SO_PASSCRED);
        same("SO_PEERCRED", SocketAbi.SO_PEERCRED);
        same("MSG_CTRUNC", SocketAbi.MSG_CTRUNC);
        same("MSG_TRUNC", SocketAbi.MSG_TRUNC);
        same("MSG_NOSIGNAL", SocketAbi.MSG_NOSIGNAL);
        same("MSG_CMSG_CLOEXEC", SocketAbi.MSG_CMSG_CLOEXEC);
    }
}
