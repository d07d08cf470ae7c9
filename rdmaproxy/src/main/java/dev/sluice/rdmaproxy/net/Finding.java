package dev.sluice.rdmaproxy.net;

/**
 * One thing {@link RdmaDoctor} found: what is wrong, on what, and what to do about it.
 *
 * @param severity {@link Severity#WARN} for a known failure mode, {@link Severity#INFO} for a note
 * @param kind which check found it
 * @param subject what it is about ({@code rxe0 port 1}, {@code sluice0}, {@code 192.168.77.1})
 * @param message what is wrong, one line
 * @param advice what to do, one line
 */
public record Finding(Severity severity, Kind kind, String subject, String message, String advice) {

    /** How bad it is. */
    public enum Severity {
        /** A note: something the doctor could not check, or worth knowing. */
        INFO,
        /** A known failure mode of the RDMA path; {@code sluice rdma doctor} exits 1. */
        WARN
    }

    /** The checks. */
    public enum Kind {
        /** The port's GID table has no valid entry. */
        EMPTY_GID_TABLE,
        /** A routable address of the RoCE netdev has no GID. */
        NO_GID_FOR_ADDRESS,
        /** The RoCE netdev has no routable IP address, so no GID to connect with. */
        NO_ADDRESSES,
        /** The port is not ACTIVE. */
        PORT_NOT_ACTIVE,
        /** arp_ignore or arp_announce allow ARP flux. */
        WEAK_ARP,
        /** The NIC and the GPU it is paired with are on different NUMA nodes. */
        NUMA_MISMATCH,
        /** The port's netdev does not exist in this network namespace. */
        NETDEV_NOT_IN_NAMESPACE,
        /** The NIC could not be paired with a GPU (no PCI placement). */
        NO_GPU_PAIRING
    }

    static Finding warn(Kind kind, String subject, String message, String advice) {
        return new Finding(Severity.WARN, kind, subject, message, advice);
    }

    static Finding info(Kind kind, String subject, String message, String advice) {
        return new Finding(Severity.INFO, kind, subject, message, advice);
    }
}
