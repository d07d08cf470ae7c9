package dev.sluice.rdmaproxy.net;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An IP address of a netdev.
 *
 * @param address the address as text ({@code 192.168.77.1}, {@code fe80::1}), without a scope
 * @param prefixLength its prefix length
 */
public record NetdevAddress(String address, int prefixLength) {

    /** The address (a literal: never a name lookup). */
    public InetAddress inet() {
        try {
            if (address.indexOf(':') >= 0) {
                return InetAddress.getByAddress(GidEntry.parse(address));
            }
            String[] f = address.split("\\.");
            if (f.length != 4) {
                throw new IllegalArgumentException("not an IP address: " + address);
            }
            byte[] b = new byte[4];
            for (int i = 0; i < 4; i++) {
                b[i] = (byte) Integer.parseInt(f[i]);
            }
            return InetAddress.getByAddress(b);
        } catch (UnknownHostException | NumberFormatException e) {
            throw new IllegalArgumentException("not an IP address: " + address, e);
        }
    }

    /** Whether the address is link-local (IPv6 fe80::/10 or IPv4 169.254/16): it does not route. */
    public boolean linkLocal() {
        return inet().isLinkLocalAddress();
    }

    /** {@code 192.168.77.1/24}. */
    @Override
    public String toString() {
        return address + "/" + prefixLength;
    }
}
