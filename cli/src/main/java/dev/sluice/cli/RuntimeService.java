package dev.sluice.cli;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.UnixSocket;
import dev.sluice.sentry.nativeio.HostFd;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The resident runtime service of one {@code --root}: runs the runc-compatible commands of
 * {@code sluice-client} callers in this one warm JVM, each on a thread of its own, with the caller's
 * working directory, environment and stdio ({@link Invocation}). What a command starts, the caller
 * starts ({@link ClientSpawner}), so that processes are the caller's children exactly as when
 * bin/sluice is a JVM of its own. A container's sentry is never in here: it is a JVM of its own
 * ({@code sentry-daemon}), started by the caller. The service exits after {@code idleMillis} without
 * a command; the client starts a new one when it finds none. See docs/oci.md, "The runtime service".
 */
final class RuntimeService {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeService.class);
    private static final int MAX_LINE = 1024 * 1024;
    /** arch/x86/entry/syscalls/syscall_64.tbl */
    private static final int SYS_GETEUID = 107;

    private final Path socket;
    private final long idleMillis;
    private final AtomicInteger running = new AtomicInteger();
    private volatile long lastActive = System.nanoTime();

    RuntimeService(Path socket, long idleMillis) {
        this.socket = socket;
        this.idleMillis = idleMillis;
    }

    /** Serves until idle; returns 0. */
    int run() throws IOException {
        Files.deleteIfExists(socket); // a dead service's; a live one would have answered the client
        try (UnixSocket server = UnixSocket.listen(socket)) {
            LOG.info("runtime service on {}", socket);
            while (true) {
                UnixSocket conn = server.accept(1000);
                if (conn == null) {
                    // Idle for long enough, or nobody can reach us any more (the --root was removed).
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
        }
        LOG.info("runtime service on {}: idle, exiting", socket);
        return 0;
    }

    private void serve(UnixSocket conn) {
        int code = OciCommand.FAILED;
        HostFd[] stdio = new HostFd[3];
        try (conn) {
            int pid = peerPid(conn);
            for (int i = 0; i < 3; i++) {
                UnixSocket.Line l = conn.readLine(MAX_LINE);
                if (l == null || l.fd() == null || !l.text().equals("FD " + i)) {
                    throw new IllegalArgumentException("expected FD " + i + " with its fd");
                }
                stdio[i] = l.fd();
                conn.writeLine("OK", null);
            }
            UnixSocket.Line req = conn.readLine(MAX_LINE);
            if (req == null) {
                return;
            }
            ServiceProtocol.Run run = ServiceProtocol.Run.parse(req.text());
            Map<String, String> env = new LinkedHashMap<>();
            for (String e : run.env()) {
                int eq = e.indexOf('=');
                if (eq > 0) {
                    env.put(e.substring(0, eq), e.substring(eq + 1));
                }
            }
            PrintWriter out = new PrintWriter(new OutputStreamWriter(stream(stdio[1]), StandardCharsets.UTF_8), true);
            OutputStream errStream = stream(stdio[2]);
            PrintWriter err = new PrintWriter(new OutputStreamWriter(errStream, StandardCharsets.UTF_8), true);
            Invocation inv = new Invocation(Path.of(run.cwd()), env, out, err, new ClientSpawner(conn, pid));
            LogSetup.CALLER_STDERR.set(errStream); // the command's log lines are the caller's
            try {
                code = Main.execute(inv, run.args().toArray(String[]::new));
            } finally {
                LogSetup.CALLER_STDERR.remove();
                LogSetup.CALLER_LEVEL.remove();
                out.flush();
                err.flush();
            }
            LOG.info("served {} for pid {}: exit {}", run.args(), pid, code);
            conn.writeLine("EXIT " + code, null);
        } catch (RuntimeException e) {
            LOG.warn("runtime service: a request failed: {}", e.toString());
        } finally {
            for (HostFd f : stdio) {
                if (f != null) {
                    f.close();
                }
            }
            lastActive = System.nanoTime();
            running.decrementAndGet();
        }
    }

    /** The caller's pid (SO_PEERCRED): the parent of what it starts for us. Only our own user is served. */
    private static int peerPid(UnixSocket conn) {
        int[] cred = conn.peerCredentials();
        int uid = (int) dev.sluice.sentry.nativeio.Native.LIBC.syscall(SYS_GETEUID, 0, 0, 0, 0, 0, 0);
        if (cred[1] != uid) {
            throw new IllegalArgumentException("a caller of uid " + cred[1] + " is not served (the service runs as " + uid + ")");
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
