package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.abi.RdmaCmAbi.CmdHdr;
import dev.sluice.rdmaproxy.abi.RdmaCmAbi.CreateIdResp;
import dev.sluice.rdmaproxy.abi.RdmaCmAbi.DestroyId;
import dev.sluice.rdmaproxy.abi.RdmaCmAbi.DestroyIdResp;
import dev.sluice.rdmaproxy.abi.RdmaCmAbi.EventResp;
import dev.sluice.rdmaproxy.abi.RdmaCmKernel;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Direction;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestFd;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestPointer;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Refuse;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.WriteCall;

import jnr.ffi.Pointer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntSupplier;

/**
 * Executes one rdma_cm command that the file's policy allowed ({@link Execute}), as the kernel
 * would have run the guest's {@code write()}, but on the sentry's copy (docs/rdma-drivers.md,
 * "rdma_cm"):
 *
 * <ul>
 *   <li>every user pointer the kernel follows points at a sentry buffer: an {@code IN} one holds
 *       the guest's bytes, copied once (and vetted by the policy where it asks, {@link
 *       RdmaCmDecision.GuestPointer#vet()}); an {@code OUT} one is first filled from the guest's
 *       buffer (so unwritable guest memory fails with EFAULT before anything runs, and bytes the
 *       kernel leaves keep the guest's values) and copied back to the guest after a successful
 *       write;
 *   <li>a guest fd number the kernel looks up in the writer's table (MIGRATE_ID's {@code fd})
 *       becomes the sentry's dup of that guest file;
 *   <li>the bytes are written to the sentry's dup of the guest's rdma_cm file (never the guest's
 *       number, which the guest may have swapped since) by the executor of the caller's network
 *       namespace ({@link RdmaCmThreads}), whose credentials are the file's opener's;
 *   <li>a command that may block (GET_EVENT on a file without {@code O_NONBLOCK}) waits here, not
 *       in the kernel: {@code poll} in slices of {@value #WAIT_SLICE_MILLIS} ms while the guest
 *       still waits for its answer, and GET_EVENT only once the file is readable, under the file's
 *       event lock ({@link RdmaCmFiles.File#events()}), which DESTROY_ID, LEAVE_MCAST and
 *       MIGRATE_ID also hold, so the event {@code poll} saw is still there. A guest thread
 *       interrupted by a signal or gone ends the wait; its answer finds nobody.
 * </ul>
 *
 * The answer is the kernel's: the bytes written, or its errno. Once the kernel succeeded, the
 * policy records the effect ({@link dev.sluice.rdmaproxy.rdmacm.RdmaCmPolicy#executed}); if the
 * copy to the guest then fails, the guest gets EFAULT and what it never learnt is undone as the
 * kernel's own error paths do: a new id destroyed, a multicast group left, a connect request's id
 * destroyed (the event itself is consumed).
 */
final class RdmaCmExecution {
    private static final Logger LOG = LoggerFactory.getLogger(RdmaCmExecution.class);
    private static final ByteOrder HOST = ByteOrder.nativeOrder();

    /** How long one {@code poll} of a waiting GET_EVENT lasts before the guest is asked again. */
    static final int WAIT_SLICE_MILLIS = 100;

    /** {@link #run}'s wait ended because the guest stopped waiting. */
    private static final int ABANDONED = Integer.MIN_VALUE;

    private final RdmaCmHost host;
    private final RdmaCmThreads threads;

    RdmaCmExecution(RdmaCmHost host, RdmaCmThreads threads) {
        this.host = host;
        this.threads = threads;
    }

    /**
     * Executes {@code e}, decided by {@code file}'s policy.
     *
     * @param fds the sentry's fd for each of {@link Execute#fds()}, in order
     * @param lock the event lock to hold around the write, or null
     * @param netnsFd the caller's network namespace (an fd of the sentry's table)
     * @param length the bytes of the guest's write: the answer on success
     */
    IoctlResult run(
            WriteCall call,
            RdmaCmFiles.File file,
            Execute e,
            int[] fds,
            ReentrantLock lock,
            int netnsFd,
            long length) {
        String name = e.command().name();
        byte[] bytes = e.bytes();
        ByteBuffer cmd = ByteBuffer.wrap(bytes).order(HOST);
        List<Pointer> buffers = new ArrayList<>();
        for (GuestPointer p : e.pointers()) {
            Pointer b = call.arena().alloc(Math.max(1, p.length()));
            int r = p.length() == 0 ? 0 : call.memory().read(p.address(), b, p.length());
            if (r < 0) {
                return IoctlResult.deny(
                        -r,
                        "rdma_cm: "
                                + name
                                + ": "
                                + p.field()
                                + " points at unreadable guest memory (0x"
                                + Long.toHexString(p.address())
                                + ", "
                                + p.length()
                                + " bytes)");
            }
            if (p.vet()) {
                byte[] input = new byte[p.length()];
                b.get(0, input, 0, input.length);
                RdmaCmDecision v = file.policy().vetInput(e, input);
                if (v instanceof Refuse refuse) {
                    return IoctlResult.deny(refuse.errno(), refuse.reason());
                }
            }
            buffers.add(b);
            cmd.putLong(p.offset(), b.address());
        }
        List<GuestFd> guestFds = e.fds();
        for (int i = 0; i < guestFds.size(); i++) {
            cmd.putInt(guestFds.get(i).offset(), fds[i]);
        }
        Pointer written = call.arena().alloc(bytes.length);
        written.put(0, bytes, 0, bytes.length);
        int fd = call.hostFd().fd();
        IntSupplier write = () -> (int) host.write(fd, written.address(), bytes.length);
        int rc =
                e.mayBlock()
                        ? waitAndRun(call, fd, lock, netnsFd, write)
                        : locked(lock, netnsFd, write);
        if (rc == ABANDONED) {
            return IoctlResult.error(Errno.EINTR); // nobody takes it: the guest stopped waiting
        }
        if (rc < 0) {
            if (rc == -Errno.EACCES) {
                LOG.error(
                        "rdmaproxy: rdma_cm: the kernel refused the executor's {} (EACCES): the file's"
                                + " opener's credentials are not the executor's",
                        name);
            }
            return IoctlResult.error(-rc);
        }
        GuestPointer resp = e.response();
        byte[] response = new byte[0];
        if (resp != null) {
            response = new byte[resp.length()];
            buffers.get(e.pointers().indexOf(resp)).get(0, response, 0, response.length);
        }
        file.policy().executed(e, response);
        for (int i = 0; i < e.pointers().size(); i++) {
            GuestPointer p = e.pointers().get(i);
            if (p.direction() != Direction.OUT || p.length() == 0) {
                continue;
            }
            int r = call.memory().write(p.address(), buffers.get(i), p.length());
            if (r < 0) {
                undo(call, file, e, response, netnsFd);
                return IoctlResult.error(-r);
            }
        }
        return IoctlResult.value(length);
    }

