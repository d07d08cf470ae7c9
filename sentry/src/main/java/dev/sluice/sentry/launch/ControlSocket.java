package dev.sluice.sentry.launch;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETSOCKOPT;

import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ControlMessage;
import dev.sluice.sentry.ipc.SocketAbi;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The sentry's end of the {@code AF_UNIX/SOCK_SEQPACKET} control socket to {@code sluice-init}: the
 * launch plan, one record, then {@link ControlMessage}s, one frame per record
 * (docs/launch-plan.md). Used only during startup, by one thread. The sentry's end has {@code
 * SO_PASSCRED}, so the kernel tells it which process sent each message, as a pid of the sentry's
 * pid namespace (socket(7), SCM_CREDENTIALS): the host pid of a workload that only knows its pid
 * inside the sandbox.
 */
final class ControlSocket implements AutoCloseable {

    private final Channel channel;

    private ControlSocket(HostFd fd) {
        this.channel = Channel.socket(fd, "sluice-init", ControlMessage.MAX_FRAME);
    }

    /**
     * A connected pair: [0] stays in the sentry, [1] is the child's end (close it after spawning).
     */
    static HostFd[] pair() {
        Pointer sv = Memory.allocateDirect(Native.RUNTIME, 8, true);
        Native.check(
                Native.ret(
                        Native.LIBC.socketpair(
                                SocketAbi.AF_UNIX,
                                SocketAbi.SOCK_SEQPACKET | Native.O_CLOEXEC,
                                0,
                                sv.address())),
                "socketpair(AF_UNIX, SOCK_SEQPACKET)");
        HostFd[] pair = {HostFd.adopt(sv.getInt(0)), HostFd.adopt(sv.getInt(4))};
        Pointer one = Memory.allocateDirect(Native.RUNTIME, 4, true);
        one.putInt(0, 1);
        long r =
                Native.ret(
                        Native.LIBC.syscall(
                                SYS_SETSOCKOPT,
                                pair[0].fd(),
                                SocketAbi.SOL_SOCKET,
                                SocketAbi.SO_PASSCRED,
                                one.address(),
                                4,
                                0));
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

    /** Sends the launch plan, as it is: one record. */
    void sendPlan(byte[] plan) {
        channel.sendRecord(plan);
    }

    void send(ControlMessage.ToInit message) {
        channel.send(message);
    }

    /**
     * Sends {@code HOLD} with this socket's own fd attached ({@code SCM_RIGHTS}): the peer gets a
     * copy of the sentry's end, which keeps the pair open after the sentry closes its own.
     */
    void sendOwnEnd() {
        channel.send(new ControlMessage.Hold(channel.fd()));
    }

    /**
     * The next message, or null at end of file (every copy of the child's end is closed); a
     * malformed one is a {@link dev.sluice.sentry.ipc.ProtocolException}.
     */
    ControlMessage.FromInit receive() {
        return channel.receive(ControlMessage.FROM_INIT);
    }

    @Override
    public void close() {
        channel.close();
    }
}
