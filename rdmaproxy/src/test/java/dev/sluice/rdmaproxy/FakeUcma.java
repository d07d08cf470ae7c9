package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.abi.RdmaCmAbi.CmdHdr;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CharDevice;

import jnr.ffi.Pointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * Test support: a scripted ucma (drivers/infiniband/core/ucma.c) behind {@link RdmaCmHost}, and
 * {@link RdmaCmThreads} that run in place. It reads each command the sentry writes from sentry
 * memory (same process), records it ({@link #seen}), and answers as ucma does for the commands the
 * tests use: ids lowest first over all files, scoped to their file (a foreign id is EINVAL), a
 * response through the command's pointer, events queued per file, MIGRATE_ID's fd looked up in the
 * writer's table (here: the sentry fds {@link #file} registered). Every sentry fd stands for a file
 * by its mount id ({@link #file}).
 */
final class FakeUcma implements RdmaCmHost, RdmaCmThreads {
    private static final ByteOrder HOST = ByteOrder.nativeOrder();
    static final CharDevice RDMA_CM = new CharDevice(10, 58);

    /** One command as the kernel received it: the fd written to and the bytes, header included. */
    record Seen(int fd, byte[] bytes, String netns) {
        int cmd() {
            return ByteBuffer.wrap(bytes).order(HOST).getInt(CmdHdr.OFF_CMD);
        }

        long u64(int structOff) {
            return ByteBuffer.wrap(bytes).order(HOST).getLong(CmdHdr.SIZE + structOff);
        }

        int u32(int structOff) {
            return ByteBuffer.wrap(bytes).order(HOST).getInt(CmdHdr.SIZE + structOff);
        }
    }

    final List<Seen> seen = new ArrayList<>();

    /** What the kernel read behind SET_OPTION's optval, by write. */
    final List<byte[]> optvals = new ArrayList<>();

    /** Run right before the kernel reads a command: a racing guest thread. */
    Runnable race = () -> {};

    /** The answer to a write of no bytes (the credential probe of an open). */
    long probe = -Errno.EINVAL;

    /** The file status flags of every file. */
    int statusFlags = Native.O_RDWR;

    /** How many polls with a timeout ran. */
    final AtomicInteger waits = new AtomicInteger();

    /** Events to queue on a file at its Nth waiting poll: mount id to events. */
    final Map<Long, Deque<byte[]>> pending = new HashMap<>();

    int pendingAfterWaits = Integer.MAX_VALUE;

    private final Map<Integer, Long> mounts = new HashMap<>();
    private final Map<Integer, CharDevice> devices = new HashMap<>();
    private final Map<Long, Long> idFile = new HashMap<>();
    private final Map<Long, Deque<byte[]>> events = new HashMap<>();
    private int nextMount = 100;
    private String netns;

    /** Registers {@code fd} (of the sentry's table) as a file on mount {@code mount}. */
    void file(int fd, long mount, CharDevice dev) {
        mounts.put(fd, mount);
        devices.put(fd, dev);
    }

    /** Queues an event on the file of mount {@code mount}. */
    void event(long mount, int event, long id) {
        events.computeIfAbsent(mount, x -> new ArrayDeque<>()).add(eventResp(event, id));
    }

    static byte[] eventResp(int event, long id) {
        ByteBuffer b = ByteBuffer.allocate(RdmaCmAbi.EventResp.SIZE).order(HOST);
        b.putInt(RdmaCmAbi.EventResp.OFF_ID, (int) id);
        b.putInt(RdmaCmAbi.EventResp.OFF_EVENT, event);
        return b.array();
    }

    /** Whether {@code id} exists and is the file of mount {@code mount}'s. */
    boolean owns(long mount, long id) {
        return idFile.containsKey(id) && idFile.get(id) == mount;
    }

    private long newId(long mount) {
        long id = 0;
        while (idFile.containsKey(id)) {
            id++;
        }
        idFile.put(id, mount);
        return id;
    }

    @Override
    public synchronized long write(int fd, long buf, long len) {
        if (len == 0) {
            return probe;
        }
        race.run();
        byte[] bytes = new byte[(int) len];
        Pointer.wrap(Native.RUNTIME, buf).get(0, bytes, 0, bytes.length);
        Seen s = new Seen(fd, bytes, netns);
        seen.add(s);
        Long mount = mounts.get(fd);
        if (mount == null) {
            return -Errno.EBADF;
        }
        switch (s.cmd()) {
            case RdmaCmAbi.RDMA_USER_CM_CMD_CREATE_ID -> {
                respond(s.u64(RdmaCmAbi.CreateId.OFF_RESPONSE), (int) newId(mount));
            }
            case RdmaCmAbi.RDMA_USER_CM_CMD_DESTROY_ID -> {
                long id = Integer.toUnsignedLong(s.u32(RdmaCmAbi.DestroyId.OFF_ID));
                if (!owns(mount, id)) {
                    return -Errno.EINVAL;
                }
                idFile.remove(id);
                respond(s.u64(RdmaCmAbi.DestroyId.OFF_RESPONSE), 0);
            }
            case RdmaCmAbi.RDMA_USER_CM_CMD_SET_OPTION -> {
                long optval = s.u64(RdmaCmAbi.SetOption.OFF_OPTVAL);
                int optlen = s.u32(RdmaCmAbi.SetOption.OFF_OPTLEN);
                byte[] v = new byte[optlen];
                Pointer.wrap(Native.RUNTIME, optval).get(0, v, 0, optlen);
                optvals.add(v);
            }
            case RdmaCmAbi.RDMA_USER_CM_CMD_GET_EVENT -> {
                Deque<byte[]> q = events.get(mount);
                if (q == null || q.isEmpty()) {
                    return -Errno.EAGAIN; // the tests' files never block in the kernel
                }
                byte[] e = q.poll();
                ByteBuffer b = ByteBuffer.wrap(e).order(HOST);
                if (b.getInt(RdmaCmAbi.EventResp.OFF_EVENT) == 4) { // a connect request: a new id
                    b.putInt(RdmaCmAbi.EventResp.OFF_ID, (int) newId(mount));
                }
                Pointer.wrap(Native.RUNTIME, s.u64(RdmaCmAbi.GetEvent.OFF_RESPONSE))
                        .put(0, e, 0, e.length);
            }
            case RdmaCmAbi.RDMA_USER_CM_CMD_MIGRATE_ID -> {
                Long from = mounts.get(s.u32(RdmaCmAbi.MigrateId.OFF_FD));
                long id = Integer.toUnsignedLong(s.u32(RdmaCmAbi.MigrateId.OFF_ID));
                if (from == null) {
                    return -Errno.ENOENT;
                }
                if (!owns(from, id)) {
                    return -Errno.EINVAL;
                }
                idFile.put(id, mount);
                respond(s.u64(RdmaCmAbi.MigrateId.OFF_RESPONSE), 0);
            }
            default -> {
                int idOff = RdmaCmAbi.command(s.cmd()).idOffset();
                if (idOff >= 0 && !owns(mount, Integer.toUnsignedLong(s.u32(idOff)))) {
                    return -Errno.EINVAL;
                }
            }
        }
        return len;
    }

    private static void respond(long at, int value) {
        Pointer.wrap(Native.RUNTIME, at).putInt(0, value);
    }

    @Override
    public synchronized int poll(int fd, int timeoutMillis) {
        Long mount = mounts.get(fd);
        if (timeoutMillis > 0 && waits.incrementAndGet() >= pendingAfterWaits) {
            Deque<byte[]> p = pending.remove(mount);
            if (p != null) {
                events.computeIfAbsent(mount, x -> new ArrayDeque<>()).addAll(p);
            }
        }
        Deque<byte[]> q = events.get(mount);
        return q != null && !q.isEmpty() ? 1 : 0;
    }

    @Override
    public int statusFlags(int fd) {
        return statusFlags;
    }

    @Override
    public long mountId(int fd) {
        Long m = mounts.get(fd);
        return m == null ? -Errno.EBADF : m;
    }

    @Override
    public String link(int fd) {
        return "net:[" + fd + "]";
    }

    @Override
    public String ownNetns() {
        return netns;
    }

    @Override
    public int joinNetns(int fd) {
        netns = link(fd);
        return 0;
    }

    /** Opens: the probe decides; a new mount for each file. */
    @Override
    public int open(Path node, int flags) {
        int fd = (int) Native.ret(Native.LIBC.eventfd(0, Native.O_CLOEXEC));
        file(fd, nextMount++, RDMA_CM);
        return fd;
    }

    @Override
    public CharDevice charDevice(int fd) {
        return devices.get(fd);
    }

    @Override
    public int close(int fd) {
        mounts.remove(fd);
        return Native.close(fd);
    }

    /** The threads: each command runs in place, in the namespace it was asked for. */
    @Override
    public int inNamespace(int netnsFd, IntSupplier op) {
        joinNetns(netnsFd);
        return op.getAsInt();
    }

    @Override
    public int asOpener(IntSupplier op) {
        netns = null;
        return op.getAsInt();
    }
}
