package dev.sluice.oci.service;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_GETEUID;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.UnixSocket;
import dev.sluice.oci.ipc.ClientMessage;
import dev.sluice.oci.ipc.ClientSpawner;
import dev.sluice.oci.ipc.ServiceMessage;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.oci.runtime.ContainerRuntime;
import dev.sluice.sentry.faults.TestFaults;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.HostFd;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The resident runtime service of one {@code --root}: runs the runc-compatible commands of {@code
 * sluice-client} callers in this one warm JVM, each on a thread of its own, with the caller's
 * working directory, environment and stdio ({@link Caller}), through a {@link Handler} (the cli
 * module's command line). What a command starts, the caller starts ({@link ClientSpawner}), so that
 * processes are the caller's children exactly as when bin/sluice is a JVM of its own. A container's
 * sentry is never in here: it is a JVM of its own ({@code sentry-daemon}), started by the caller.
 * The service exits after {@code idleMillis} without a command; the client starts a new one when it
 * finds none. See docs/oci.md, "The runtime service".
 */
public final class RuntimeService {
    /**
     * What the service knows of one caller: where its command runs, and who starts its processes.
     */
    public record Caller(
            Path cwd,
            Map<String, String> env,
            OutputStream out,
            OutputStream err,
            Spawner spawner,
            int pid,
            Spares spares) {}

    /**
     * The service's spare sentries, for one caller's create or {@code sluice run} ({@link
     * SpareSentries}).
     */
    public interface Spares {
        /**
         * What hands this caller's container to a spare: with create's {@code --console-socket} (or
         * null), {@code --preserve-fds} and {@code --debug}; null when no spare may take it.
         */
        ContainerRuntime.WarmSentry forCreate(Path consoleSocket, int preservedFds, boolean debug);

        /**
         * Hands this caller's {@code sluice run} (Sluice's own, not runc's) to a spare, which runs
         * it to its end and gives the caller its exit status; false, with nothing done, when no
         * spare may (the caller then runs it in a JVM of its own).
         */
        boolean forSandbox();
    }

    /**
     * Runs one caller's command ({@code args} as the caller gave them) and returns its exit code.
     */
    @FunctionalInterface
    public interface Handler {
        /** The command's exit code, or {@link #NOT_SERVED}. */
        int serve(Caller caller, List<String> args);
    }

    /**
     * What a {@link Handler} returns for a command the service does not run (not one of the
     * runtime's short commands): nothing of it was done, and the caller runs it in a JVM of its own
     * ({@link ServiceMessage.RunItYourself}).
     */
    public static final int NOT_SERVED = -1;

    /**
     * What a {@link Handler} returns for a command handed to a spare sentry ({@link
     * Spares#forSandbox}): the spare has the caller's connection now, and tells it the exit status.
     */
    public static final int HANDED_OVER = -2;

    /** The exit code of a request that failed before its command ran (runc's generic failure). */
    static final int FAILED = 1;

    private static final Logger LOG = LoggerFactory.getLogger(RuntimeService.class);

    private final Path socket;
    private final long idleMillis;
    private final Handler handler;
    private final SpareSentries spares;
    private final AtomicInteger running = new AtomicInteger();
    private volatile long lastActive = System.nanoTime();

    public RuntimeService(Path socket, long idleMillis, Handler handler) {
        this(socket, idleMillis, handler, null);
    }

    /**
     * @param spares the spare sentry kept for creates of containers with proxies, or null for none
     *     (closed, its idle spare killed, when the service exits)
     */
    public RuntimeService(Path socket, long idleMillis, Handler handler, SpareSentries spares) {
        this.socket = socket;
        this.idleMillis = idleMillis;
        this.handler = handler;
        this.spares = spares;
    }

    /** Serves until idle; returns 0. */
    public int run() throws IOException {
        Files.deleteIfExists(socket); // a dead service's; a live one would have answered the client
        try (UnixSocket server = UnixSocket.listen(socket)) {
            LOG.info("runtime service on {}", socket);
            while (true) {
                UnixSocket conn = server.accept(1000);
                if (conn == null) {
                    // Idle for long enough, or nobody can reach us any more (the --root was
                    // removed).
                    boolean idle = (System.nanoTime() - lastActive) / 1_000_000L > idleMillis;
                    if (running.get() == 0 && (idle || !Files.exists(socket))) {
                        break;
                    }
                    continue;
                }
                running.incrementAndGet();
                Thread t = new Thread(() -> serve(conn), "sluice-service-request");
                t.setDaemon(false);
                t.start();
            }
        } finally {
            Files.deleteIfExists(socket);
            if (spares != null) {
                spares.close();
            }
        }
        LOG.info("runtime service on {}: idle, exiting", socket);
        return 0;
    }

    private void serve(UnixSocket socket) {
        int code = FAILED;
        ClientMessage.Stdio stdio = null;
        try (socket;
                Channel conn = socket.channel("sluice-client", ClientMessage.MAX_FRAME)) {
            int pid = peerPid(socket);
            ClientMessage first = conn.receive(ClientMessage.PROTOCOL);
            if (!(first instanceof ClientMessage.Stdio s)) {
                if (first != null) {
                    first.fds().forEach(HostFd::close);
                }
                throw new IllegalArgumentException(
                        "expected STDIO with the caller's three fds, got "
                                + (first == null ? "end of file" : first.frame().verb()));
            }
            stdio = s;
            conn.send(new ServiceMessage.StdioTaken());
            ClientMessage req = conn.receive(ClientMessage.PROTOCOL);
            if (req == null) {
                return;
            }
            if (!(req instanceof ClientMessage.Run run)) {
                req.fds().forEach(HostFd::close);
                throw new IllegalArgumentException("expected RUN, got " + req.frame().verb());
            }
            Map<String, String> env = run.environment();
            ClientSpawner client = new ClientSpawner(conn, pid);
            ClientMessage.Stdio callersStdio = stdio;
            String[] declined = new String[1]; // why a spare did not take a sluice run, if asked
            code =
                    handler.serve(
                            new Caller(
                                    Path.of(run.cwd()),
                                    env,
                                    stream(stdio.out()),
                                    stream(stdio.err()),
                                    client,
                                    pid,
                                    new Spares() {
                                        @Override
                                        public ContainerRuntime.WarmSentry forCreate(
                                                Path console, int preserved, boolean debug) {
                                            return spareFor(
                                                    env, conn, pid, console, preserved, debug);
                                        }

                                        @Override
                                        public boolean forSandbox() {
                                            declined[0] =
                                                    sandboxFor(run, env, conn, pid, callersStdio);
                                            return declined[0] == null;
                                        }
                                    }),
                            run.args());
            if (code == HANDED_OVER) {
                LOG.info("handed {} for pid {} to a spare sentry", run.args(), pid);
                return;
            }
            if (code == NOT_SERVED) {
                // Logged here, after the command: its own thread's lines go to the caller.
                LOG.info(
                        "not served, the caller runs it: {} for pid {}{}",
                        run.args(),
                        pid,
                        declined[0] == null ? "" : " (" + declined[0] + ")");
                conn.send(new ServiceMessage.RunItYourself());
                return;
            }
            LOG.info("served {} for pid {}: exit {}", run.args(), pid, code);
            conn.send(
                    new ServiceMessage.Exit(
                            code & 0xff)); // what the caller's exit(code) makes of it
        } catch (RuntimeException e) {
            LOG.warn("runtime service: a request failed: {}", e.toString());
        } finally {
            if (stdio != null) {
                stdio.fds().forEach(HostFd::close);
            }
            lastActive = System.nanoTime();
            running.decrementAndGet();
        }
    }

    /**
     * A hand-off to the spare sentry for this caller's create; null without spares, or when the
     * caller sets the sentry's test faults ({@code SLUICE_TEST_FAULTS}), which a sentry reads from
     * its own environment at its start: a spare started before the caller was known has none, so
     * such a create starts a sentry daemon with the caller's environment, as before.
     */
    private ContainerRuntime.WarmSentry spareFor(
            Map<String, String> env,
            Channel conn,
            int pid,
            Path console,
            int preserved,
            boolean debug) {
        if (spares == null || env.containsKey(TestFaults.VARIABLE)) {
            return null;
        }
        return new SpareHandoff(
                spares, new SpareHandoff.Ask(conn.fd(), pid, console, preserved, debug));
    }

    /**
     * Hands the caller's {@code sluice run} to a spare sentry, moved into the caller's cgroups
     * first, with copies of the caller's connection, stdout and stderr, and returns null; else why
     * not, with nothing done: without spares, when the caller differs from this service in anything
     * the sentry would inherit from it ({@link CallerEquivalence}), or when no spare is ready now.
     * Unlike a create, a run does not wait for a spare still starting: a spare's start (its JVM and
     * its rehearsal, some 0.8 s of CPU on 2 cores) costs more than the JVM of a run of its own, so
     * back-to-back runs on a small machine that waited for each spare took 485 ms each, against 317
     * to 380 ms taking a spare only when one was ready and 365 ms without the service
     * (docs/benchmarks.md, "Start").
     */
    private String sandboxFor(
            ClientMessage.Run run,
            Map<String, String> env,
            Channel conn,
            int pid,
            ClientMessage.Stdio stdio) {
        if (spares == null) {
            return "no spare sentries";
        }
        String difference = CallerEquivalence.difference(Path.of("/proc"), pid, env);
        if (difference != null) {
            return "the caller differs from the service: " + difference;
        }
        spares.wantRuns(); // the spares that replace this one rehearse a run
        SpareSentries.Spare spare = spares.take(0);
        if (spare == null) {
            return "no spare sentry ready";
        }
        try {
            SpareHandoff.joinCallersCgroups(pid, spare.process().pid());
            spare.hand(new SpareMessage.Sandbox(run, pid, conn.fd(), stdio.out(), stdio.err()));
            return null;
        } catch (RuntimeException | IOException e) {
            spare.kill();
            return "the spare sentry " + spare.process().pid() + " could not take it: " + e;
        }
    }

    /**
     * The caller's pid (SO_PEERCRED): the parent of what it starts for us. Only our own user is
     * served.
     */
    private static int peerPid(UnixSocket conn) {
        int[] cred = conn.peerCredentials();
        int uid =
                (int) dev.sluice.sentry.nativeio.Native.LIBC.syscall(SYS_GETEUID, 0, 0, 0, 0, 0, 0);
        if (cred[1] != uid) {
            throw new IllegalArgumentException(
                    "a caller of uid "
                            + cred[1]
                            + " is not served (the service runs as "
                            + uid
                            + ")");
        }
        return cred[0];
    }

    /** Writes to the caller's fd (received over the socket). */
    private static OutputStream stream(HostFd fd) {
        return new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                OciNative.write(fd.fd(), java.util.Arrays.copyOfRange(b, off, off + len));
            }
        };
    }
}
