package dev.sluice.rdmaproxy.net;

import dev.sluice.sentry.faults.TestFaults;

/**
 * Fault injection into netdev moves, for the end-to-end tests only: the {@link NetdevArrival} that
 * {@code netdev=} of {@code SLUICE_TEST_FAULTS} ({@link TestFaults}) puts in place of the shipped
 * {@link SnapshotRestorer}. {@link NetdevMover#onHost} asks once; without the variable it gets the
 * shipped arrival back, and the mover holds no fault branch. It sits beside the mover, not in a
 * package of its own, because it decorates the package's own types and the mover's factory calls it
 * (a package of its own would depend on this one and this one on it). What it puts in place:
 *
 * <ul>
 *   <li>{@code after-move}: the move fails right after the netdev reached the sandbox, before
 *       anything is set up inside, so the mover's roll-back runs (the message says "injected fault
 *       after the move");
 *   <li>{@code plain-move}: the netdev is settled as a plain runtime leaves it: renamed if asked,
 *       link up, its Soft-RoCE links back (so the sandbox's planned /dev still holds), but no
 *       addresses, MTU or routes and no wait for GIDs. The RDMA netns VM suite runs this as its
 *       "without the fix" case.
 * </ul>
 */
public final class NetdevFaults {
    private NetdevFaults() {}

    /** The arrival to use: {@code shipped} itself unless {@code faults} asks for a netdev fault. */
    public static NetdevArrival arrival(TestFaults faults, IpRoute2 ip, SnapshotRestorer shipped) {
        return switch (faults.netdev()) {
            case NONE -> shipped;
            case AFTER_MOVE ->
                    (g, netns, host) -> {
                        throw new NetdevException(
                                "netdev " + g.hostName() + ": injected fault after the move");
                    };
            case PLAIN_MOVE ->
                    (g, netns, host) -> {
                        if (!g.innerName().equals(g.hostName())) {
                            ip.ip(netns, "link", "set", "dev", g.hostName(), "name", g.innerName());
                        }
                        ip.ip(netns, "link", "set", "dev", g.innerName(), "up");
                        shipped.addSoftRoce(host, netns, g.innerName());
                    };
        };
    }
}
