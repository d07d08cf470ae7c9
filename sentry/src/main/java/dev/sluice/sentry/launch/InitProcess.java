package dev.sluice.sentry.launch;

import static dev.sluice.sentry.nativeio.Signals.SIGKILL;

import dev.sluice.sentry.ipc.ControlMessage;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The outer {@code sluice-init} process of one sandbox, and the sentry's side of its control socket
 * (protocol: docs/launch-plan.md).
 *
 * <p><b>Spawn from a thread that outlives the sandbox.</b> The outer process sets {@code
 * PR_SET_PDEATHSIG(SIGKILL)}, which fires when the parent <em>thread</em> exits; that is what kills
 * the sandbox when the sentry dies.
 */
public final class InitProcess implements AutoCloseable {
    static final int CONTROL_FD = 3;

    private final int pid;
    private final ControlSocket control;

    /** Who started the outer process, and waits for it. */
    private final Spawner spawner;

    /**
     * A pidfd of the outer process when another process is its parent (-1 when this JVM is): that
     * parent reaps it, or, if it dies first, whoever inherits it does, so a signal sent by pid
     * could reach a process that took the pid afterwards. Opened right after the spawn, while the
     * outer process waits for its plan and its parent has not been asked to reap it.
     */
    private final int pidfd;

    private volatile boolean reaped;
    private int status;

    private InitProcess(int pid, ControlSocket control, Spawner spawner) {
        this.pid = pid;
        this.control = control;
        this.spawner = spawner;
        this.pidfd = spawner == Spawner.LOCAL || pid <= 0 ? -1 : Native.pidfdOpen(pid, 0);
    }

    /** Starts {@code sluice-init} and hands it the plan. */
    public static InitProcess spawn(Path initBinary, LaunchPlan plan) {
        return spawnRaw(Spawner.LOCAL, initBinary, plan.encode(), 0, false, pid -> {});
    }

    /**
     * Starts {@code sluice-init}, lets {@code place} act on the outer process, then hands it the
     * plan. The outer process does nothing before it has read its plan, so what {@code place} does
     * to it (an OCI container's sentry moves it into the container's cgroups) holds for every
     * process of the sandbox, before any namespace exists. If {@code place} fails, the outer
     * process is killed and reaped, and the failure is thrown.
     */
    public static InitProcess spawn(Path initBinary, LaunchPlan plan, IntConsumer place) {
        return spawnRaw(Spawner.LOCAL, initBinary, plan.encode(), 0, false, place);
    }

    /**
     * As {@link #spawn(Path, LaunchPlan, IntConsumer)}, with this process's fds 3 to 3+{@code
     * preservedFds}-1 passed on (the plan's {@code preserve-fds} op keeps them for the workload);
     * the control socket then comes right after them.
     */
    public static InitProcess spawn(
            Path initBinary, LaunchPlan plan, int preservedFds, IntConsumer place) {
        return spawnRaw(Spawner.LOCAL, initBinary, plan.encode(), preservedFds, false, place);
    }

    /**
     * As {@link #spawn(Path, LaunchPlan, int, IntConsumer)}; with {@code nullStdio} the sandbox's
     * fds 0-2 are {@code /dev/null}, not this process's: a workload whose stdio is a pty of its own
     * (an OCI {@code process.terminal}) must not keep the caller's pipes open, or a caller that
     * reads them to end of file (containerd's shim) waits as long as the container lives.
     */
    public static InitProcess spawn(
            Path initBinary,
            LaunchPlan plan,
            int preservedFds,
            boolean nullStdio,
            IntConsumer place) {
        return spawnRaw(Spawner.LOCAL, initBinary, plan.encode(), preservedFds, nullStdio, place);
    }

    /**
     * As {@link #spawn(Path, LaunchPlan, int, boolean, IntConsumer)}, started by {@code spawner}.
     */
    public static InitProcess spawn(
            Spawner spawner,
            Path initBinary,
            LaunchPlan plan,
            int preservedFds,
            boolean nullStdio,
            IntConsumer place) {
        return spawnRaw(spawner, initBinary, plan.encode(), preservedFds, nullStdio, place);
    }

    /** Starts {@code sluice-init} with an already encoded plan (tests feed it malformed ones). */
    static InitProcess spawnRaw(Path initBinary, byte[] plan) {
        return spawnRaw(Spawner.LOCAL, initBinary, plan, 0, false, pid -> {});
    }

