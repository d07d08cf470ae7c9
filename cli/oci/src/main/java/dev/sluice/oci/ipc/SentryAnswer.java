package dev.sluice.oci.ipc;

import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;

/** The sentry's answer to one {@link SentryRequest}. */
public sealed interface SentryAnswer extends Message {
    /** An answer carries at most one failure's text. */
    int MAX_FRAME = 64 * 1024;

    /** {@code OK}: done (the workload exec'd; the listener is served). */
    record Done() implements SentryAnswer {
        static final String VERB = "OK";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /** {@code ERROR MESSAGE}: not done, for this reason. */
    record Refused(String message) implements SentryAnswer {
        static final String VERB = "ERROR";

        @Override
        public Frame frame() {
            return Frame.of(VERB, message);
        }
    }

    Protocol<SentryAnswer> PROTOCOL =
            Protocol.<SentryAnswer>builder("the sentry")
                    .on(Done.VERB, f -> new Done())
                    .on(Refused.VERB, f -> new Refused(f.text("message")))
                    .build();
}
