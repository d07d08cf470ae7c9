package dev.sluice.rdmaproxy.net;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * One IP address of a netdev, as {@code ip -j addr show} reports it ({@code addr_info}), with what
 * is needed to add it again the same way: RoCE GIDs are derived from these addresses
 * (drivers/infiniband/core/roce_gid_mgmt.c), and the kernel drops them all when the netdev changes
 * namespace (net/core/dev.c, {@code __dev_change_net_namespace}).
 *
 * @param family 4 or 6
 * @param local the address
 * @param prefixLen the prefix length
 * @param broadcast the IPv4 broadcast address, or null
 * @param scope {@code global}, {@code site}, {@code link} or {@code host}
 * @param label the IPv4 label when it is not the netdev's own name (an alias {@code eth0:1}), or
 *     null
 * @param validLft the valid lifetime in seconds; -1 forever
 * @param preferredLft the preferred lifetime in seconds; -1 forever
 * @param flags {@code noprefixroute}, {@code nodad}, {@code home}, {@code mngtmpaddr}: the flags ip
 *     can set, as ip prints them
 */
public record IfAddress(
        int family,
        String local,
        int prefixLen,
        String broadcast,
        String scope,
        String label,
        long validLft,
        long preferredLft,
        List<String> flags) {
    /** The flags that {@code ip addr add} accepts back (ip-address(8)). */
    static final List<String> SETTABLE_FLAGS =
            List.of("noprefixroute", "nodad", "home", "mngtmpaddr", "autojoin");

    private static final long FOREVER = 4294967295L;

    public IfAddress {
        flags = List.copyOf(flags);
    }

    /**
     * The addresses of the {@code ip -j addr show dev DEV} entry {@code link} that must be added
     * again after a move. IPv6 link-local addresses are left out: the kernel makes them itself when
     * the link comes up, from the MAC address, which a move keeps.
     */
    public static List<IfAddress> of(JsonNode link) {
        List<IfAddress> out = new ArrayList<>();
        String dev = link.path("ifname").asText();
        for (JsonNode a : link.path("addr_info")) {
            String fam = a.path("family").asText();
            int family = fam.equals("inet") ? 4 : fam.equals("inet6") ? 6 : 0;
            String scope = a.path("scope").asText("global");
            if (family == 0 || !a.hasNonNull("local") || (family == 6 && scope.equals("link"))) {
                continue;
            }
            List<String> flags = new ArrayList<>();
            for (String f : SETTABLE_FLAGS) {
                if (a.path(f).asBoolean(false)) {
                    flags.add(f);
                }
            }
            String label = a.path("label").asText(null);
            out.add(
                    new IfAddress(
                            family,
                            a.get("local").asText(),
                            a.path("prefixlen").asInt(family == 4 ? 32 : 128),
                            a.path("broadcast").asText(null),
                            scope,
                            label == null || label.equals(dev) ? null : label,
                            lifetime(a.path("valid_life_time")),
                            lifetime(a.path("preferred_life_time")),
                            flags));
        }
        return out;
    }

    /**
     * The arguments of {@code ip addr add} that recreate this address on {@code dev} (named {@code
     * hostDev} when captured).
     */
    public String addCommand(String dev, String hostDev) {
        StringBuilder b =
                new StringBuilder("addr replace ")
                        .append(local)
                        .append('/')
                        .append(prefixLen)
                        .append(" dev ")
                        .append(dev);
        if (broadcast != null) {
            b.append(" broadcast ").append(broadcast);
        }
        if (label != null) {
            // An alias label must start with the netdev's name: follow a rename.
            String l = label.startsWith(hostDev) ? dev + label.substring(hostDev.length()) : label;
            b.append(" label ").append(l);
        }
        if (!scope.equals("global")) {
            b.append(" scope ").append(scope);
        }
        if (validLft >= 0) {
            b.append(" valid_lft ")
                    .append(validLft)
                    .append(" preferred_lft ")
                    .append(Math.max(0, preferredLft));
        }
        for (String f : flags) {
            b.append(' ').append(f);
        }
        return b.toString();
    }

    /** The address as an {@link InetAddress} (a literal: nothing is looked up). */
    public InetAddress inet() {
        try {
            return InetAddress.getByName(local);
        } catch (UnknownHostException e) {
            throw new NetdevException("not an IP address: " + local, e);
        }
    }

    private static long lifetime(JsonNode n) {
        if (n.isMissingNode() || n.asLong() >= FOREVER) {
            return -1;
        }
        return n.asLong();
    }
}
