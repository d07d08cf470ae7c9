package dev.sluice.oci.ipc;

import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;
import dev.sluice.sentry.nativeio.HostFd;

import java.util.ArrayList;
import java.util.List;

/**
 * What the runtime service sends {@code sluice-client}: see {@link ClientMessage} for the order.
 * The client reads these in native-shims/src/main/c/client/client.c.
 */
public sealed interface ServiceMessage extends Message {
    /** As long as the longest command line the service starts; the client reads as much. */
    int MAX_FRAME = 1024 * 1024;

    /** {@code OK}: the service has the caller's stdio; RUN may follow. */
    record StdioTaken() implements ServiceMessage {
        static final String VERB = "OK";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /**
     * {@code SPAWN FILE ARGC ARG... ENVC ENV... N TARGET... @...}: start {@code file} as the
     * caller's child, with fds set up as {@code targets} say: {@code dT} makes fd T the frame's
     * next fd ({@code passed}, in order), {@code nT} makes it {@code /dev/null}. Answered PID or
     * ERRNO.
     */
    record Spawn(
            String file,
            List<String> argv,
            List<String> env,
            List<Target> targets,
            List<HostFd> passed)
            implements ServiceMessage {
        static final String VERB = "SPAWN";

        public Spawn {
            argv = List.copyOf(argv);
            env = List.copyOf(env);
            targets = List.copyOf(targets);
            passed = List.copyOf(passed);
            if (targets.stream().filter(t -> !t.devNull()).count() != passed.size()) {
                throw new IllegalArgumentException(
                        "SPAWN: "
                                + passed.size()
                                + " fds for "
                                + targets.stream().filter(t -> !t.devNull()).count()
                                + " fd targets");
            }
        }

        /** Fd {@code fd} of the new process: the next passed fd, or {@code /dev/null}. */
        public record Target(int fd, boolean devNull) {
            String token() {
                return (devNull ? "n" : "d") + fd;
            }

            static Target of(String token) {
                if (token.length() < 2
                        || (token.charAt(0) != 'd' && token.charAt(0) != 'n')
                        || !token.substring(1).chars().allMatch(c -> c >= '0' && c <= '9')
                        || token.length() > 11
                        || Long.parseLong(token.substring(1)) > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(
                            "fd target \"" + token + "\" is not dT or nT");
                }
                return new Target(Integer.parseInt(token.substring(1)), token.charAt(0) == 'n');
            }
        }

        @Override
        public Frame frame() {
            List<String> f = new ArrayList<>();
            f.add(file);
            f.add(Integer.toString(argv.size()));
            f.addAll(argv);
            f.add(Integer.toString(env.size()));
            f.addAll(env);
            f.add(Integer.toString(targets.size()));
            targets.forEach(t -> f.add(t.token()));
            return new Frame(VERB, f, passed.size());
        }

        @Override
        public List<HostFd> fds() {
            return passed;
        }
    }

    /** {@code WAIT P}: wait for the caller's child {@code pid}; answered STATUS or ERRNO. */
    record Wait(int pid) implements ServiceMessage {
        static final String VERB = "WAIT";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(pid));
        }
    }

    /**
     * {@code WAITRUN P}: wait for the caller's child {@code pid}, the container of a foreground
     * {@code run}, as WAIT does, and meanwhile pass it the signals the caller receives that a
     * {@code run} forwards (dev.sluice.sentry.nativeio.Signals#CONTAINER_FORWARDED), as runc run
     * does; answered STATUS or ERRNO.
     */
    record WaitForeground(int pid) implements ServiceMessage {
        static final String VERB = "WAITRUN";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(pid));
        }
    }

    /**
     * {@code SUBREAPER}: the caller becomes its descendants' child subreaper (a foreground {@code
     * run}: its container's init, reparented when sluice-init's outer process exits, becomes the
     * caller's child, to wait for). Not answered.
     */
    record Subreaper() implements ServiceMessage {
        static final String VERB = "SUBREAPER";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /**
     * {@code SIGNALS}: the caller takes the signals a foreground {@code exec} forwards and keeps
     * them until {@link WaitForeground} names the process (which may run, and be stopped, before
     * the service asks for the wait). Not answered.
     */
    record HoldSignals() implements ServiceMessage {
        static final String VERB = "SIGNALS";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /**
     * {@code LOCAL}: the service does not run this command (it is not one of the runtime's short
     * commands); the caller runs it in a JVM of its own, as without a service. Nothing of it was
     * done.
     */
    record RunItYourself() implements ServiceMessage {
        static final String VERB = "LOCAL";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code EXIT CODE}: the command's exit status (0 to 255); the client exits with it. */
    record Exit(int code) implements ServiceMessage {
        static final String VERB = "EXIT";

        public Exit {
            if (code < 0 || code > 255) {
                throw new IllegalArgumentException("exit status " + code + " is not 0 to 255");
            }
        }

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(code));
        }
    }

    Protocol<ServiceMessage> PROTOCOL =
            Protocol.<ServiceMessage>builder("the runtime service")
                    .on(StdioTaken.VERB, f -> new StdioTaken())
                    .on(
                            Spawn.VERB,
                            f -> {
                                String file = f.text("file");
                                List<String> argv = f.list("arguments");
                                List<String> env = f.list("environment");
                                List<Spawn.Target> targets = new ArrayList<>();
                                for (String t : f.list("fd targets")) {
                                    targets.add(Spawn.Target.of(t));
                                }
                                List<HostFd> passed = new ArrayList<>();
                                for (Spawn.Target t : targets) {
                                    if (!t.devNull()) {
                                        passed.add(f.fd("fd target " + t.fd()));
                                    }
                                }
                                return new Spawn(file, argv, env, targets, passed);
                            })
                    .on(Wait.VERB, f -> new Wait(f.natural("pid")))
                    .on(WaitForeground.VERB, f -> new WaitForeground(f.natural("pid")))
                    .on(Subreaper.VERB, f -> new Subreaper())
                    .on(HoldSignals.VERB, f -> new HoldSignals())
                    .on(RunItYourself.VERB, f -> new RunItYourself())
                    .on(Exit.VERB, f -> new Exit((int) f.number("exit status", 255)))
                    .build();
}
