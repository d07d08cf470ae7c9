package dev.sluice.rdmaproxy.net;

/**
 * What is done to a netdev in the sandbox's network namespace right after it moved there, before
 * the sandbox may use it: {@link SnapshotRestorer#settle} as shipped. {@link NetdevMover} moves the
 * netdev back if this throws.
 */
@FunctionalInterface
public interface NetdevArrival {
    /**
     * Sets the netdev of {@code grant} up in {@code netns}, where it still has its host name, from
     * {@code host}, what it was on the host; throws {@link NetdevException} when it is not fit for
     * the sandbox.
     */
    void settle(NetdevMover.Grant grant, String netns, NetdevSnapshot host);
}
