package dev.sluice.sentry.launch;

import dev.sluice.sentry.ipc.ControlMessage;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;

/**
 * What {@code sluice-init} reported before the workload was told to go: its pids, the seccomp
 * listener, or why it failed. Turns the C side's messages into one clear line for the user.
 *
 * @param pid1 host pid of the sandbox's pid 1, or 0 (a join plan's process is forked after GO:
 *     {@link #awaitExec(InitProcess, SeccompAgentHandoff, java.util.function.IntConsumer)})
 * @param listener the seccomp listener, or null when no proxy trapped anything
 * @param console the master of the workload's pty (the plan's terminal op), or null
 * @param failure a message for the user when startup failed, else null
 */
public record Startup(int pid1, HostFd listener, HostFd console, String failure) {

    /** Reads messages until READY, a failure, or end of file. */
    public static Startup await(InitProcess init) {
        return await(init, null);
    }

    /**
     * As {@link #await(InitProcess)}; at {@code HOOKS} (a {@code hooks-wait} op) runs {@code hooks}
     * with pid 1's host pid and lets init go on when it returns null, else fails with its message.
     */
    public static Startup await(InitProcess init, java.util.function.IntFunction<String> hooks) {
        int pid1 = 0;
        HostFd listener = null;
        HostFd console = null;
        while (true) {
            ControlMessage.FromInit m;
            try {
                m = init.receive();
            } catch (ProtocolException e) {
                closeQuietly(listener, console);
                return new Startup(pid1, null, null, malformed(e));
            }
            if (m == null) {
                closeQuietly(listener, console);
                return new Startup(
                        pid1, null, null, "sandbox setup ended before the workload was ready");
            }
            if (m instanceof ControlMessage.Pid1 p) {
                pid1 = p.pid();
            } else if (m instanceof ControlMessage.Listener l) {
                if (listener != null) {
                    closeQuietly(listener, console, l.listener());
                    return new Startup(pid1, null, null, "sluice-init sent two listeners");
                }
                listener = l.listener();
            } else if (m instanceof ControlMessage.Console c) {
                if (console != null) {
                    closeQuietly(listener, console, c.master());
                    return new Startup(pid1, null, null, "sluice-init sent two pty masters");
                }
                console = c.master();
            } else if (m instanceof ControlMessage.Hooks) {
                String failure =
                        hooks == null
                                ? "sluice-init stopped for hooks nobody runs"
                                : hooks.apply(pid1);
                if (failure != null) {
                    closeQuietly(listener, console);
                    return new Startup(pid1, null, null, failure);
                }
                init.hooksDone();
            } else if (m instanceof ControlMessage.Ready) {
                return new Startup(pid1, listener, console, null);
            } else if (m instanceof ControlMessage.Failed f) {
                closeQuietly(listener, console);
                return new Startup(pid1, null, null, describeError(f));
            } else {
                closeQuietly(listener, console);
                m.fds().forEach(HostFd::close);
                return new Startup(
                        pid1, null, null, "unexpected message from sluice-init: " + m.frame());
            }
        }
    }

    /** After GO: null once the workload has exec'd (end of file), else why exec failed. */
    public static String awaitExec(InitProcess init) {
        return awaitExec(init, null);
    }

    /**
     * As {@link #awaitExec(InitProcess)}, and the listener of the container's own seccomp profile
     * ({@code AGENT-LISTENER}) goes to {@code agent}; the workload execs only once the agent has
     * it. Without an {@code agent} (null) such a listener is refused and the workload exits 125.
     */
    public static String awaitExec(InitProcess init, SeccompAgentHandoff agent) {
        return awaitExec(init, agent, pid -> {});
    }

    /**
     * As {@link #awaitExec(InitProcess, SeccompAgentHandoff)}; an exec'd process (a join plan) is
     * forked only after GO, and its host pid, sent then as {@code PID1}, goes to {@code pid}.
     */
    public static String awaitExec(
            InitProcess init, SeccompAgentHandoff agent, java.util.function.IntConsumer pid) {
        String failure = null;
        while (true) {
            ControlMessage.FromInit m;
            try {
                m = init.receive();
            } catch (ProtocolException e) {
                failure = failure != null ? failure : malformed(e);
                continue; // one record each: the next one is read as it is, up to end of file
            }
            if (m == null) {
                return failure;
            }
            if (m instanceof ControlMessage.AgentListener a) {
                String refused = handOver(init, a, agent);
                failure = failure != null ? failure : refused;
            } else if (m instanceof ControlMessage.Pid1 p) {
                pid.accept(p.pid());
            } else if (m instanceof ControlMessage.ExecFailed e) {
                failure =
                        e.errno() == Errno.ENOENT
                                ? e.file() + ": command not found"
                                : "cannot execute " + e.file() + ": " + Errno.name(e.errno());
            } else if (m instanceof ControlMessage.Failed f) {
                failure = describeError(f);
            } else {
                m.fds().forEach(HostFd::close);
            }
        }
    }

    /**
     * Hands the profile's listener to {@code agent} and answers the workload; returns why not, or
     * null.
     */
    private static String handOver(
            InitProcess init, ControlMessage.AgentListener m, SeccompAgentHandoff agent) {
        String refused;
        if (agent == null) {
            refused =
                    "the seccomp profile's listener has no agent to go to (SCMP_ACT_NOTIFY needs linux.seccomp.listenerPath)";
        } else if (m.senderPid() <= 0) {
            refused = "the kernel did not say which process sent the seccomp profile's listener";
        } else {
            try {
                refused = agent.handOver(m.listener(), m.senderPid());
            } catch (RuntimeException e) {
                refused = e.getMessage() != null ? e.getMessage() : e.toString();
            }
        }
        closeQuietly(
                m.listener()); // the agent holds its own copy now; none may stay with the sentry
        try {
            init.agentAnswer(refused == null);
        } catch (RuntimeException e) {
            // The workload is gone already; end of file follows.
        }
        return refused;
    }

    /** sluice's exit code for a failed startup, given the outer process's own. */
    public int exitCode(int initExit) {
        return initExit == 0 ? 125 : initExit;
    }

    /**
     * {@code ERROR init 2 mount /x on /y: ...} → {@code sandbox setup failed (init): mount /x on
     * /y: ...}.
     */
    static String describeError(ControlMessage.Failed error) {
        return "sandbox setup failed (" + error.phase() + "): " + error.text();
    }

    private static String malformed(ProtocolException e) {
        return "a malformed message " + e.getMessage();
    }

    private static void closeQuietly(HostFd... fds) {
        for (HostFd fd : fds) {
            if (fd != null) {
                fd.close();
            }
        }
    }
}
