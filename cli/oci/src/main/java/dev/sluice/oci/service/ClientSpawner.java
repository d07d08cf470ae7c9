package dev.sluice.oci.service;

import dev.sluice.oci.UnixSocket;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.HostFd;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts processes as children of the runtime service's caller ({@code sluice-client}), over its
 * connection ({@link ServiceProtocol}: SPAWN, WAIT): an OCI container's init must end up
 * reparented to the caller's subreaper (containerd's shim), as when bin/sluice runs as a JVM of
 * its own, and never to the service.
 */
final class ClientSpawner implements Spawner {
    private static final int MAX_LINE = 64 * 1024;
    private final UnixSocket conn;
    private final int clientPid;

    ClientSpawner(UnixSocket conn, int clientPid) {
        this.conn = conn;
        this.clientPid = clientPid;
    }

    @Override
    public synchronized int spawn(String file, List<String> argv, List<String> env, List<Fd> fds) {
        List<String> f = new ArrayList<>();
        f.add(file);
        f.add(Integer.toString(argv.size()));
        f.addAll(argv);
        f.add(Integer.toString(env.size()));
        f.addAll(env);
        f.add(Integer.toString(fds.size()));
        HostFd attached = null;
        for (Fd fd : fds) {
            if (fd.source() < 0) {
                f.add("n" + fd.target());
            } else {
                if (attached != null) {
                    throw new IllegalStateException("the runtime service passes at most one fd to a process it has started");
                }
                attached = HostFd.adopt(fd.source()); // borrowed: released, not closed, below
                f.add("d" + fd.target());
            }
        }
        try {
            // The line carries a copy of the source (SCM_RIGHTS); the source stays its owner's to close.
            conn.writeLine(ServiceProtocol.line("SPAWN", f), attached);
        } finally {
            if (attached != null) {
                attached.release();
            }
        }
        return (int) answer("PID", "start " + file);
    }

    @Override
    public int parentPid() {
        return clientPid;
    }

    @Override
    public synchronized int waitFor(int pid) {
        conn.writeLine("WAIT " + pid, null);
        return (int) answer("STATUS", "wait for " + pid);
    }

    /** {@code VERB N} → N; {@code ERR E} → -E from WAIT, an exception from SPAWN. */
    private long answer(String verb, String what) {
        UnixSocket.Line l = conn.readLine(MAX_LINE);
        if (l == null) {
            throw new IllegalStateException("the caller went away before it could " + what);
        }
        if (l.fd() != null) {
            l.fd().close();
        }
        String[] p = l.text().split(" ");
        if (p.length == 2 && p[0].equals(verb)) {
            return Long.parseLong(p[1]);
        }
        if (p.length == 2 && p[0].equals("ERR")) {
            int errno = Integer.parseInt(p[1]);
            if (verb.equals("STATUS")) {
                return -errno;
            }
            throw new IllegalStateException("cannot " + what + ": " + dev.sluice.sentry.nativeio.Errno.describe(errno));
        }
        throw new IllegalStateException("the caller answered \"" + l.text() + "\" to " + what);
    }
}
