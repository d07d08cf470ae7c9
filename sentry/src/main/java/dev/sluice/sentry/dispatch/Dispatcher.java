package dev.sluice.sentry.dispatch;

import dev.sluice.sentry.guest.CallerIdentity;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.guest.GuestFds;
import dev.sluice.sentry.guest.PidfdCache;
import dev.sluice.sentry.guest.WorkerCredentials;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.DeviceOpener;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.SeccompAbi;
import dev.sluice.sentry.nativeio.StatLayout;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.notify.NotificationLoop;
import dev.sluice.sentry.observe.CallKey;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.observe.RateLimitedLog;
import dev.sluice.sentry.observe.TraceWriter;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.OpenRequest;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteRequest;

import jnr.ffi.Pointer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides one trapped syscall: RECV → decode → classify → proxy → SEND.
 *
 * <ol>
 *   <li>The notification's registers are decoded once ({@link IoctlRequest}, or {@link
 *       WriteRequest} for the write family; held by the call's {@link TrappedCall}); nothing reads
 *       them again.
 *   <li>Only {@code ioctl} on x86_64 is trapped, and the write family where a proxy mediates writes
 *       ({@link DeviceProxy#mediatesWrites}), and the open family where a proxy opens its devices
 *       itself ({@link DeviceProxy#opensDevices}); anything else reaching here is refused with
 *       ENOSYS. A write-family call on an fd that no write-mediating proxy owns is continued; an
 *       open of any path but a served node's is continued ({@link #decideOpen}).
 *   <li>The worker must act as the sandbox's guest ({@link WorkerCredentials}); one that could not
 *       take the guest's credentials refuses every call with EIO (fail closed).
 *   <li>The caller is pinned ({@link CallerIdentity}: one pidfd per call, the thread's kept one
 *       ({@link PidfdCache}) or one opened and checked with {@code NOTIF_ID_VALID}, and the same
 *       check after every dup before anything acts on the dup), and the guest's fd is dup'ed into
 *       the sentry through it ({@code pidfd_getfd}). The check of that first dup comes when a proxy
 *       first asks for it, or when guest memory is opened; a call continued or refused without
 *       acting needs none (the dup is only classified, and the answer itself is refused once the
 *       thread stopped waiting). From here on the sentry works on its own dup, so a guest that
 *       closes or dup2s its number mid-call cannot change what the sentry acts on. A bad fd is
 *       answered with EBADF by the sentry, never continued: continuing would let the kernel
 *       re-resolve a number the guest may have just reused. A caller found gone fails the call with
 *       EIO, counted ({@link #callersGone}), whatever the proxy had answered; for a write that EIO
 *       is no refusal (threads exit mid-write all the time), for any other call it is.
 *   <li>{@code fstat} of the dup gives the char device; the proxy that {@link DeviceProxy#owns} it
 *       decides. An fd no proxy owns gets its {@link TrapRule}'s unowned disposition.
 *   <li>Every path ends in one {@link Verdict}, answered in one place ({@link #respond}); an answer
 *       that finds the thread no longer waiting is counted ({@link #abandoned}). What the call
 *       opened (the dup, guest memory) is closed after the answer, and its pidfd kept for the
 *       thread's next call, so the guest waits for neither.
 * </ol>
 *
 * Every call is counted by device, request, name and disposition; denials log one rate-limited WARN
 * naming the request in hex and by name. The name is the verdict's, as the proxy that decided gave
 * it (or, for a call no proxy decided, as the proxy whose trap rule caught it names the request). A
 * sentry fault fails that one call with EIO.
 */
public final class Dispatcher implements NotificationLoop.Handler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    static final String UNOWNED = "unowned";

    private final Listener listener;
    private final List<DeviceProxy> proxies;
    private final List<RuleOwner> rules;
    private final CallStats stats;
    private final TraceWriter trace;
    private final RateLimitedLog warnings;
    private final Map<CharDevice, Optional<DeviceProxy>> owners = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> tgids = new ConcurrentHashMap<>();
    private final PidfdCache pidfds = PidfdCache.forFdLimit(Native.softFdLimit());
    private final GuestCredentials credentials;
    private final AtomicLong abandoned = new AtomicLong();
    private final AtomicLong callersGone = new AtomicLong();
    private final Map<String, DeviceProxy> opens;
    private final NodeOpener opener;

    /**
     * Opens a served device node for the guest: an fd, or {@code -errno}. The real one is {@link
     * DeviceOpener#open}, with the mount syscalls' capability raised by the worker.
     */
    @FunctionalInterface
    interface NodeOpener {
        int open(Path node, int flags);

        NodeOpener DETACHED_NODEV =
                (node, flags) -> {
                    WorkerCredentials w = WorkerCredentials.current();
                    return DeviceOpener.open(
                            node, flags, w == null ? DeviceOpener.Mounter.DIRECT : w::asMounter);
                };
    }

    private record RuleOwner(TrapRule rule, DeviceProxy proxy) {}

    /**
     * @param credentials what the sandbox's guest may do itself: every worker must act as exactly
     *     that ({@link WorkerCredentials#become}), or it refuses the call. Null only in tests,
     *     where calls are handled with the calling thread's own credentials.
     */
    public Dispatcher(
            Listener listener,
            List<DeviceProxy> proxies,
            CallStats stats,
            TraceWriter trace,
            RateLimitedLog warnings,
            GuestCredentials credentials) {
        this(listener, proxies, stats, trace, warnings, credentials, NodeOpener.DETACHED_NODEV);
    }

    /** As the public constructor, opening served device nodes with {@code opener} (tests). */
    Dispatcher(
            Listener listener,
            List<DeviceProxy> proxies,
            CallStats stats,
            TraceWriter trace,
            RateLimitedLog warnings,
            GuestCredentials credentials,
            NodeOpener opener) {
        this.opener = opener;
        Map<String, DeviceProxy> served = new HashMap<>();
        for (DeviceProxy p : proxies) {
            for (Path node : p.opensDevices()) {
                if (!node.isAbsolute()) {
                    throw new IllegalArgumentException(
                            p.name() + " serves opens of " + node + ", which is not absolute");
                }
                served.put(node.toString(), p);
            }
        }
        this.opens = Map.copyOf(served);
        this.listener = listener;
        this.credentials = credentials;
        this.proxies = List.copyOf(proxies);
        this.rules =
                proxies.stream()
                        .flatMap(p -> p.trapRules().stream().map(r -> new RuleOwner(r, p)))
                        .toList();
        this.stats = stats;
        this.trace = trace;
        this.warnings = warnings;
    }

    @Override
    public void handle(Notification n, Arena arena) {
        long start = System.nanoTime();
        TrappedCall call = new TrappedCall(n, listener, arena);
        Decided d;
        try {
            d = decide(call);
            respond(n, arena, d.verdict().result());
        } finally {
            release(call);
        }
        long dur = System.nanoTime() - start;
        IoctlRequest req = call.request();
        IoctlResult r = d.verdict().result();
        String name = d.verdict().name();
        boolean guestError = r instanceof IoctlResult.GuestError || r instanceof IoctlResult.Denied;
        stats.record(new CallKey(d.device(), req.cmd(), name, r.disposition()), guestError, dur);
        if (r instanceof IoctlResult.Denied denied) {
            // Keyed by what was asked, sub-command included: one multiplexed request (RM_CONTROL,
            // RDMA_VERBS_IOCTL) carries many different refusals, and each deserves its line.
            warnings.warn(
                    d.device() + ":" + req.cmd() + ":" + name,
                    "{}: denied {} ({}) on fd {} from tid {}: {} -> {}",
                    d.device(),
                    call.what(),
                    name,
                    req.fd(),
                    req.tid(),
                    denied.reason(),
                    denied.errno() == 0
                            ? "the ioctl returns 0 with the status in its params"
                            : Errno.name(denied.errno()));
        }
        if (trace != null) {
            traceEvent(call, d, start, dur);
        }
    }

    /** Who decided a call (a proxy's name, or {@link #UNOWNED}) and its verdict. */
    private record Decided(String device, Verdict verdict) {}

    /** The decision on {@code call}; a sentry fault fails that one call with EIO. */
    private Decided decide(TrappedCall call) {
        Notification n = call.notification();
        try {
            if (n.arch() == SeccompAbi.AUDIT_ARCH_X86_64 && n.nr() == Syscalls.SYS_IOCTL) {
                return decideIoctl(call);
            }
            if (n.arch() == SeccompAbi.AUDIT_ARCH_X86_64 && call.write() != null) {
                return decideWrite(call);
            }
            if (n.arch() == SeccompAbi.AUDIT_ARCH_X86_64 && call.open() != null) {
                return decideOpen(call);
            }
            return refused(
                    IoctlResult.deny(
                            Errno.ENOSYS,
                            "unexpected syscall "
                                    + n.nr()
                                    + " arch "
                                    + Integer.toHexString(n.arch())),
                    "syscall " + n.nr());
        } catch (RuntimeException | Error e) {
            LOG.error(
                    "sentry fault on {} from tid {}; failing the call with EIO",
                    call.what(),
                    call.request().tid(),
                    e);
            return new Decided(UNOWNED, new Verdict(IoctlResult.error(Errno.EIO), call.what()));
        }
    }

    /**
     * Pins the caller and classifies the sentry's dup of the guest's fd: the proxy that owns its
     * device, or a refusal (no credentials, caller gone, fd unresolvable) named {@code name}. A
     * call on an fd no proxy owns comes back with neither.
     */
    private Resolved resolve(TrappedCall call) {
        Notification n = call.notification();
        IoctlRequest req = call.request();
        if (credentials != null && !WorkerCredentials.actsAs(credentials)) {
            return Resolved.refused(
                    refused(
                            IoctlResult.deny(
                                    Errno.EIO,
                                    "this sentry worker could not take the guest's credentials ("
                                            + credentials
                                            + "): it refuses every call"),
                            unresolvedName(call)));
        }
        Arena arena = call.arena();
        CallerIdentity caller =
                call.pin(
                        CallerIdentity.open(
                                req.tid(),
                                () -> listener.idValid(arena, n.id()),
                                WorkerCredentials.current(),
                                pidfds));
        // Checked before anything acts on it: by TrappedCall.hostFd, by guest memory's open, or by
        // the answer's own NOTIF_ID_VALID when the call is continued or refused without acting.
        long dup = caller.lookUp(req.fd());
        if (caller.lost() && call.write() != null) {
            // A write whose thread stopped waiting before the sentry knew its file: nothing was
            // done for it and nobody takes the answer (the kernel drops one for a stale id). It
            // is counted as a lost caller, not as a refusal: threads exit mid-write all the time.
            callersGone.incrementAndGet();
            return Resolved.refused(
                    new Decided(UNOWNED, new Verdict(IoctlResult.CONTINUE, unresolvedName(call))));
        }
        if (caller.lost()) {
            return Resolved.refused(refused(callerGone(), unresolvedName(call)));
        }
        if (dup == -Errno.EBADF && call.write() != null) {
            // A write on a number with no file: the kernel fails it with EBADF itself. Continuing
            // it opens nothing new (a write continued on any other fd can meet a swapped number
            // just the same: WriteTraps), and the guest's own error is not a refusal to count.
            return Resolved.refused(
                    new Decided(UNOWNED, new Verdict(IoctlResult.CONTINUE, unresolvedName(call))));
        }
        if (dup < 0) {
            return Resolved.refused(
                    refused(
                            IoctlResult.deny((int) -dup, "the fd cannot be resolved"),
                            unresolvedName(call)));
        }
        HostFd host = call.adopt(HostFd.adopt((int) dup));
        CharDevice device = charDevice(host, arena);
        call.classify(device);
        DeviceProxy proxy =
                device == null ? null : owners.computeIfAbsent(device, this::ownerOf).orElse(null);
        return new Resolved(null, proxy);
    }

    /** {@link #resolve}'s answer: a refusal, or the owning proxy (null: none owns the fd). */
    private record Resolved(Decided refusal, DeviceProxy proxy) {
        static Resolved refused(Decided d) {
            return new Resolved(d, null);
        }
    }

    private Decided decideIoctl(TrappedCall call) {
        int cmd = call.request().cmd();
        Resolved res = resolve(call);
        if (res.refusal() != null) {
            return res.refusal();
        }
        if (res.proxy() == null) {
            return new Decided(UNOWNED, unowned(cmd));
        }
        DeviceProxy proxy = res.proxy();
        return run(call, proxy, (c, p) -> p.handle(c), (c, p) -> p.ioctlName(c.request().cmd()));
    }

    /**
     * A write-family call ({@link WriteRequest}), trapped because a proxy mediates writes: the
     * owning proxy decides it if it {@link DeviceProxy#mediatesWrites}; any other fd is continued.
     * Continuing re-resolves the fd number, so a guest can swap another file onto it after the
     * sentry looked: a mediating proxy must make its own files refuse an unmediated write
     * (docs/security-model.md, "The write family").
     */
    private Decided decideWrite(TrappedCall call) {
        WriteRequest w = call.write();
        String name = w.syscallName();
        if (!w.reachesStreams()) {
            // pwritev2 at an offset: ESPIPE on every stream file, whatever the number names.
            return new Decided(UNOWNED, new Verdict(IoctlResult.CONTINUE, name));
        }
        Resolved res = resolve(call);
        if (res.refusal() != null) {
            return res.refusal();
        }
        DeviceProxy proxy = res.proxy();
        if (proxy == null || !proxy.mediatesWrites()) {
            return new Decided(UNOWNED, new Verdict(IoctlResult.CONTINUE, name));
        }
        return run(call, proxy, (c, p) -> p.write(c.asWrite()), (c, p) -> c.write().syscallName());
    }

    /** include/uapi/asm-generic/fcntl.h (x86_64); the kernel adds it on 64-bit anyway. */
    static final int O_LARGEFILE = 0100000;

    /** The flags a served open may carry: the access mode and flags that only shape the file. */
    static final int SERVED_FLAGS =
            OpenRequest.O_ACCMODE
                    | Native.O_NONBLOCK
                    | Native.O_NOCTTY
                    | Native.O_CLOEXEC
                    | O_LARGEFILE;

    /** include/uapi/linux/limits.h: the longest path the kernel takes, its NUL included. */
    static final int PATH_MAX = 4096;

    /**
     * An open-family call ({@link OpenRequest}), trapped because a proxy opens its devices itself
     * ({@link DeviceProxy#opensDevices}). The path is read once from guest memory (at most {@link
     * #PATH_MAX}); if it is exactly the absolute host path of a served node and the flags are
     * {@link #SERVED_FLAGS} only ({@code openat2}: and no {@code resolve} flags), the sentry opens
     * the node itself on a nodev detached mount and answers with the file installed in the guest
     * (its {@code O_CLOEXEC} as asked), counted as {@code open PATH} under the proxy's name.
     * Anything else is continued: a relative path (whatever the dirfd), another name of the node (a
     * symlink, {@code /dev/./infiniband/...}), other flags ({@code O_CREAT}, {@code O_TRUNC},
     * {@code O_PATH}, {@code creat()}), or a path the sentry cannot read. A continued open that
     * reaches the node, whatever the guest raced, meets the nodev bind mount and fails EACCES in
     * the kernel ({@code may_open_dev}); an {@code O_PATH} one gives a file that can neither be
     * written nor reopened (docs/security-model.md).
     */
    private Decided decideOpen(TrappedCall call) {
        OpenRequest o = call.open();
        String sys = o.syscallName();
        Verdict cont = new Verdict(IoctlResult.CONTINUE, sys);
        if (opens.isEmpty()) {
            return new Decided(UNOWNED, cont);
        }
        if (credentials != null && !WorkerCredentials.actsAs(credentials)) {
            return refused(
                    IoctlResult.deny(
                            Errno.EIO,
                            "this sentry worker could not take the guest's credentials ("
                                    + credentials
                                    + "): it refuses every call"),
                    sys);
        }
        Arena arena = call.arena();
        Notification n = call.notification();
        CallerIdentity caller =
                call.pin(
                        CallerIdentity.open(
                                o.tid(),
                                () -> listener.idValid(arena, n.id()),
                                WorkerCredentials.current(),
                                pidfds));
        if (caller.lost()) {
            // As for a write (resolve): nothing was done for it and nobody takes the answer; a
            // thread that exits mid-open is counted as lost, not as a refusal.
            callersGone.incrementAndGet();
            return new Decided(UNOWNED, cont);
        }
        String path = readPath(call, o.path());
        DeviceProxy proxy = path == null ? null : opens.get(path);
        if (proxy == null) {
            return new Decided(UNOWNED, cont);
        }
        String name = "open " + path;
        long flags = Integer.toUnsignedLong(o.flags());
        if (o.syscall() == Syscalls.SYS_OPENAT2) {
            if (o.howSize() != OpenRequest.OPEN_HOW_SIZE) {
                return new Decided(proxy.name(), cont.named(name));
            }
            Pointer how = arena.alloc(OpenRequest.OPEN_HOW_SIZE);
            if (call.memory().read(o.how(), how, OpenRequest.OPEN_HOW_SIZE) < 0
                    || how.getLong(16) != 0) {
                return new Decided(proxy.name(), cont.named(name));
            }
            flags = how.getLong(0);
        }
        if ((flags & ~Integer.toUnsignedLong(SERVED_FLAGS)) != 0) {
            return new Decided(proxy.name(), cont.named(name));
        }
        int asked = (int) flags;
        return run(
                call,
                proxy,
                (c, p) -> {
                    Path node = Path.of(path);
                    int shape =
                            asked & (OpenRequest.O_ACCMODE | Native.O_NONBLOCK | Native.O_NOCTTY);
                    int fd = p.openDevice(node, shape).orElseGet(() -> opener.open(node, shape));
                    if (fd < 0) {
                        return new Verdict(IoctlResult.error(-fd), name);
                    }
                    return new Verdict(
                            new IoctlResult.InjectFd(HostFd.adopt(fd), asked & Native.O_CLOEXEC),
                            name);
                },
                (c, p) -> name);
    }

    /**
     * The NUL-terminated path at {@code addr} in the caller's memory, read a page at most at a time
     * (so a short path at the end of a mapping reads), or null when it is unreadable or has no NUL
     * within {@link #PATH_MAX} bytes.
     */
    private static String readPath(TrappedCall call, long addr) {
        Pointer buf = call.arena().alloc(PATH_MAX);
        int have = 0;
        while (have < PATH_MAX) {
            long at = addr + have;
            int chunk = (int) Math.min(PATH_MAX - have, 4096 - (at & 4095));
            if (call.memory().read(at, buf.slice(have, chunk), chunk) < 0) {
                return null;
            }
            for (int i = have; i < have + chunk; i++) {
                if (buf.getByte(i) == 0) {
                    byte[] b = new byte[i];
                    buf.get(0, b, 0, i);
                    return new String(b, StandardCharsets.UTF_8);
                }
            }
            have += chunk;
        }
        return null;
    }

    /**
     * Runs a proxy's decision: a proxy fault fails the call with EIO, and a caller found gone
     * meanwhile fails it with EIO whatever the proxy answered.
     */
    private Decided run(TrappedCall call, DeviceProxy proxy, Decision decision, Naming name) {
        Verdict v;
        try {
            v = decision.decide(call, proxy);
        } catch (CallerGone e) {
            v = new Verdict(IoctlResult.error(Errno.EIO), name.name(call, proxy)); // replaced below
        } catch (RuntimeException e) {
            LOG.error(
                    "{}: fault handling {} ({}); failing it with EIO",
                    proxy.name(),
                    call.what(),
                    name.name(call, proxy),
                    e);
            v = new Verdict(IoctlResult.error(Errno.EIO), name.name(call, proxy));
        }
        if (call.callerLost()) {
            // Whatever the proxy answered, it got nothing from the caller after the loss
            // (every later dup and memory access failed), and an fd it meant to inject
            // is not handed out.
            if (v.result() instanceof IoctlResult.InjectFd inject) {
                inject.fd().close();
            }
            if (call.write() != null) {
                // As in resolve: a thread that exits mid-write is no refusal. It is counted as
                // lost, and answered with a plain EIO should the answer ever reach anyone.
                callersGone.incrementAndGet();
                v = new Verdict(IoctlResult.error(Errno.EIO), v.name());
            } else {
                v = v.answered(callerGone());
            }
        }
        return new Decided(proxy.name(), v);
    }

    /**
     * What the owning proxy answers for a call ({@link #run}). The ioctl and write paths pass
     * non-capturing lambdas, so that a call allocates none (under C1 each capturing one is a call
     * into the VM; docs/benchmarks.md).
     */
    @FunctionalInterface
    private interface Decision {
        Verdict decide(TrappedCall call, DeviceProxy proxy);
    }

    /** The name a call is counted and logged under ({@link #run}); computed only when needed. */
    @FunctionalInterface
    private interface Naming {
        String name(TrappedCall call, DeviceProxy proxy);
    }

    /** A call refused before any proxy saw it. */
    private static Decided refused(IoctlResult r, String name) {
        return new Decided(UNOWNED, new Verdict(r, name));
    }

    /**
     * Releases what the call opened, after its answer; a failing rollback is a sentry fault,
     * logged.
     */
    private static void release(TrappedCall call) {
        try {
            call.close();
        } catch (RuntimeException e) {
            LOG.error(
                    "releasing ioctl {} from tid {} failed",
                    Ioctl.hex(call.request().cmd()),
                    call.request().tid(),
                    e);
        }
    }

    private Optional<DeviceProxy> ownerOf(CharDevice device) {
        for (DeviceProxy p : proxies) {
            if (p.owns(device)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The char device behind the sentry's dup, or null when it is not a char device. */
    private static CharDevice charDevice(HostFd fd, Arena arena) {
        return CharDevice.of(fd.fd(), arena.alloc(StatLayout.SIZE));
    }

    /**
     * A call on an fd no proxy owns: the strictest unowned disposition of the rules that trapped
     * {@code cmd}, named by the proxy of the first of them.
     */
    private Verdict unowned(int cmd) {
        DeviceProxy namer = null;
        TrapRule deny = null;
        for (RuleOwner ro : rules) {
            if (ro.rule.matches(cmd)) {
                if (namer == null) {
                    namer = ro.proxy;
                }
                if (deny == null && ro.rule.unowned() == Disposition.DENY) {
                    deny = ro.rule;
                }
            }
        }
        if (namer == null) {
            return new Verdict(
                    IoctlResult.deny(Errno.ENOSYS, "request matched no trap rule"), Ioctl.hex(cmd));
        }
        String name = namer.ioctlName(cmd);
        return deny == null
                ? new Verdict(IoctlResult.CONTINUE, name)
                : new Verdict(
                        IoctlResult.deny(
                                Errno.ENOTTY,
                                "a " + deny.description() + " request on an fd that no proxy owns"),
                        name);
    }

    /**
     * The name of a call refused before its owner is known: the write's syscall, or the ioctl's.
     */
    private String unresolvedName(TrappedCall call) {
        return call.write() != null
                ? call.write().syscallName()
                : unownedName(call.request().cmd());
    }

    /**
     * The name of {@code cmd} for a call refused before any proxy saw it: by the proxy whose rule
     * trapped it.
     */
    private String unownedName(int cmd) {
        for (RuleOwner ro : rules) {
            if (ro.rule.matches(cmd)) {
                return ro.proxy.ioctlName(cmd);
            }
        }
        return Ioctl.hex(cmd);
    }

    /**
     * Sends the answer. No {@code NOTIF_ID_VALID} comes first: the send is itself refused with
     * ENOENT when the guest thread no longer waits (an injected fd is then not installed), and
     * everything the call acted on was checked before it acted.
     */
    private void respond(Notification n, Arena arena, IoctlResult r) {
        int rc;
        if (r instanceof IoctlResult.Value v) {
            rc = listener.respond(arena, n.id(), v.value(), 0, 0);
        } else if (r instanceof IoctlResult.GuestError e) {
            rc = listener.respond(arena, n.id(), 0, e.errno(), 0);
        } else if (r instanceof IoctlResult.Denied d) {
            rc = listener.respond(arena, n.id(), 0, d.errno(), 0);
        } else if (r instanceof IoctlResult.Continue) {
            rc = listener.respondContinue(arena, n.id());
        } else if (r instanceof IoctlResult.InjectFd inject) {
            try (HostFd fd = inject.fd()) {
                rc = listener.addFd(arena, n.id(), fd.fd(), inject.newFdFlags(), true);
                if (rc < 0 && rc != -Errno.ENOENT) {
                    // The guest's fd table refused it (EMFILE): the guest gets that errno.
                    rc = listener.respond(arena, n.id(), 0, -rc, 0);
                }
            }
        } else {
            throw new IllegalStateException("unknown result " + r);
        }
        if (rc == -Errno.ENOENT) {
            LOG.debug("tid {} stopped waiting before the answer (killed or interrupted)", n.tid());
            abandoned.incrementAndGet();
        } else if (rc < 0) {
            LOG.warn("answering tid {} failed: {}", n.tid(), Errno.describe(-rc));
        }
    }

    /**
     * Calls whose answer found nobody waiting: the guest thread died or was interrupted by a signal
     * while the sentry worked on it. What the sentry held for them (its dup, an fd it was about to
     * inject) was closed all the same.
     */
    public long abandoned() {
        return abandoned.get();
    }

    /**
     * Calls whose caller the sentry found gone (or no longer waiting) while it looked it up or
     * reached into it: from then on its tid might name another task, so nothing more was done for
     * the call and it failed with EIO.
     */
    public long callersGone() {
        return callersGone.get();
    }

    private IoctlResult callerGone() {
        callersGone.incrementAndGet();
        return IoctlResult.deny(
                Errno.EIO,
                "the calling thread stopped waiting (it died or was interrupted) before the"
                        + " sentry acted; its tid may name another task now, so nothing was done for it");
    }

    private void traceEvent(TrappedCall call, Decided d, long start, long dur) {
        IoctlRequest req = call.request();
        int pid = tgids.computeIfAbsent(req.tid(), Dispatcher::tgidOf);
        IoctlResult r = d.verdict().result();
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        if (call.write() != null) {
            args.put("syscall", call.write().syscallName());
        } else if (call.open() != null) {
            args.put("syscall", call.open().syscallName());
        } else {
            args.put("request", Ioctl.hex(req.cmd()));
        }
        args.put("fd", req.fd());
        args.put("disposition", r.disposition().name());
        if (r instanceof IoctlResult.GuestError e) {
            args.put("errno", Errno.name(e.errno()));
        } else if (r instanceof IoctlResult.Denied denied) {
            args.put("errno", Errno.name(denied.errno()));
        }
        trace.complete(d.verdict().name(), d.device(), start, dur, pid, req.tid(), args);
    }

    /** Releases per-sandbox state; call once no call is in flight. */
    @Override
    public void close() {
        tgids.clear();
        pidfds.close();
    }

    private static int tgidOf(int tid) {
        int tgid = GuestFds.tgid(tid);
        return tgid > 0 ? tgid : tid; // a thread already gone is grouped under its own id
    }
}
