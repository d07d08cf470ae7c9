package dev.sluice.rdmaproxy.net;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a netdev looked like in the runtime's namespace before Sluice moved it: everything a move
 * loses and that must be put back, in the sandbox and again on the host.
 *
 * @param name its name on the host
 * @param mtu its MTU (kept by a move, set again anyway: a driver may reset it)
 * @param up whether it was administratively up (a move takes it down)
 * @param addresses its addresses (a move drops them; RoCE GIDs go with them)
 * @param routes its static routes (dropped with the addresses)
 * @param rdmaDevices the RDMA devices on it, whose GIDs must come back
 * @param softRoce the Soft-RoCE links on it, with their uverbs nodes (a move unregisters them)
 * @param arpIgnore its own {@code arp_ignore} on the host, to put back ("" when unknown)
 * @param arpAnnounce its own {@code arp_announce} on the host, likewise
 */
public record NetdevSnapshot(
        String name,
        int mtu,
        boolean up,
        List<IfAddress> addresses,
        List<IfRoute> routes,
        List<String> rdmaDevices,
        List<RdmaLinks.SoftRoceLink> softRoce,
        String arpIgnore,
        String arpAnnounce) {
    public NetdevSnapshot {
        addresses = List.copyOf(addresses);
        routes = List.copyOf(routes);
        rdmaDevices = List.copyOf(rdmaDevices);
        softRoce = List.copyOf(softRoce);
    }

    /**
     * Reads {@code dev} in the runtime's namespace. {@code sys} and {@code procSysNet} are the
     * host's {@code /sys} and {@code /proc/sys/net} (tests point them elsewhere).
     */
    public static NetdevSnapshot capture(IpRoute2 ip, Path sys, Path procSysNet, String dev) {
        JsonNode links = ip.ipJson(null, "addr", "show", "dev", dev);
        if (!links.isArray() || links.isEmpty()) {
            throw new NetdevException("netdev " + dev + ": ip printed nothing for it");
        }
        JsonNode link = links.get(0);
        boolean up = false;
        for (JsonNode f : link.path("flags")) {
            up |= f.asText().equals("UP");
        }
        List<IfRoute> routes =
                new ArrayList<>(IfRoute.of(ip.ipJson(null, "route", "show", "dev", dev), 4));
        routes.addAll(IfRoute.of(ip.ipJson(null, "-6", "route", "show", "dev", dev), 6));
        Path conf = procSysNet.resolve("ipv4/conf").resolve(dev);
        return new NetdevSnapshot(
                dev,
                link.path("mtu").asInt(0),
                up,
                IfAddress.of(link),
                routes,
                RdmaLinks.all(sys, dev),
                RdmaLinks.softRoceLinks(sys, dev),
                SysFiles.read(conf.resolve("arp_ignore")),
                SysFiles.read(conf.resolve("arp_announce")));
    }

    /**
     * The {@code ip} batch that gives {@code dev} (this netdev, named {@code dev} where it is now)
     * its MTU, link state, addresses and routes back, in that order: addresses need the link,
     * routes their addresses.
     */
    public List<String> restoreCommands(String dev) {
        List<String> lines = new ArrayList<>();
        if (mtu > 0) {
            lines.add("link set dev " + dev + " mtu " + mtu);
        }
        if (up) {
            lines.add("link set dev " + dev + " up");
        }
        for (IfAddress a : addresses) {
            lines.add(a.addCommand(dev, name));
        }
        if (up) {
            // A route through a link that is down is refused; a down link had none to restore.
            for (IfRoute r : routes) {
                lines.add(r.addCommand(dev));
            }
        }
        return lines;
    }

    /** The addresses whose GIDs its RoCE devices must show once they are back. */
    public List<InetAddress> gidAddresses() {
        List<InetAddress> out = new ArrayList<>();
        for (IfAddress a : addresses) {
            if (!a.scope().equals("host")) {
                out.add(a.inet());
            }
        }
        return out;
    }
}
