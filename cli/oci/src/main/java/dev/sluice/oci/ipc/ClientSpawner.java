package dev.sluice.oci.ipc;

import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;

import java.util.ArrayList;
import java.util.List;

/**
 * Starts processes as children of the runtime service's caller ({@code sluice-client}), over its
 * connection ({@link ServiceMessage.Spawn}, {@link ServiceMessage.Wait}): an OCI container's init
 * must end up reparented to the caller's subreaper (containerd's shim), as when bin/sluice runs as
 * a JVM of its own, and never to the service. Used by the service for the commands it runs, and by
 * a spare sentry the service hands a create to (dev.sluice.oci.daemon.SpareSentry), over its own
 * copy of the connection, while the service waits for its report; one of them at a time.
 */
public final class ClientSpawner implements Spawner, AutoCloseable {
    private final Channel conn;
    private final int clientPid;

    /**
     * @param conn the connection to {@code sluice-client}
     * @param clientPid its pid, the parent of what it starts
     */
    public ClientSpawner(Channel conn, int clientPid) {
        this.conn = conn;
        this.clientPid = clientPid;
    }

    /** Closes this end of the connection (the spare's copy: the service keeps its own). */
    @Override
    public void close() {
        conn.close();
    }

    @Override
    public synchronized int spawn(String file, List<String> argv, List<String> env, List<Fd> fds) {
        List<ServiceMessage.Spawn.Target> targets = new ArrayList<>();
        List<HostFd> passed = new ArrayList<>();
        for (Fd fd : fds) {
            targets.add(new ServiceMessage.Spawn.Target(fd.target(), fd.source() < 0));
            if (fd.source() >= 0) {
                passed.add(HostFd.adopt(fd.source())); // borrowed: released, not closed, below
            }
        }
        try {
            // The frame carries copies of the sources (SCM_RIGHTS); each stays its owner's to
            // close.
            conn.send(new ServiceMessage.Spawn(file, argv, env, targets, passed));
        } finally {
            passed.forEach(HostFd::release);
        }
        ClientMessage answer = answer("start " + file);
        if (answer instanceof ClientMessage.Spawned s) {
            return s.pid();
        }
        if (answer instanceof ClientMessage.Failed f) {
            throw new IllegalStateException(
                    "cannot start " + file + ": " + Errno.describe(f.errno()));
        }
        throw new IllegalStateException(
                "the caller answered \"" + answer.frame() + "\" to start " + file);
    }

    @Override
    public int parentPid() {
        return clientPid;
    }

    /** The raw wait status, or -errno. */
    @Override
    public synchronized int waitFor(int pid) {
        return waited(new ServiceMessage.Wait(pid), pid);
    }

    /**
     * Makes the caller its descendants' child subreaper, for a foreground {@code run}: the
     * container's init becomes its child once sluice-init's outer process exits, for {@link
     * #waitForeground}.
     */
    public synchronized void becomeSubreaper() {
        conn.send(new ServiceMessage.Subreaper());
    }

    /**
     * Makes the caller take the signals a foreground {@code exec} forwards from now on, kept until
     * {@link #waitForeground} names the process (a run's {@link #becomeSubreaper} does this too).
     */
    @Override
    public synchronized void holdSignals() {
        conn.send(new ServiceMessage.HoldSignals());
    }

    /**
     * Waits, as {@link #waitFor}, for {@code pid}, a foreground {@code run}'s container or {@code
     * exec}'s outer process, while the caller passes on to it the signals it receives, as runc
     * does.
     */
    @Override
    public synchronized int waitForeground(int pid) {
        return waited(new ServiceMessage.WaitForeground(pid), pid);
    }

    /**
     * Ends the caller's command with exit status {@code code} (its low eight bits, as {@code
     * exit(code)} would): for a spare sentry that ran the caller's {@code sluice run}.
     */
    public synchronized void exit(int code) {
        conn.send(new ServiceMessage.Exit(code & 0xff));
    }

    /** Sends {@code request} (a wait for {@code pid}); the raw wait status, or -errno. */
    private int waited(ServiceMessage request, int pid) {
        conn.send(request);
        ClientMessage answer = answer("wait for " + pid);
        if (answer instanceof ClientMessage.Waited w) {
            return w.status();
        }
        if (answer instanceof ClientMessage.Failed f) {
            return -f.errno();
        }
        throw new IllegalStateException(
                "the caller answered \"" + answer.frame() + "\" to wait for " + pid);
    }

    private ClientMessage answer(String what) {
        ClientMessage m;
        try {
            m = conn.receive(ClientMessage.PROTOCOL);
        } catch (ProtocolException e) {
            throw new IllegalStateException(
                    "the caller's answer to " + what + " is malformed: " + e.getMessage(), e);
        }
        if (m == null) {
            throw new IllegalStateException("the caller went away before it could " + what);
        }
        m.fds().forEach(HostFd::close);
        return m;
    }
}
