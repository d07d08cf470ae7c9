package dev.sluice.rdmaproxy.net;

import java.net.Inet6Address;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Looks up a netdev of the caller's network namespace by name. The system one uses {@link
 * NetworkInterface}, which asks the kernel directly (no external tools), so it works inside a
 * sandbox and sees the sandbox's namespace; tests pass their own.
 */
@FunctionalInterface
public interface NetdevLookup {

    /** The netdev {@code name} of this network namespace, or empty when there is none. */
    Optional<NetdevInfo> find(String name);

    /** The lookup through {@link NetworkInterface}. */
    static NetdevLookup system() {
        return name -> {
            try {
                NetworkInterface ni = NetworkInterface.getByName(name);
                if (ni == null) {
                    return Optional.empty();
                }
                List<NetdevAddress> addrs = new ArrayList<>();
                for (InterfaceAddress ia : ni.getInterfaceAddresses()) {
                    byte[] raw = ia.getAddress().getAddress();
                    String text =
                            ia.getAddress() instanceof Inet6Address
                                    ? GidEntry.format(raw)
                                    : ia.getAddress().getHostAddress();
                    addrs.add(new NetdevAddress(text, ia.getNetworkPrefixLength()));
                }
                return Optional.of(new NetdevInfo(name, ni.isUp(), ni.getMTU(), addrs));
            } catch (SocketException e) {
                return Optional.empty();
            }
        };
    }
}
