package dev.sluice.rdmaproxy.net;

import java.util.List;

/**
 * A netdev as this network namespace sees it.
 *
 * @param name its name
 * @param up whether it is administratively up
 * @param mtu its MTU, -1 if unknown
 * @param addresses its IP addresses
 */
public record NetdevInfo(String name, boolean up, int mtu, List<NetdevAddress> addresses) {
    public NetdevInfo {
        addresses = List.copyOf(addresses);
    }
}
