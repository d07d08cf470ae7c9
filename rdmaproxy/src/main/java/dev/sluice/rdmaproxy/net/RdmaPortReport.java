package dev.sluice.rdmaproxy.net;

import java.util.List;

/**
 * What {@link RdmaDoctor} found on one port of an RDMA device.
 *
 * @param port the port number (from 1)
 * @param state the port state without its number ({@code ACTIVE}, {@code DOWN}); empty if unknown
 * @param linkLayer {@code Ethernet} (RoCE) or {@code InfiniBand}; empty if unknown
 * @param netdev the port's netdev name, empty when it has none
 * @param netdevPresent whether that netdev exists in this network namespace
 * @param mtu the netdev's MTU, -1 when unknown
 * @param up whether the netdev is up
 * @param addresses the netdev's addresses and the GIDs made for each
 * @param gids the valid GID table entries
 * @param arp the netdev's ARP settings, null without a netdev in this namespace
 * @param netdevPlacement where the netdev's own device sits (for rxe, the NIC underneath)
 * @param findings what is wrong with this port
 */
public record RdmaPortReport(
        int port,
        String state,
        String linkLayer,
        String netdev,
        boolean netdevPresent,
        int mtu,
        boolean up,
        List<Address> addresses,
        List<GidEntry> gids,
        ArpSettings arp,
        PciPlacement netdevPlacement,
        List<Finding> findings) {

    public RdmaPortReport {
        addresses = List.copyOf(addresses);
        gids = List.copyOf(gids);
        findings = List.copyOf(findings);
    }

    /**
     * Whether the port is RoCE (an Ethernet link layer): its GIDs come from the netdev's addresses.
     */
    public boolean roce() {
        return linkLayer.equals("Ethernet");
    }

    /**
     * An address of the port's netdev.
     *
     * @param address the address
     * @param prefixLength its prefix length
     * @param linkLocal whether it is link-local
     * @param gidIndices the GID table entries made for it (empty: none)
     */
    public record Address(
            String address, int prefixLength, boolean linkLocal, List<Integer> gidIndices) {
        public Address {
            gidIndices = List.copyOf(gidIndices);
        }
    }
}
