package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmCommand;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestPointer;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Refuse;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmParsed;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmPolicy;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmSandbox;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.GuestIovec;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;

import jnr.ffi.Pointer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * RDMAProxy's mediation of {@code /dev/infiniband/rdma_cm}: every command written to a granted
 * rdma_cm file (one per {@code write()} segment, as {@code ucma_write} takes them) is copied into
 * the sentry once and decided by the file's {@link RdmaCmPolicy} (docs/rdma-drivers.md, "rdma_cm").
 * A refused command fails with the policy's errno and one line. An allowed one is, by mode:
 *
 * <ul>
 *   <li><b>executed</b> (execute mode, {@code sluice run}): the sentry opens every rdma_cm file for
 *       the guest itself ({@link #open}, on {@link RdmaCmThreads#asOpener}), so the kernel refuses
 *       the guest's own writes on it ({@code ib_safe_file_access}: EACCES); each command is decided
 *       by the policy of its file ({@link RdmaCmFiles}) in its execute mode and run by the sentry
 *       on its copy ({@link RdmaCmExecution}), in the caller's network namespace. What the kernel
 *       runs is what was decided: a guest racing a rewrite of its buffer, or {@code dup2}ing the
 *       rdma_cm fd onto a number the sentry saw as another file, changes nothing;
 *   <li><b>continued</b> (kernel-run mode, where the guest opens its rdma_cm files itself: the OCI
 *       path): the kernel runs it in the guest's context, in the guest's network namespace, with
 *       the guest's capabilities, writing its response to the guest's own buffers. Where the policy
 *       changes the bytes (a LISTEN backlog beyond the default), the sentry writes its version into
 *       the guest's buffer first; the bytes behind a pointer the policy vets (IB path records) are
 *       read from guest memory and vetted. The checks are advisory against a guest that races the
 *       sentry (the kernel reads the command again), as for the uverbs CONTINUE rows.
 * </ul>
 *
 * The sandbox's addresses and GIDs are read once, at the first command (or open), from the granted
 * devices' GID tables: a RoCE GID stands for its netdev's address (IPv4-mapped ones as IPv4).
 */
final class RdmaCmMediator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RdmaCmMediator.class);

    /** The largest command {@code ucma_write} takes, header included, with room to spare. */
    static final int MAX_WRITE = 4096;

    private final CharDevice device;
    private final Supplier<RdmaCmSandbox> sandbox;
    private RdmaCmPolicy policy;

    /** Execute mode only, else null: the node's path and what executes on it. */
    private final Path node;

    private final RdmaCmHost host;
    private final RdmaCmThreads threads;
    private final RdmaCmFiles files;
    private final RdmaCmExecution execution;

    /**
     * Kernel-run mode.
     *
     * @param device the char device of the granted rdma_cm node
     * @param sandbox the sandbox's addresses and GIDs, asked for once, at the first command
     */
    RdmaCmMediator(CharDevice device, Supplier<RdmaCmSandbox> sandbox) {
        this(device, sandbox, null, null, null);
    }

    /**
     * Execute mode.
     *
     * @param node the rdma_cm node's path, which the sentry opens for the guest
     * @param host the syscalls
     * @param threads where the sentry opens and executes, with one set of credentials
     */
    RdmaCmMediator(
            CharDevice device,
            Supplier<RdmaCmSandbox> sandbox,
            Path node,
            RdmaCmHost host,
            RdmaCmThreads threads) {
        this.device = device;
        Supplier<RdmaCmSandbox> once = memoized(sandbox);
        this.sandbox = once;
        this.node = node;
        this.host = host;
        this.threads = threads;
        if (node != null) {
            // The executor holds CAP_NET_BIND_SERVICE whatever the guest holds: the policy keeps
            // source ports below 1024 (cma_use_port asks the writer).
            this.files = new RdmaCmFiles(() -> once.get().withoutPrivilegedPorts());
            this.execution = new RdmaCmExecution(host, threads);
        } else {
            this.files = null;
            this.execution = null;
        }
    }

    private static Supplier<RdmaCmSandbox> memoized(Supplier<RdmaCmSandbox> s) {
        RdmaCmSandbox[] held = new RdmaCmSandbox[1];
        return () -> {
            synchronized (held) {
                if (held[0] == null) {
                    held[0] = s.get();
                }
                return held[0];
            }
        };
    }

    CharDevice device() {
        return device;
    }

    /** Whether the sentry executes the commands (execute mode). */
    boolean executes() {
        return node != null;
    }

    /** Execute mode: the node the sentry opens for the guest; null otherwise. */
    Path node() {
        return node;
    }

    private synchronized RdmaCmPolicy policy() {
        if (policy == null) {
            policy = RdmaCmPolicy.kernelRun(sandbox.get());
        }
        return policy;
    }

    /**
     * Execute mode: opens the rdma_cm node for the guest on the thread whose credentials the
     * executors share ({@link RdmaCmThreads#asOpener}), and checks at once that the kernel takes
     * writes from them: a write of no bytes passes {@code ib_safe_file_access} and fails EINVAL
     * (shorter than the header) only for the opener's credentials; EACCES fails the open. The new
     * file starts a policy with no ids. Empty for another node, or in kernel-run mode.
     */
    OptionalInt open(Path path, int flags) {
        if (node == null || !node.equals(path)) {
            return OptionalInt.empty();
        }
        int fd =
                threads.asOpener(
                        () -> {
                            int f = host.open(path, flags);
                            if (f < 0) {
                                return f;
                            }
                            long probe = host.write(f, 0, 0);
                            if (probe != -Errno.EINVAL) {
                                host.close(f);
                                LOG.error(
                                        "rdmaproxy: rdma_cm: a write of no bytes on the file just"
                                                + " opened gave {} where the kernel answers EINVAL to"
                                                + " its opener: the executors could not write it",
                                        probe < 0 ? Errno.name((int) -probe) : probe);
                                return probe < 0 ? (int) probe : -Errno.EIO;
                            }
                            return f;
                        });
        if (fd >= 0) {
            long mount = host.mountId(fd);
            if (mount < 0) {
                host.close(fd);
                return OptionalInt.of((int) mount);
            }
            files.opened(mount);
        }
        return OptionalInt.of(fd);
    }

    /** Decides one write-family call on a granted rdma_cm file. */
    Verdict write(WriteCall call) {
        String name = call.request().syscallName();
        GuestIovec.Segments segments = GuestIovec.read(call.request(), call.memory(), call.arena());
        if (segments.errno() != 0) {
            return deny(segments.errno(), "cannot read the iovec array of " + call.request(), name);
        }
        return node != null ? execute(call, segments, name) : continued(call, segments, name);
    }

    /**
     * Execute mode: each segment decided by its file's policy and executed, in order; a refused or
     * failing segment after others ran answers the bytes written so far, as {@code vfs_writev}.
     */
    private Verdict execute(WriteCall call, GuestIovec.Segments segments, String name) {
        int fd = call.hostFd().fd();
        long mount = host.mountId(fd);
        if (mount < 0) {
            return deny((int) -mount, "cannot tell which rdma_cm file fd " + fd + " is", name);
        }
        RdmaCmFiles.File file = files.of(mount);
        long ns = call.callerNetns();
        if (ns < 0) {
            return deny((int) -ns, "cannot open the caller's network namespace", name);
        }
        try (HostFd netns = HostFd.adopt((int) ns)) {
            long done = 0;
            Verdict last = new Verdict(IoctlResult.value(0), name);
            for (GuestIovec.Segment seg : segments.list()) {
                Written w = written(call, seg, name);
                Verdict v =
                        w.refusal() != null
                                ? w.refusal()
                                : executeOne(call, file, w.bytes(), netns.fd(), seg.len());
                if (!(v.result() instanceof IoctlResult.Value)) {
                    return done == 0 ? v : v.answered(IoctlResult.value(done));
                }
                done += seg.len();
                last = v;
            }
            return last.answered(IoctlResult.value(done));
        }
    }

    /** The sentry's one copy of a segment, or why it cannot be a command. */
    private record Written(byte[] bytes, Verdict refusal) {}

    private static Written written(WriteCall call, GuestIovec.Segment seg, String name) {
        if (seg.len() > MAX_WRITE) {
            return new Written(
                    null,
                    deny(
                            Errno.EINVAL,
                            "a write of " + seg.len() + " bytes is longer than any command",
                            name));
        }
        byte[] bytes = read(call, seg.addr(), (int) seg.len());
        if (bytes == null) {
            return new Written(
                    null,
                    deny(
                            Errno.EFAULT,
                            "cannot read the "
                                    + seg.len()
                                    + " bytes written at 0x"
                                    + Long.toHexString(seg.addr()),
                            name));
        }
        return new Written(bytes, null);
    }

    /** Decides one command written to {@code file} and executes it. */
    private Verdict executeOne(
            WriteCall call, RdmaCmFiles.File file, byte[] bytes, int netnsFd, long length) {
        RdmaCmParsed p = RdmaCmCommand.parse(bytes);
        if (p instanceof Refuse r) {
            return deny(r.errno(), r.reason(), call.request().syscallName());
        }
        RdmaCmCommand c = (RdmaCmCommand) p;
        String name = "write " + c.name();
        HostFd source = null;
        try {
            RdmaCmDecision d;
            int[] fds = new int[0];
            ReentrantLock lock = null;
            if (c.cmd() == RdmaCmAbi.RDMA_USER_CM_CMD_MIGRATE_ID) {
                // ucma looks the fd up in the writer's table: the sentry's dup of the guest's file.
                RdmaCmFiles.File from = null;
                long dup = call.guestFile((int) c.u32(RdmaCmAbi.MigrateId.OFF_FD));
                if (dup >= 0) {
                    source = HostFd.adopt((int) dup);
                    long m =
                            device.equals(host.charDevice(source.fd()))
                                    ? host.mountId(source.fd())
                                    : -1;
                    from = m < 0 ? null : files.of(m);
                }
                d = file.policy().decideMigrate(c, from == null ? null : from.policy());
                if (d instanceof Execute) {
                    fds = new int[] {source.fd()};
                    lock = from.events(); // the id's events leave that file
                }
            } else {
                d = file.policy().decide(c);
                if (TAKES_EVENTS.contains(c.cmd())) {
                    lock = file.events();
                }
            }
            if (d instanceof Refuse r) {
                return deny(r.errno(), r.reason(), name);
            }
            Execute e = (Execute) d;
            if (!e.detail().isEmpty()) {
                LOG.debug("rdmaproxy: rdma_cm: {}: {}", c.name(), e.detail());
            }
            return new Verdict(execution.run(call, file, e, fds, lock, netnsFd, length), name);
        } finally {
            if (source != null) {
                source.close();
            }
        }
    }

    /** The commands after which an event the file held may be gone: they hold its event lock. */
    private static final Set<Integer> TAKES_EVENTS =
            Set.of(
                    RdmaCmAbi.RDMA_USER_CM_CMD_GET_EVENT,
                    RdmaCmAbi.RDMA_USER_CM_CMD_DESTROY_ID,
                    RdmaCmAbi.RDMA_USER_CM_CMD_LEAVE_MCAST);

    /** Kernel-run mode: each segment decided on the sentry's copy, then continued. */
    private Verdict continued(WriteCall call, GuestIovec.Segments segments, String name) {
        Verdict last = new Verdict(IoctlResult.CONTINUE, name);
        for (GuestIovec.Segment seg : segments.list()) {
            Written w = written(call, seg, name);
            if (w.refusal() != null) {
                return w.refusal();
            }
            byte[] bytes = w.bytes();
            RdmaCmDecision d = policy().decide(bytes);
            if (d instanceof Execute e) {
                d = vet(call, e);
            }
            if (d instanceof Refuse r) {
                return deny(r.errno(), r.reason(), name);
            }
            Execute e = (Execute) d;
            byte[] decided = e.bytes();
            if (!Arrays.equals(decided, bytes)) {
                // The kernel reads the command again: it must read the policy's version.
                Pointer p = call.arena().alloc(decided.length);
                p.put(0, decided, 0, decided.length);
                int rc = call.memory().write(seg.addr(), p, decided.length);
                if (rc < 0) {
                    return deny(-rc, "cannot write the decided command back", name);
                }
            }
            last = new Verdict(IoctlResult.CONTINUE, "write " + e.command().name());
        }
        return last;
    }

    /** The policy's verdict on the bytes behind the pointer it vets, read from guest memory. */
    private RdmaCmDecision vet(WriteCall call, Execute e) {
        GuestPointer p = e.vetted();
        if (p == null) {
            return e;
        }
        byte[] input = read(call, p.address(), p.length());
        if (input == null) {
            return new Refuse(
                    Errno.EFAULT,
                    "rdma_cm: "
                            + e.command().name()
                            + ": cannot read "
                            + p.length()
                            + " bytes of "
                            + p.field()
                            + " at 0x"
                            + Long.toHexString(p.address()));
        }
        return policy().vetInput(e, input);
    }

    @Override
    public void close() {
        if (threads instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("rdmaproxy: rdma_cm: closing the executors: {}", e.toString());
            }
        }
    }

    private static byte[] read(WriteCall call, long addr, int len) {
        Pointer p = call.arena().alloc(len);
        if (call.memory().read(addr, p, len) < 0) {
            return null;
        }
        byte[] bytes = new byte[len];
        p.get(0, bytes, 0, len);
        return bytes;
    }

    private static Verdict deny(int errno, String reason, String name) {
        return new Verdict(
                IoctlResult.deny(
                        errno, reason.startsWith("rdma_cm") ? reason : "rdma_cm: " + reason),
                name);
    }
}
