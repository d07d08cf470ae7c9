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

import java.util.List;

/**
 * The runtime service's spare sentry: one sentry JVM ({@code sluice sentry-spare}, {@link
 * dev.sluice.oci.daemon.SpareSentry}) started ahead and kept idle, so that {@code create} of a
 * container with device proxies hands it the container instead of starting a JVM. One sandbox per
 * sentry process still: a spare is {@link #take taken} once, by one create, and never again; the
 * next one starts as it is taken.
 *
 * <p>The first create that wants a sentry finds none (it starts a sentry daemon as before) and
 * makes this keep one from then on: a root whose containers have no proxies never pays for one. A
 * spare that is still starting when create comes is waited for (a sentry daemon of create's own
 * would only slow it down on a small machine); one that does not come within the wait is left to
 * finish for the next create. A spare that dies before or after saying it is ready is replaced;
 * after {@value #GIVE_UP} such deaths in a row no more are started. A spare of another build (the
 * installation was rebuilt under the service) is killed, and no more are started: the clients of
 * the new build talk to a new service. {@link #close} (the service exits) kills the idle spare; a
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
         * Hands this spare, taken, its container (the fds it carries are copies: they stay the
         * caller's to close), and closes the socket. Throws when the spare cannot take it (it died
         * meanwhile): the caller then kills it ({@link #kill}) and starts a sentry itself.
         */
        public void hand(SpareMessage.Container container) {
            try (channel) {
                channel.send(container);
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

    private final Command command;
    private final String build;
    private final Spawner spawner;

    private Spare current;
    private boolean wanted;
    private boolean stale;
    private boolean closed;
    private int deaths;

    /**
     * @param build this service's build id (bin/lib/sluice.id): a spare must say the same
     * @param spawner who starts spares: this JVM ({@link Spawner#LOCAL}), their parent
     */
    public SpareSentries(Command command, String build, Spawner spawner) {
        this.command = command;
        this.build = build;
        this.spawner = spawner;
    }

    /**
     * A ready spare, which no one else will ever get, or null when there is none: none was wanted
     * before (one starts now, for the next create), spares are given up, or the one starting did
     * not come within {@code waitMillis}. The next spare starts at once.
     */
    public synchronized Spare take(long waitMillis) {
        wanted = true;
        if (current == null) {
            startOne();
            return null;
        }
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (current != null && current.state == State.STARTING && !closed) {
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
        Spare s = current;
        if (s == null || s.state != State.READY) {
            return null;
        }
        s.state = State.TAKEN;
        current = null;
        deaths = 0;
        startOne();
        return s;
    }

    /** The idle or starting spare, for tests and the service's log; null when there is none. */
    synchronized Spare current() {
        return current;
    }

    /** Kills the idle spare, if any, and starts no more. */
    @Override
    public synchronized void close() {
        closed = true;
        if (current != null) {
            current.state = State.DEAD;
            current.kill(); // its watcher reaps it and closes the socket
            current = null;
        }
        notifyAll();
    }

    /** Starts a spare unless one is there, none is wanted, or spares were given up. */
    private void startOne() {
        if (current != null || !wanted || closed || stale || deaths >= GIVE_UP) {
            return;
        }
        HostFd[] pair = socketPair();
        int pid;
        try (HostFd child = pair[1]) {
            pid =
                    spawner.spawn(
                            command.argv().get(0),
                            command.argv(),
                            command.env(),
                            List.of(
                                    Spawner.Fd.devNull(0),
                                    Spawner.Fd.devNull(1),
                                    new Spawner.Fd(
                                            child.fd(),
                                            dev.sluice.oci.daemon.SpareSentry.CHANNEL_FD)));
        } catch (RuntimeException e) {
            pair[0].close();
            deaths++;
            LOG.warn("cannot start a spare sentry: {}", e.getMessage());
            return;
        }
        HostProcess p = HostProcess.of(pid);
        Spare s =
                new Spare(
                        p == null ? new HostProcess(pid, -1) : p,
                        Channel.socket(pair[0], "spare sentry " + pid, SpareMessage.MAX_FRAME));
        current = s;
        // Not the request thread's inheritable locals: its caller's stderr and log level
        // (LogSetup) are that caller's, and this thread outlives the request.
        Thread t = new Thread(null, () -> watch(s), "sluice-spare-" + pid, 0, false);
        t.setDaemon(true);
        t.start();
    }

    /**
     * Follows one spare: its {@code READY}, then its end (reaped here, whether it died idle or
     * after serving its container). A spare that died while it was current is replaced.
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
                        stale = true;
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
            if (current == s) {
                current = null;
                deaths++;
                LOG.warn(
                        "spare sentry {} exited while idle (wait status {}){}",
                        s.process.pid(),
                        status,
                        deaths >= GIVE_UP ? "; no more spares" : "; starting another");
                startOne();
            }
            if (s.state != State.TAKEN) {
                s.state = State.DEAD;
                s.channel.close(); // only a taken spare's socket is someone else's (hand)
            }
            notifyAll();
        }
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
