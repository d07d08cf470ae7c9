package dev.sluice.rdmaproxy.rdmacm;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.abi.RdmaCmKernel;
import dev.sluice.rdmaproxy.net.GidEntry;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * A socket address inside an rdma_cm command: {@code sockaddr_in}, {@code sockaddr_in6} or AF_IB's
 * {@code sockaddr_ib}, read from the sentry's copy of the command. The family is in host order,
 * ports and addresses in network order, as the kernel reads them.
 *
 * <p>An address of another family is kept with its family number only ({@link #known()} is false),
 * so that the policy can name it in a refusal.
 */
public final class RdmaCmAddress {
    private final int family;
    private final byte[] address;
    private final int port;
    private final long sid;
    private final long sidMask;

    private RdmaCmAddress(int family, byte[] address, int port, long sid, long sidMask) {
        this.family = family;
        this.address = address;
        this.port = port;
        this.sid = sid;
        this.sidMask = sidMask;
    }

    /**
     * Reads the address at struct offset {@code off} of {@code c}, in a field of {@code room} bytes
     * (28 for a {@code sockaddr_in6} member, 128 for a {@code __kernel_sockaddr_storage}). An AF_IB
     * address does not fit a 28-byte field: it reads as an address of unknown family.
     */
    public static RdmaCmAddress read(RdmaCmCommand c, int off, int room) {
        int family = c.u16(off);
        switch (family) {
            case RdmaCmAbi.AF_INET:
                return new RdmaCmAddress(
                        family,
                        c.slice(off + RdmaCmAbi.SockaddrIn.OFF_SIN_ADDR, 4),
                        port(c, off + RdmaCmAbi.SockaddrIn.OFF_SIN_PORT),
                        0,
                        0);
            case RdmaCmAbi.AF_INET6:
                return new RdmaCmAddress(
                        family,
                        c.slice(off + RdmaCmAbi.SockaddrIn6.OFF_SIN6_ADDR, 16),
                        port(c, off + RdmaCmAbi.SockaddrIn6.OFF_SIN6_PORT),
                        0,
                        0);
            case RdmaCmAbi.AF_IB:
                if (room < RdmaCmKernel.SockaddrIb.SIZE) {
                    return new RdmaCmAddress(family, null, 0, 0, 0);
                }
                long sid = be64(c, off + RdmaCmKernel.SockaddrIb.OFF_SIB_SID);
                long mask = be64(c, off + RdmaCmKernel.SockaddrIb.OFF_SIB_SID_MASK);
                return new RdmaCmAddress(
                        family,
                        c.slice(off + RdmaCmKernel.SockaddrIb.OFF_SIB_ADDR, 16),
                        (int) (sid & mask & RdmaCmKernel.RDMA_IB_IP_PORT_MASK),
                        sid,
                        mask);
            default:
                return new RdmaCmAddress(family, null, 0, 0, 0);
        }
    }

    private static int port(RdmaCmCommand c, int off) {
        return c.u8(off) << 8 | c.u8(off + 1);
    }

    private static long be64(RdmaCmCommand c, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | c.u8(off + i);
        }
        return v;
    }

    /** The family number ({@code AF_INET}, {@code AF_INET6}, {@code AF_IB}, or another). */
    public int family() {
        return family;
    }

    /** Whether this is an AF_INET, AF_INET6 or (whole) AF_IB address. */
    public boolean known() {
        return address != null;
    }

    /** Whether this is an AF_IB address. */
    public boolean ib() {
        return family == RdmaCmAbi.AF_IB && address != null;
    }

    /**
     * The size the kernel gives this family ({@code rdma_addr_size}): 16, 28 or 48, 0 for any other
     * family.
     */
    public int size() {
        return switch (family) {
            case RdmaCmAbi.AF_INET -> RdmaCmAbi.SockaddrIn.SIZE;
            case RdmaCmAbi.AF_INET6 -> RdmaCmAbi.SockaddrIn6.SIZE;
            case RdmaCmAbi.AF_IB -> RdmaCmKernel.SockaddrIb.SIZE;
            default -> 0;
        };
    }

    /**
     * The port: {@code sin_port}, {@code sin6_port}, or AF_IB's masked service id's low 16 bits.
     */
    public int port() {
        return port;
    }

    /** AF_IB's service id, host order; 0 for IP families. */
    public long serviceId() {
        return sid;
    }

    /** The IP address; null for AF_IB and unknown families. */
    public InetAddress inet() {
        if (!known() || ib()) {
            return null;
        }
        try {
            // An IPv4-mapped IPv6 address comes back as its IPv4 address.
            return InetAddress.getByAddress(address);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** AF_IB's GID (16 bytes, a copy); null for other families. */
    public byte[] gid() {
        return ib() ? address.clone() : null;
    }

    /** Whether the address is all zero: {@code INADDR_ANY}, {@code ::}, or the zero GID. */
    public boolean wildcard() {
        if (!known()) {
            return false;
        }
        for (byte x : address) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether it is a multicast address: 224.0.0.0/4, ff00::/8, or a GID starting with 0xff. */
    public boolean multicast() {
        if (!known()) {
            return false;
        }
        if (family == RdmaCmAbi.AF_INET) {
            return (address[0] & 0xf0) == 0xe0;
        }
        return (address[0] & 0xff) == 0xff;
    }

    /** The family's C name, or its number. */
    public String familyName() {
        return switch (family) {
            case RdmaCmAbi.AF_INET -> "AF_INET";
            case RdmaCmAbi.AF_INET6 -> "AF_INET6";
            case RdmaCmAbi.AF_IB -> "AF_IB";
            default -> Integer.toString(family);
        };
    }

    /** {@code 10.0.2.15}, {@code fd00::2}, {@code GID fe80::1}, or {@code family 17}. */
    @Override
    public String toString() {
        if (!known()) {
            return "family " + familyName();
        }
        if (ib()) {
            return "GID " + GidEntry.format(address);
        }
        return address.length == 4 ? inet().getHostAddress() : GidEntry.format(address);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RdmaCmAddress a
                && a.family == family
                && Arrays.equals(a.address, address)
                && a.port == port
                && a.sid == sid
                && a.sidMask == sidMask;
    }

    @Override
    public int hashCode() {
        return 31 * family + Arrays.hashCode(address) + port;
    }
}
