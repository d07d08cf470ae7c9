package dev.sluice.oci.ipc;

import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;

/**
 * What a container's sentry daemon reports to {@code create} on the pipe create gave it
 * (dev.sluice.oci.daemon.SentryDaemon): any number of {@link Warning}s, then one {@link Created} or
 * {@link Failed}, then end of file. No fds travel on a pipe.
 */
public sealed interface DaemonReport extends Message {
    /** Warnings and a report are short; a message or two of a few KiB at most. */
    int MAX_FRAME = 64 * 1024;

    /** {@code WARN TEXT}: a warning for the caller of create, ahead of the report. */
    record Warning(String text) implements DaemonReport {
        static final String VERB = "WARN";

        @Override
        public Frame frame() {
            return Frame.of(VERB, text);
        }
    }

    /** {@code OK PID START}: the container's process (host pid, start time) waits for start. */
    record Created(int pid, long startTime) implements DaemonReport {
        static final String VERB = "OK";

        @Override
        public Frame frame() {
            return Frame.of(VERB, Integer.toString(pid), Long.toUnsignedString(startTime));
        }
    }

    /** {@code ERROR MESSAGE}: create failed, for this reason. */
    record Failed(String message) implements DaemonReport {
        static final String VERB = "ERROR";

        @Override
        public Frame frame() {
            return Frame.of(VERB, message);
        }
    }

    Protocol<DaemonReport> PROTOCOL =
            Protocol.<DaemonReport>builder("the sentry daemon")
                    .on(Warning.VERB, f -> new Warning(f.text("text")))
                    .on(
                            Created.VERB,
                            f -> new Created(f.natural("pid"), f.unsigned64("start time")))
                    .on(Failed.VERB, f -> new Failed(f.text("message")))
                    .build();
}
