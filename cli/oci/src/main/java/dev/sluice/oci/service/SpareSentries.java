package dev.sluice.oci.service;

import static dev.sluice.sentry.nativeio.Signals.SIGKILL;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.SocketAbi;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The runtime service's spare sentries: sentry JVMs ({@code sluice sentry-spare}, {@link
 * dev.sluice.oci.daemon.SpareSentry}) started ahead and kept idle, so that {@code create} of a
 * container with device proxies hands one the container instead of starting a JVM. One sandbox per
 * sentry process still: a spare is {@link #take taken} once, by one create, and never again; the
 * next one starts as it is taken.
 *
 * <p>The pool holds up to {@link #size} spares, starting or ready. One is enough where a JVM's
 * start takes the machine's CPUs (a small machine: a second starting spare would only slow the
 * first and the containers); where there are CPUs to spare, several start side by side, so that
 * creates that come faster than one JVM starts still find one ready ({@link #sizeFor}). A pool of
 * more than one that no take came to for {@link #QUIET_MILLIS} keeps one spare and stops the
 * others, and the next take fills it again.
 *
 * <p>The first create that wants a sentry finds none (it starts a sentry daemon as before) and
 * makes this keep the pool full from then on: a root whose containers have no proxies never pays
 * for one. When none is ready, create waits for the first one starting to be (a sentry daemon of
 * create's own would only slow it down on a small machine); one that does not come within the wait
 * is left to finish for the next create. A spare that dies before or after saying it is ready is
 * replaced; after {@value #GIVE_UP} such deaths in a row no more are started until {@link
 * #RETRY_MILLIS} later, when the next take tries one again. A spare of another build (the
 * installation was rebuilt under the service) is killed, and no more are started: the clients of
 * the new build talk to a new service. {@link #close} (the service exits) kills the idle spares; a
 * spare whose service is killed sees its socket close and exits by itself. Taken spares live on:
 * they are containers' sentries.
 *
 * <p>Lock order: this object's monitor only; no I/O under it but the start of a spare.
 */
public final class SpareSentries implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SpareSentries.class);

    /** Spares that die in a row before one is taken, after which no more are started. */
    static final int GIVE_UP = 3;

    /** How a spare is started: this service's launcher, {@code sentry-spare ROOT}, environment. */
    public record Command(List<String> argv, List<String> env) {
        public Command {
            argv = List.copyOf(argv);
            env = List.copyOf(env);
        }
    }

    /** One spare: the process and the service's end of its socket. */
    public static final class Spare {
        private final HostProcess process;
        private final Channel channel;

        /** Changed under the pool's monitor; read by tests without it. */
        private volatile State state = State.STARTING;

        Spare(HostProcess process, Channel channel) {
            this.process = process;
            this.channel = channel;
        }

        public HostProcess process() {
            return process;
        }

        State state() {
            return state;
        }

        /**
         * Hands this spare, taken, its container or sandbox (the fds it carries are copies: they
         * stay the caller's to close), and closes the socket. Throws when the spare cannot take it
         * (it died meanwhile): the caller then kills it ({@link #kill}) and starts a sentry itself.
         */
        public void hand(SpareMessage work) {
            try (channel) {
                channel.send(work);
            }
        }

        /** Kills this spare (checked by start time: never a reused pid). */
        public void kill() {
            int pidfd = OciNative.pidfdOpen(process.pid());
            if (pidfd < 0) {
                return;
            }
            try {
                if (process.alive()) {
                    OciNative.pidfdSendSignal(pidfd, SIGKILL);
                }
            } finally {
                OciNative.close(pidfd);
            }
        }
    }

    enum State {
        STARTING,
        READY,
        TAKEN,
        DEAD
    }

    /** At most this many spares, whatever the machine: each idle one holds a JVM's memory. */
    public static final int MAX_SIZE = 4;

    private final Command command;
    private final String build;
    private final Spawner spawner;
    private final int size;
    private final long quietNanos;
    private final long firstRetryNanos;

    /** The spares not yet taken, starting or ready, oldest first. */
    private final List<Spare> pool = new ArrayList<>();

    private boolean wanted;
    private boolean runsWanted;
    private boolean stale;
    private boolean closed;
    private int deaths;

    /** When a spare was last taken, or first wanted (System.nanoTime). */
    private long lastTake;

    private boolean trimmerStarted;

    /** When spares were last given up (System.nanoTime), and how long until one is tried again. */
    private long gaveUpAt;

    private long retryNanos;

    /**
     * @param build this service's build id (bin/lib/sluice.id): a spare must say the same
     * @param spawner who starts spares: this JVM ({@link Spawner#LOCAL}), their parent
     * @param size how many spares to keep, 1 to {@value #MAX_SIZE}
     */
    public SpareSentries(Command command, String build, Spawner spawner, int size) {
        this(command, build, spawner, size, QUIET_MILLIS, RETRY_MILLIS);
    }

    /**
     * @param quietMillis how long without a take before a pool of more than one keeps one spare
     *     only ({@link #QUIET_MILLIS}; shorter in tests)
     * @param retryMillis how long after spares were given up one is tried again ({@link
     *     #RETRY_MILLIS}; shorter in tests)
     */
    SpareSentries(
            Command command,
            String build,
            Spawner spawner,
            int size,
            long quietMillis,
            long retryMillis) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException(
                    "spare sentries: " + size + " is not between 1 and " + MAX_SIZE);
        }
        this.command = command;
        this.build = build;
        this.spawner = spawner;
        this.size = size;
        this.quietNanos = quietMillis * 1_000_000L;
        this.firstRetryNanos = retryMillis * 1_000_000L;
        this.retryNanos = firstRetryNanos;
    }

    /**
     * How long after {@value #GIVE_UP} deaths in a row one spare is tried again (on the first take
     * after it), doubling with each failed try up to {@link #MAX_RETRY_MILLIS} and back to this
     * once a spare is taken: spares killed by something passing (the OOM killer, a signal to every
     * process of a name) do not leave a busy service, which never goes idle and exits, starting a
     * sentry JVM for every create from then on.
     */
    public static final long RETRY_MILLIS = 60_000;

    /** The longest wait between tries once spares keep dying. */
    static final long MAX_RETRY_MILLIS = 15 * 60_000;

    /**
     * How long a pool of more than one stays full without a take. After that it keeps one spare and
     * kills the other idle ones (a spare is a JVM: some 35 to 50 MiB each), and the next take fills
     * it again: creates that come in bursts find several ready, while a host whose sandboxes run
     * for long does not hold {@value #MAX_SIZE} idle JVMs for them.
     */
    public static final long QUIET_MILLIS = 60_000;

    /**
     * The pool's size for a machine of {@code cpus} CPUs: one per four, at least one and at most
     * {@value #MAX_SIZE}. A spare's start is some 0.3 s of wall clock and 0.5 s of CPU time, on two
     * or three threads: on 2 CPUs a second one only competes with the first and with the containers
     * (back-to-back mediated cycles took as long with two as with one), while with 16 they start
     * side by side and cycles coming faster than one JVM starts still find one ready (339 ms a
     * cycle with one, 179 to 189 with two, 151 to 153 with three, 145 to 154 with four:
     * docs/benchmarks.md, "Mediated containers").
     */
    public static int sizeFor(int cpus) {
        return Math.max(1, Math.min(MAX_SIZE, cpus / 4));
    }

    /** How many spares this keeps. */
    public int size() {
        return size;
    }

    /**
     * The argument a spare is started with, after its command, once {@link #wantRuns} was called:
     * it then rehearses a sandbox run too before it says it is ready.
     */
    public static final String REHEARSE_RUN = "--rehearse-run";

    /**
     * Spares started from now on rehearse a sandbox run as well as a create: this service has been
     * asked to hand a {@code sluice run} to one. A service that only ever serves creates does not
     * pay for it (on 2 cores it makes a spare's start some 240 ms of CPU longer, and back-to-back
     * mediated container cycles, which wait for the next spare, 70 to 80 ms slower each).
     */
    public synchronized void wantRuns() {
        runsWanted = true;
    }

    /**
     * A ready spare, which no one else will ever get, or null when there is none: none was wanted
     * before (they start now, for the next creates), spares are given up, or none of those starting
     * came within {@code waitMillis}. Another spare starts at once in the taken one's place.
     */
    public synchronized Spare take(long waitMillis) {
        wanted = true;
        lastTake = System.nanoTime();
        if (pool.isEmpty()) {
            fill();
            return null;
        }
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        Spare s;
        while ((s = firstReady()) == null && anyStarting() && !closed) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return null;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        if (s == null) {
            return null;
        }
        s.state = State.TAKEN;
        pool.remove(s);
        deaths = 0;
        retryNanos = firstRetryNanos;
        fill();
        notifyAll(); // the trimmer counts its quiet period from this take
        return s;
    }

    /** The spares not yet taken, starting or ready, oldest first: for tests and the log. */
    synchronized List<Spare> pooled() {
        return List.copyOf(pool);
    }

    private Spare firstReady() {
        for (Spare s : pool) {
            if (s.state == State.READY) {
                return s;
            }
        }
        return null;
    }

    private boolean anyStarting() {
        for (Spare s : pool) {
            if (s.state == State.STARTING) {
                return true;
            }
        }
        return false;
    }

    /** Kills the idle spares, if any, and starts no more. */
    @Override
    public synchronized void close() {
        closed = true;
        for (Spare s : pool) {
            s.state = State.DEAD;
            s.kill(); // its watcher reaps it and closes the socket
        }
        pool.clear();
        notifyAll();
    }

    /** Starts spares until the pool is full, unless none is wanted or spares were given up. */
    private void fill() {
        while (pool.size() < target() && startOne()) {
            // one more
        }
        if (size > 1 && wanted && !trimmerStarted) {
            trimmerStarted = true;
            Thread t = new Thread(null, this::trimWhileOpen, "sluice-spare-pool", 0, false);
            t.setDaemon(true);
            t.start();
        }
    }

    /** The spares to keep now: the pool's size, or one once no take came for a while. */
    private int target() {
        return quiet(System.nanoTime()) ? 1 : size;
    }

    private boolean quiet(long now) {
        return now - lastTake >= quietNanos;
    }

    /** The pool's trimmer: waits for each quiet period's end and trims then, until closed. */
    private synchronized void trimWhileOpen() {
        while (!closed) {
            long left = lastTake + quietNanos - System.nanoTime();
            try {
                if (left > 0) {
                    wait(Math.max(1, left / 1_000_000L));
                    continue;
                }
                trim();
                wait(); // until the next take (notifyAll) or close
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Keeps one spare of a quiet pool, the oldest ready one (or the oldest starting, when none is
     * ready), and kills the others; each killed one is out of the pool at once, so that its watcher
     * does not count its death or replace it.
     */
    private void trim() {
        if (pool.size() <= 1) {
            return;
        }
        Spare keep = firstReady();
        if (keep == null) {
            keep = pool.get(0);
        }
        List<Spare> extra = new ArrayList<>(pool);
        extra.remove(keep);
        for (Spare s : extra) {
            pool.remove(s);
            s.state = State.DEAD;
            s.kill();
        }
        LOG.info(
                "no create for {} s: {} idle spare sentries stopped, one kept",
                quietNanos / 1_000_000_000L,
                extra.size());
    }

    /** Starts one spare into the pool; false when none may start or its start failed. */
    private boolean startOne() {
        if (!wanted || closed || stale || !mayTryAfterDeaths()) {
            return false;
        }
        HostFd[] pair = socketPair();
        int pid;
        try (HostFd child = pair[1]) {
            pid =
                    spawner.spawn(
                            command.argv().get(0),
                            argv(),
                            command.env(),
                            List.of(
                                    Spawner.Fd.devNull(0),
                                    Spawner.Fd.devNull(1),
                                    new Spawner.Fd(
                                            child.fd(),
                                            dev.sluice.oci.daemon.SpareSentry.CHANNEL_FD)));
        } catch (RuntimeException e) {
            pair[0].close();
            died();
            LOG.warn("cannot start a spare sentry: {}", e.getMessage());
            return false;
        }
        HostProcess p = HostProcess.of(pid);
        Spare s =
                new Spare(
                        p == null ? new HostProcess(pid, -1) : p,
                        Channel.socket(pair[0], "spare sentry " + pid, SpareMessage.MAX_FRAME));
        pool.add(s);
        // Not the request thread's inheritable locals: its caller's stderr and log level
        // (LogSetup) are that caller's, and this thread outlives the request.
        Thread t = new Thread(null, () -> watch(s), "sluice-spare-" + pid, 0, false);
        t.setDaemon(true);
        t.start();
        return true;
    }

    /** The command a spare starts with now ({@link #wantRuns}). */
    private List<String> argv() {
        if (!runsWanted) {
            return command.argv();
        }
        List<String> argv = new ArrayList<>(command.argv());
        argv.add(REHEARSE_RUN);
        return argv;
    }

    /**
     * Follows one spare: its {@code READY}, then its end (reaped here, whether it died idle or
     * after serving its container). A spare that died while pooled (idle or starting) is replaced.
     */
    private void watch(Spare s) {
        String answer;
        try {
            SpareMessage m = s.channel.receive(SpareMessage.PROTOCOL);
            if (m != null) {
                m.fds().forEach(HostFd::close);
            }
            answer = m instanceof SpareMessage.Ready r ? r.build() : null;
        } catch (RuntimeException e) {
            answer = null;
        }
        synchronized (this) {
            if (s.state == State.STARTING) {
                if (answer != null && answer.equals(build)) {
                    s.state = State.READY;
                    LOG.info("spare sentry {} is ready", s.process.pid());
                } else {
                    if (answer != null) {
                        stale = true; // the others pooled were started the same way: each is judged
                        // alike
                        LOG.warn(
                                "spare sentry {} is of build {}, this service of {}: no more spares",
                                s.process.pid(),
                                answer,
                                build);
                    }
                    s.state = State.DEAD;
                    s.kill();
                }
            }
            notifyAll();
        }
        int status = spawner.waitFor(s.process.pid());
        synchronized (this) {
            if (pool.remove(s)) {
                died();
                LOG.warn(
                        "spare sentry {} exited while idle (wait status {}){}",
                        s.process.pid(),
                        status,
                        stale
                                ? "; no more spares"
                                : deaths >= GIVE_UP
                                        ? "; no more spares for "
                                                + retryNanos / 1_000_000_000L
                                                + " s"
                                        : "; starting another");
                fill();
            }
            if (s.state != State.TAKEN) {
                s.state = State.DEAD;
                s.channel.close(); // only a taken spare's socket is someone else's (hand)
            }
            notifyAll();
        }
    }

    /** Counts a spare's death; the {@value #GIVE_UP}th in a row gives spares up for a while. */
    private void died() {
        deaths++;
        if (deaths == GIVE_UP) {
            gaveUpAt = System.nanoTime();
        }
    }

    /**
     * Whether a spare may start, given the deaths in a row: below {@value #GIVE_UP}, or once the
     * wait since they were given up is over, for one more try (whose death gives them up again, for
     * twice as long).
     */
    private boolean mayTryAfterDeaths() {
        if (deaths < GIVE_UP) {
            return true;
        }
        if (System.nanoTime() - gaveUpAt < retryNanos) {
            return false;
        }
        deaths = GIVE_UP - 1;
        retryNanos = Math.min(retryNanos * 2, MAX_RETRY_MILLIS * 1_000_000L);
        LOG.info("trying a spare sentry again");
        return true;
    }

    /** A connected {@code AF_UNIX} stream pair, both ends close-on-exec. */
    private static HostFd[] socketPair() {
        Pointer sv = Memory.allocateDirect(Native.RUNTIME, 8, true);
        long r =
                Native.ret(
                        Native.LIBC.socketpair(
                                SocketAbi.AF_UNIX,
                                SocketAbi.SOCK_STREAM | Native.O_CLOEXEC,
                                0,
                                sv.address()));
        if (r < 0) {
            throw new ErrnoException("socketpair(AF_UNIX, SOCK_STREAM)", (int) -r);
        }
        return new HostFd[] {HostFd.adopt(sv.getInt(0)), HostFd.adopt(sv.getInt(4))};
    }
}
