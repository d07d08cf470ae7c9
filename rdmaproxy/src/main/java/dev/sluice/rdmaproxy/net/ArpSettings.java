package dev.sluice.rdmaproxy.net;

import java.nio.file.Path;

/**
 * The ARP sysctls that decide whether a host answers ARP for one interface's address on another
 * (ARP flux), read from {@code /proc/sys/net/ipv4/conf/{all,NETDEV}/arp_ignore} and {@code
 * arp_announce}. {@code /proc/sys/net} shows the reader's network namespace.
 *
 * <p>The rule (Documentation/networking/ip-sysctl.rst): for both settings the kernel uses the
 * <b>larger</b> of {@code conf/all} and {@code conf/NETDEV} (net/ipv4/arp.c reads them through
 * {@code IN_DEV_ARP_IGNORE} and {@code IN_DEV_ARP_ANNOUNCE}, which include/linux/inetdevice.h
 * defines with {@code IN_DEV_MAXCONF}). {@code arp_ignore} 0 (the default) answers a request for
 * any local address on any interface; 1 answers only when the address is configured on the
 * interface the request came in on. {@code arp_announce} 0 (the default) may use any local address
 * as the source of an ARP request; 2 always uses the best address of the outgoing interface. RoCE
 * resolves a peer's MAC through the kernel's neighbour table ({@code ibv_resolve_eth_dmac} /
 * address handles), so an ARP reply from the wrong interface sends RDMA traffic to a NIC whose GID
 * table lacks the address, and the traffic is dropped silently.
 *
 * @param allIgnore {@code conf/all/arp_ignore}, -1 if unknown
 * @param devIgnore {@code conf/NETDEV/arp_ignore}, -1 if unknown
 * @param allAnnounce {@code conf/all/arp_announce}, -1 if unknown
 * @param devAnnounce {@code conf/NETDEV/arp_announce}, -1 if unknown
 */
public record ArpSettings(int allIgnore, int devIgnore, int allAnnounce, int devAnnounce) {
    /** The weakest {@code arp_ignore} that does not answer for other interfaces' addresses. */
    public static final int MIN_ARP_IGNORE = 1;

    /** The weakest {@code arp_announce} that always uses the outgoing interface's own address. */
    public static final int MIN_ARP_ANNOUNCE = 2;

    /** Reads the settings of {@code netdev} under {@code proc} (normally {@code /proc}). */
    public static ArpSettings read(Path proc, String netdev) {
        Path conf = proc.resolve("sys/net/ipv4/conf");
        return new ArpSettings(
                SysFiles.readInt(conf.resolve("all/arp_ignore"), -1),
                SysFiles.readInt(conf.resolve(netdev).resolve("arp_ignore"), -1),
                SysFiles.readInt(conf.resolve("all/arp_announce"), -1),
                SysFiles.readInt(conf.resolve(netdev).resolve("arp_announce"), -1));
    }

    /** Whether both settings of the netdev could be read (the netdev exists in this namespace). */
    public boolean known() {
        return devIgnore >= 0 && devAnnounce >= 0;
    }

    /** The {@code arp_ignore} in effect: max(all, NETDEV). */
    public int arpIgnore() {
        return Math.max(allIgnore, devIgnore);
    }

    /** The {@code arp_announce} in effect: max(all, NETDEV). */
    public int arpAnnounce() {
        return Math.max(allAnnounce, devAnnounce);
    }

    /**
     * Whether the effective settings allow ARP flux ({@code arp_ignore < 1} or {@code arp_announce
     * < 2}).
     */
    public boolean weak() {
        return known() && (arpIgnore() < MIN_ARP_IGNORE || arpAnnounce() < MIN_ARP_ANNOUNCE);
    }
}
