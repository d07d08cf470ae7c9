package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;

/**
 * What {@code sluice-init} reported before the workload was told to go: its pids, the seccomp
 * listener, or why it failed. Turns the C side's messages into one clear line for the user.
 *
 * @param pid1      host pid of the sandbox's pid 1, or 0 (a join plan's process is forked after GO:
 *                  {@link #awaitExec(InitProcess, SeccompAgentHandoff, java.util.function.IntConsumer)})
 * @param listener  the seccomp listener, or null when no proxy trapped anything
 * @param console   the master of the workload's pty (the plan's terminal op), or null
 * @param failure   a message for the user when startup failed, else null
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
            ControlSocket.Message m = init.receive();
            if (m == null) {
                closeQuietly(listener, console);
                return new Startup(pid1, null, null, "sandbox setup ended before the workload was ready");
            }
            switch (m.verb()) {
                case "PID1" -> {
                    closeQuietly(m.fd());
                    pid1 = Integer.parseInt(m.rest().trim());
                }
                case "LISTENER", "CONSOLE" -> {
                    boolean isListener = m.verb().equals("LISTENER");
                    if (m.fd() == null || (isListener ? listener : console) != null) {
                        closeQuietly(listener, console, m.fd());
                        return new Startup(pid1, null, null, "sluice-init sent no " + (isListener ? "listener" : "pty master")
                                + " fd, or two");
                    }
                    if (isListener) {
                        listener = m.fd();
                    } else {
                        console = m.fd();
                    }
                }
                case "HOOKS" -> {
                    closeQuietly(m.fd());
                    String failure = hooks == null ? "sluice-init stopped for hooks nobody runs" : hooks.apply(pid1);
                    if (failure != null) {
                        closeQuietly(listener, console);
                        return new Startup(pid1, null, null, failure);
                    }
                    init.hooksDone();
                }
                case "READY" -> {
                    return new Startup(pid1, listener, console, null);
                }
                case "ERROR" -> {
                    closeQuietly(listener, console, m.fd());
                    return new Startup(pid1, null, null, describeError(m.rest()));
                }
                default -> {
                    closeQuietly(listener, console, m.fd());
                    return new Startup(pid1, null, null, "unexpected message from sluice-init: " + m.text());
                }
            }
        }
    }

    /** After GO: null once the workload has exec'd (end of file), else why exec failed. */
    public static String awaitExec(InitProcess init) {
        return awaitExec(init, null);
    }

    /**
     * As {@link #awaitExec(InitProcess)}, and the listener of the container's own seccomp profile
     * ({@code AGENT-LISTENER}) goes to {@code agent}; the workload execs only once the agent has it.
     * Without an {@code agent} (null) such a listener is refused and the workload exits 125.
     */
    public static String awaitExec(InitProcess init, SeccompAgentHandoff agent) {
        return awaitExec(init, agent, pid -> { });
    }

    /**
     * As {@link #awaitExec(InitProcess, SeccompAgentHandoff)}; an exec'd process (a join plan) is
     * forked only after GO, and its host pid, sent then as {@code PID1}, goes to {@code pid}.
     */
    public static String awaitExec(InitProcess init, SeccompAgentHandoff agent, java.util.function.IntConsumer pid) {
        String failure = null;
        ControlSocket.Message m;
        while ((m = init.receive()) != null) {
            if (m.verb().equals("AGENT-LISTENER")) {
                String refused = handOver(init, m, agent);
                failure = failure != null ? failure : refused;
                continue;
            }
            if (m.fd() != null) {
                m.fd().close();
            }
            if (m.verb().equals("PID1") && m.rest().trim().matches("\\d{1,9}")) {
                pid.accept(Integer.parseInt(m.rest().trim()));
            } else if (m.verb().equals("EXEC-FAILED")) {
                String[] parts = m.rest().split(" ", 2);
                int errno = Integer.parseInt(parts[0]);
                String file = parts.length > 1 ? parts[1] : "?";
                failure = errno == Errno.ENOENT ? file + ": command not found"
                        : "cannot execute " + file + ": " + Errno.name(errno);
            } else if (m.verb().equals("ERROR")) {
                failure = describeError(m.rest());
            }
        }
        return failure;
    }

    /** Hands the profile's listener to {@code agent} and answers the workload; returns why not, or null. */
    private static String handOver(InitProcess init, ControlSocket.Message m, SeccompAgentHandoff agent) {
        String refused;
        if (m.fd() == null) {
            refused = "sluice-init sent the seccomp profile's listener without its fd";
        } else if (agent == null) {
            refused = "the seccomp profile's listener has no agent to go to (SCMP_ACT_NOTIFY needs linux.seccomp.listenerPath)";
        } else if (m.pid() <= 0) {
            refused = "the kernel did not say which process sent the seccomp profile's listener";
        } else {
            try {
                refused = agent.handOver(m.fd(), m.pid());
            } catch (RuntimeException e) {
                refused = e.getMessage() != null ? e.getMessage() : e.toString();
            }
        }
        closeQuietly(m.fd()); // the agent holds its own copy now; none may stay with the sentry
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

    /** {@code init 2 mount /x on /y: No such file or directory} → {@code sandbox setup failed (init): mount ...}. */
    static String describeError(String rest) {
        String[] parts = rest.split(" ", 3);
        if (parts.length < 3) {
            return "sandbox setup failed: " + rest;
        }
        return "sandbox setup failed (" + parts[0] + "): " + parts[2];
    }

    private static void closeQuietly(HostFd... fds) {
        for (HostFd fd : fds) {
            if (fd != null) {
                fd.close();
            }
        }
    }
}
