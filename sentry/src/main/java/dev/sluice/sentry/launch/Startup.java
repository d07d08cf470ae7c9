package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;

/**
 * What {@code sluice-init} reported before the workload was told to go: its pids, the seccomp
 * listener, or why it failed. Turns the C side's messages into one clear line for the user.
 *
 * @param pid1      host pid of the sandbox's pid 1 (with a join plan: of the workload), or 0
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
        return awaitExec(init::receive);
    }

    static String awaitExec(java.util.function.Supplier<ControlSocket.Message> messages) {
        String failure = null;
        ControlSocket.Message m;
        while ((m = messages.get()) != null) {
            if (m.fd() != null) {
                m.fd().close();
            }
            if (m.verb().equals("EXEC-FAILED")) {
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
