package dev.sluice.rdmaproxy.net;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A route of the main table through a netdev, as {@code ip -j route show dev DEV} reports it: the
 * static routes (a gateway to other RoCE subnets, a default route) that a move drops with the
 * addresses. Routes the kernel makes itself from an address ({@code proto kernel}) or from router
 * advertisements ({@code proto ra}) come back on their own and are left out.
 *
 * @param family 4 or 6
 * @param dst the destination prefix, or {@code default}
 * @param gateway the next hop, or null
 * @param prefsrc the preferred source address, or null
 * @param metric the metric, or -1 for none
 */
public record IfRoute(int family, String dst, String gateway, String prefsrc, long metric) {

    /**
     * The routes of {@code ip -j [-6] route show dev DEV} ({@code routes}) to restore after a move.
     */
    public static List<IfRoute> of(JsonNode routes, int family) {
        List<IfRoute> out = new ArrayList<>();
        for (JsonNode r : routes) {
            String proto = r.path("protocol").asText("");
            String type = r.path("type").asText("unicast");
            if (proto.equals("kernel")
                    || proto.equals("ra")
                    || !type.equals("unicast")
                    || !r.hasNonNull("dst")) {
                continue;
            }
            out.add(
                    new IfRoute(
                            family,
                            r.get("dst").asText(),
                            r.path("gateway").asText(null),
                            r.path("prefsrc").asText(null),
                            r.path("metric").asLong(-1)));
        }
        return out;
    }

    /** The {@code ip} batch line that puts this route back on {@code dev}. */
    public String addCommand(String dev) {
        // ip infers the family from the addresses; an IPv6 default route must say so itself.
        String to = family == 6 && dst.equals("default") ? "::/0" : dst;
        StringBuilder b = new StringBuilder("route replace ").append(to);
        if (gateway != null) {
            b.append(" via ").append(gateway);
        }
        b.append(" dev ").append(dev);
        if (prefsrc != null) {
            b.append(" src ").append(prefsrc);
        }
        if (metric >= 0) {
            b.append(" metric ").append(metric);
        }
        return b.toString();
    }
}