    private static InitProcess spawnRaw(
            Spawner spawner,
            Path initBinary,
            byte[] plan,
            int preservedFds,
            boolean nullStdio,
            IntConsumer place) {
        HostFd[] pair = ControlSocket.pair();
        ControlSocket control = ControlSocket.of(pair[0]);
        int controlFd = CONTROL_FD + preservedFds;
        try (HostFd child = pair[1]) {
            List<Spawner.Fd> fds = new ArrayList<>();
            if (nullStdio) {
                fds.add(Spawner.Fd.devNull(0));
                fds.add(Spawner.Fd.devNull(1));
                fds.add(Spawner.Fd.devNull(2));
            }
            fds.add(new Spawner.Fd(child.fd(), controlFd));
            List<String> argv =
                    List.of(
                            initBinary.toString(),
                            "--control-fd",
                            Integer.toString(controlFd),
                            "--parent-pid",
                            Integer.toString(spawner.parentPid()));
            int pid =
                    spawner.spawn(
                            initBinary.toString(),
                            argv,
                            List.of("PATH=/usr/sbin:/usr/bin:/sbin:/bin"),
                            fds);
            InitProcess p = new InitProcess(pid, control, spawner);
            try {
                place.accept(pid);
            } catch (RuntimeException e) {
                Native.kill(pid, SIGKILL);
                p.waitFor();
                throw e;
            }
            control.sendPlan(plan);
            return p;
        } catch (RuntimeException e) {
            control.close();
            throw e;
        }
    }

    /**
     * The control socket of a workload that holds the sentry's end itself ({@link #handOff}), taken
     * back by {@link HeldWorkload}: messages only, no outer process of ours to wait for.
     */
    static InitProcess channel(ControlSocket control) {
        InitProcess p = new InitProcess(0, control, Spawner.LOCAL);
        p.reaped = true;
        return p;
    }

    /**
     * Answers the workload's {@code AGENT-LISTENER}: {@code AGENT-DONE} lets it exec; anything else
     * makes it exit 125 (the seccomp agent did not get its listener).
     */
    void agentAnswer(boolean handedOver) {
        control.send(
                handedOver ? new ControlMessage.AgentDone() : new ControlMessage.AgentRefused());
    }

    /** The host pid of the outer {@code sluice-init}. */
    public int pid() {
        return pid;
    }

    /**
     * The next message from sluice-init, or null at end of file; see {@link ControlSocket#receive}.
     */
    ControlMessage.FromInit receive() {
        return control.receive();
    }

    /** Lets init, stopped by a {@code hooks-wait} op, go on setting the sandbox up. */
    public void hooksDone() {
        control.send(new ControlMessage.HooksDone());
    }

    /** Tells the waiting workload to exec. */
    public void go() {
        control.send(new ControlMessage.Go());
    }

    /**
     * Hands the sentry's end of the control socket to the workload, which waits for {@code GO}
     * (after {@code READY}), and returns the fd number under which the workload holds it: a sandbox
     * without a sentry to wait for start in ({@link HeldWorkload}). Close this object afterwards;
     * the pair stays open through the workload's copy.
     */
    public int handOff() {
        control.sendOwnEnd();
        ControlMessage.FromInit m;
        try {
            m = control.receive();
        } catch (ProtocolException e) {
            throw new IllegalStateException(
                    "the container's process did not take its control socket: " + e.getMessage(),
                    e);
        }
        if (m instanceof ControlMessage.Held held) {
            return held.fd();
        }
        if (m == null) {
            throw new IllegalStateException(
                    "the container's process did not take its control socket (it exited)");
        }
        m.fds().forEach(HostFd::close);
        throw new IllegalStateException(
                "the container's process did not take its control socket: " + m.frame());
    }

    /** Sends {@code signal} to the outer process, which forwards it into the sandbox. */
    public void signal(int signal) {
        if (reaped) {
            return;
        }
        if (spawner == Spawner.LOCAL) {
            Native.kill(pid, signal); // our child: its pid is ours until we reap it
        } else if (pidfd >= 0) {
            Native.pidfdSendSignal(pidfd, signal);
        }
    }

    /**
     * Waits for the outer process and returns sluice's exit code for it: its own exit code (which
     * is the workload's, or 128+N when the workload died of signal N), or 128+N when the outer
     * process itself was killed by signal N.
     */
    public synchronized int waitFor() {
        return waited(false);
    }

    /**
     * As {@link #waitFor}, with the caller's signals going on to the outer process meanwhile where
     * the caller is another process ({@link Spawner#waitForeground}).
     */
    public synchronized int waitForeground() {
        return waited(true);
    }

    private int waited(boolean foreground) {
        if (!reaped) {
            int st = foreground ? spawner.waitForeground(pid) : spawner.waitFor(pid);
            status = st < 0 ? 0 : st;
            reaped = true;
        }
        int termsig = status & 0x7f;
        return termsig == 0 ? (status >> 8) & 0xff : 128 + termsig;
    }

    @Override
    public void close() {
        control.close();
        if (pidfd >= 0) {
            Native.close(pidfd);
        }
    }
}
