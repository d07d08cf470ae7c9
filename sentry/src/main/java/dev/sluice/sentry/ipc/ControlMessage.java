package dev.sluice.sentry.ipc;

import dev.sluice.sentry.nativeio.HostFd;

import java.util.List;

/**
 * The messages of the control socket between the sentry and {@code sluice-init} (the C side is
 * native-shims' {@code init/chan.c}), after the launch plan: what sluice-init reports ({@link
 * FromInit}) and what the sentry tells it ({@link ToInit}). The contract, with when each is sent,
 * is docs/launch-plan.md, "Messages".
 */
public sealed interface ControlMessage extends Message {
    /** At most this long, in bytes: an ERROR's text is cut at 8 KiB by sluice-init, and escaped. */
    int MAX_FRAME = 64 * 1024;

    /** What sluice-init sends. */
    sealed interface FromInit extends ControlMessage {}

    /** What the sentry sends, after the plan. */
    sealed interface ToInit extends ControlMessage {}

    /** {@code PID1 PID}: the host pid of outer's child, or of a join plan's process. */
    record Pid1(int pid) implements FromInit {
        static final String VERB = "PID1";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(pid));
        }
    }

    /** {@code CONSOLE @}: the pty master of the {@code terminal} op. */
    record Console(HostFd master) implements FromInit {
        static final String VERB = "CONSOLE";

        @Override
        public Frame frame() {
            return new Frame(VERB, List.of(), 1);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(master);
        }
    }

    /** {@code LISTENER @}: the seccomp user-notification listener of Sluice's own filter. */
    record Listener(HostFd listener) implements FromInit {
        static final String VERB = "LISTENER";

        @Override
        public Frame frame() {
            return new Frame(VERB, List.of(), 1);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(listener);
        }
    }

    /** {@code READY}: the workload waits for GO. */
    record Ready() implements FromInit {
        static final String VERB = "READY";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code HOOKS}: init waits at its {@code hooks-wait} op for HOOKS-DONE. */
    record Hooks() implements FromInit {
        static final String VERB = "HOOKS";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code HELD FD}: the workload holds the sentry's end ({@link Hold}) as its fd {@code fd}. */
    record Held(int fd) implements FromInit {
        static final String VERB = "HELD";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(fd));
        }
    }

    /**
     * {@code AGENT-LISTENER @}: the listener of the container's own profile, for the seccomp agent;
     * {@code senderPid} is the sender's host pid from {@code SCM_CREDENTIALS}, 0 if none came.
     */
    record AgentListener(HostFd listener, int senderPid) implements FromInit {
        static final String VERB = "AGENT-LISTENER";

        @Override
        public Frame frame() {
            return new Frame(VERB, List.of(), 1);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(listener);
        }
    }

    /** {@code ERROR PHASE ERRNO TEXT}: setup failed in {@code phase}; the sender exits 125. */
    record Failed(String phase, int errno, String text) implements FromInit {
        static final String VERB = "ERROR";

        @Override
        public Frame frame() {
            return Frame.of(VERB, phase, Integer.toString(errno), text);
        }
    }

    /** {@code EXEC-FAILED ERRNO FILE}: the workload's execve failed. */
    record ExecFailed(int errno, String file) implements FromInit {
        static final String VERB = "EXEC-FAILED";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(errno), file);
        }
    }

    /** {@code GO}: the workload may exec. */
    record Go() implements ToInit {
        static final String VERB = "GO";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code HOOKS-DONE}: init goes on past its {@code hooks-wait} op. */
    record HooksDone() implements ToInit {
        static final String VERB = "HOOKS-DONE";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code HOLD @}: the sentry's own end of the socket, for the workload to keep until GO. */
    record Hold(HostFd ownEnd) implements ToInit {
        static final String VERB = "HOLD";

        @Override
        public Frame frame() {
            return new Frame(VERB, List.of(), 1);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(ownEnd);
        }
    }

    /** {@code AGENT-DONE}: the seccomp agent has the profile's listener; the workload execs. */
    record AgentDone() implements ToInit {
        static final String VERB = "AGENT-DONE";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code AGENT-REFUSED}: it could not be handed over; the workload exits 125. */
    record AgentRefused() implements ToInit {
        static final String VERB = "AGENT-REFUSED";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** What the sentry accepts from sluice-init. */
    Protocol<FromInit> FROM_INIT =
            Protocol.<FromInit>builder("sluice-init")
                    .on(Pid1.VERB, f -> new Pid1(f.natural("pid")))
                    .on(Console.VERB, f -> new Console(f.fd("the pty master")))
                    .on(Listener.VERB, f -> new Listener(f.fd("the listener")))
                    .on(Ready.VERB, f -> new Ready())
                    .on(Hooks.VERB, f -> new Hooks())
                    .on(Held.VERB, f -> new Held(f.natural("fd")))
                    .on(
                            AgentListener.VERB,
                            f -> new AgentListener(f.fd("the profile's listener"), f.senderPid()))
                    .on(
                            Failed.VERB,
                            f -> new Failed(f.text("phase"), f.natural("errno"), f.text("text")))
                    .on(ExecFailed.VERB, f -> new ExecFailed(f.natural("errno"), f.text("file")))
                    .build();

    /**
     * What sluice-init accepts after the plan (chan.c reads these; Java tests play its part with
     * it).
     */
    Protocol<ToInit> TO_INIT =
            Protocol.<ToInit>builder("the sentry")
                    .on(Go.VERB, f -> new Go())
                    .on(HooksDone.VERB, f -> new HooksDone())
                    .on(Hold.VERB, f -> new Hold(f.fd("the sentry's end")))
                    .on(AgentDone.VERB, f -> new AgentDone())
                    .on(AgentRefused.VERB, f -> new AgentRefused())
                    .build();
}
