package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * RoCE GIDs as sysfs shows them ({@code /sys/class/infiniband/DEV/ports/N/gids/I}, eight groups of
 * four hex digits; drivers/infiniband/core/sysfs.c, {@code show_port_gid}). A RoCE GID is the
 * IPv6 address of the netdev, or its IPv4 address mapped into IPv6 ({@code ::ffff:a.b.c.d})
 * (drivers/infiniband/core/roce_gid_mgmt.c).
 */
public final class Gids {
    private static final String ZERO = "0000:0000:0000:0000:0000:0000:0000:0000";

    private Gids() {}

    /** The GID that {@code address} (IPv4 or IPv6, literal) yields. */
    public static String ofAddress(String address) {
        byte[] ip;
        try {
            ip = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + address, e);
        }
        byte[] gid = new byte[16];
        if (ip.length == 4) {
            gid[10] = (byte) 0xff;
            gid[11] = (byte) 0xff;
            System.arraycopy(ip, 0, gid, 12, 4);
        } else {
            gid = ip;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 16; i += 2) {
            if (i > 0) {
                b.append(':');
            }
            b.append(String.format("%02x%02x", gid[i], gid[i + 1]));
        }
        return b.toString();
    }

    /** Whether {@code address} is an IPv4 literal. */
    static boolean isIpv4(String address) {
        try {
            return InetAddress.getByName(address) instanceof Inet4Address;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** The non-zero GIDs of every port of {@code ibdev} under {@code sys} (empty if the device is gone). */
    public static Set<String> present(Path sys, String ibdev) {
        Set<String> out = new LinkedHashSet<>();
        for (Path port : list(sys.resolve("class/infiniband").resolve(ibdev).resolve("ports"))) {
            for (Path g : list(port.resolve("gids"))) {
                try {
                    String v = Files.readString(g).strip();
                    if (!v.equals(ZERO)) {
                        out.add(v);
                    }
                } catch (IOException e) {
                    // An entry the driver rejects reading (EINVAL for an invalid index): empty.
                }
            }
        }
        return out;
    }

    /** Whether {@code ibdev}'s ports carry Ethernet (RoCE), where GIDs come from IP addresses. */
    public static boolean isRoce(Path sys, String ibdev) {
        for (Path port : list(sys.resolve("class/infiniband").resolve(ibdev).resolve("ports"))) {
            try {
                if (Files.readString(port.resolve("link_layer")).strip().equals("Ethernet")) {
                    return true;
                }
            } catch (IOException e) {
                // no link_layer: not RoCE
            }
        }
        return false;
    }

    static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.sorted().toList());
        } catch (IOException e) {
            return List.of();
        }
    }
}
