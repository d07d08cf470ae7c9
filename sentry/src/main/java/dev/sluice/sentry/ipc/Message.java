package dev.sluice.sentry.ipc;

import dev.sluice.sentry.nativeio.HostFd;

import java.util.List;

/**
 * A typed message of one of Sluice's protocols: what it is on the wire ({@link #frame}) and the fds
 * that travel with it. A message sent lends its fds: {@link Channel#send} never closes them. A
 * message received owns them: the receiver closes them.
 */
public interface Message {
    /** The verb and fields; its {@link Frame#fds()} is {@code fds().size()}. */
    Frame frame();

    /** The fds that travel with it, in order. */
    default List<HostFd> fds() {
        return List.of();
    }
}
