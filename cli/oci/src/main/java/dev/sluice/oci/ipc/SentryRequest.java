package dev.sluice.oci.ipc;

import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;
import dev.sluice.sentry.nativeio.HostFd;

import java.util.List;

/**
 * A request to a container's sentry on its {@code sentry.sock}
 * (dev.sluice.oci.daemon.SentrySocket), one per connection, answered by one {@link SentryAnswer}.
 */
public sealed interface SentryRequest extends Message {
    /** A request is a few dozen bytes. */
    int MAX_FRAME = 8192;

    /** {@code START}: run the startContainer hooks, let the workload exec, answer once it has. */
    record Start() implements SentryRequest {
        static final String VERB = "START";

        @Override
        public Frame frame() {
            return Frame.of(VERB);
        }
    }

    /**
     * {@code LISTENER UID GID CAPS @}: the seccomp listener of a process exec'd into the container,
     * and what that process may do itself, which the sentry's workers for it then act as.
     */
    record AdoptListener(HostFd listener, GuestCredentials as) implements SentryRequest {
        static final String VERB = "LISTENER";

        @Override
        public Frame frame() {
            return new Frame(
                    VERB,
                    List.of(
                            Long.toString(as.uid()),
                            Long.toString(as.gid()),
                            Long.toUnsignedString(as.capabilities())),
                    1);
        }

        @Override
        public List<HostFd> fds() {
            return List.of(listener);
        }
    }

    Protocol<SentryRequest> PROTOCOL =
            Protocol.<SentryRequest>builder("a client of sentry.sock")
                    .on(Start.VERB, f -> new Start())
                    .on(
                            AdoptListener.VERB,
                            f -> {
                                GuestCredentials as =
                                        new GuestCredentials(
                                                f.number("uid", 0xffffffffL),
                                                f.number("gid", 0xffffffffL),
                                                f.unsigned64("capabilities"));
                                return new AdoptListener(f.fd("the listener"), as);
                            })
                    .build();
}