    /** Runs {@code write} on the caller's executor, holding {@code lock} if there is one. */
    private int locked(ReentrantLock lock, int netnsFd, IntSupplier write) {
        if (lock == null) {
            return threads.inNamespace(netnsFd, write);
        }
        lock.lock();
        try {
            return threads.inNamespace(netnsFd, write);
        } finally {
            lock.unlock();
        }
    }

    /**
     * A command that may block (GET_EVENT): at once on an {@code O_NONBLOCK} file (the kernel
     * answers EAGAIN without an event); otherwise once the file is readable, checked again under
     * {@code lock} right before the write, for as long as the guest waits.
     */
    private int waitAndRun(
            WriteCall call, int fd, ReentrantLock lock, int netnsFd, IntSupplier write) {
        int flags = host.statusFlags(fd);
        if (flags < 0) {
            return flags;
        }
        if ((flags & Native.O_NONBLOCK) != 0) {
            return locked(lock, netnsFd, write);
        }
        while (true) {
            if (!call.stillWaiting()) {
                return ABANDONED;
            }
            int r = host.poll(fd, WAIT_SLICE_MILLIS);
            if (r < 0 && r != -Errno.EINTR) {
                return r;
            }
            if (r > 0) {
                lock.lock();
                try {
                    if (host.poll(fd, 0) > 0) {
                        return threads.inNamespace(netnsFd, write);
                    }
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    /**
     * Undoes what the kernel made for a command whose answer could not reach the guest: the guest
     * never learns the new id or multicast id, so it could never free them.
     */
    private void undo(
            WriteCall call, RdmaCmFiles.File file, Execute e, byte[] response, int netnsFd) {
        int cmd;
        int off;
        switch (e.effect()) {
            case CREATED_ID -> {
                cmd = RdmaCmAbi.RDMA_USER_CM_CMD_DESTROY_ID;
                off = CreateIdResp.OFF_ID;
            }
            case JOINED_MULTICAST -> {
                cmd = RdmaCmAbi.RDMA_USER_CM_CMD_LEAVE_MCAST;
                off = CreateIdResp.OFF_ID;
            }
            case EVENT -> {
                int event = ByteBuffer.wrap(response).order(HOST).getInt(EventResp.OFF_EVENT);
                if (event != RdmaCmKernel.RDMA_CM_EVENT_CONNECT_REQUEST) {
                    return;
                }
                cmd = RdmaCmAbi.RDMA_USER_CM_CMD_DESTROY_ID;
                off = EventResp.OFF_ID;
            }
            default -> {
                return;
            }
        }
        int id = ByteBuffer.wrap(response).order(HOST).getInt(off);
        Pointer sink = call.arena().alloc(DestroyIdResp.SIZE);
        ByteBuffer b = ByteBuffer.allocate(CmdHdr.SIZE + DestroyId.SIZE).order(HOST);
        b.putInt(CmdHdr.OFF_CMD, cmd);
        b.putShort(CmdHdr.OFF_IN, (short) DestroyId.SIZE);
        b.putShort(CmdHdr.OFF_OUT, (short) DestroyIdResp.SIZE);
        b.putLong(CmdHdr.SIZE + DestroyId.OFF_RESPONSE, sink.address());
        b.putInt(CmdHdr.SIZE + DestroyId.OFF_ID, id);
        byte[] bytes = b.array();
        // The policy forgets the id as it decides, as for the guest's own DESTROY_ID.
        if (!(file.policy().decide(bytes) instanceof Execute)) {
            return;
        }
        Pointer undo = call.arena().alloc(bytes.length);
        undo.put(0, bytes, 0, bytes.length);
        int fd = call.hostFd().fd();
        int r =
                locked(
                        file.events(),
                        netnsFd,
                        () -> (int) host.write(fd, undo.address(), bytes.length));
        LOG.info(
                "rdmaproxy: rdma_cm: {}'s answer could not be copied to the guest; {} of id {}: {}",
                e.command().name(),
                RdmaCmAbi.CMD_NAMES.getOrDefault(cmd, "" + cmd),
                id,
                r < 0 ? Errno.describe(-r) : "done");
    }
}
