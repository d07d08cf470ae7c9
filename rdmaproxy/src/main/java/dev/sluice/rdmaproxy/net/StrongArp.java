package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The strong host model for RDMA netdevs: {@code arp_ignore=1} (answer ARP only for addresses of
 * the interface the request came in on) and {@code arp_announce=2} (always use the best local
 * address of the outgoing interface as the ARP source). Under Linux's default weak model any
 * interface answers for any address of the host ("ARP flux"); RoCE traffic then goes to the MAC of
 * a NIC whose GID table lacks the address and is dropped without a word. The kernel uses the larger
 * of {@code conf/all} and {@code conf/DEV} for both (Documentation/networking/ip-sysctl.rst).
 *
 * <p>In a sandbox's own namespace sluice-init writes them from the launch plan ({@link #sysctls});
 * in the host's namespace ({@code --net host}) only where the user opts in ({@link #applyOnHost}),
 * because it changes the host for everyone.
 */
public final class StrongArp {
    public static final String ARP_IGNORE = "1";
    public static final String ARP_ANNOUNCE = "2";

    private StrongArp() {}

    /** The sysctls, as paths under /proc/sys, for {@code all} and each of {@code netdevs}. */
    public static Map<String, String> sysctls(List<String> netdevs) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> ifs = new ArrayList<>();
        ifs.add("all");
        ifs.addAll(netdevs);
        for (String i : ifs) {
            out.put("net/ipv4/conf/" + i + "/arp_ignore", ARP_IGNORE);
            out.put("net/ipv4/conf/" + i + "/arp_announce", ARP_ANNOUNCE);
        }
        return out;
    }

    /**
     * Writes the sysctls under {@code procSys} (the host's /proc/sys) for {@code netdevs}; returns
     * one line per value changed, {@code path: old -> new}. Values already as strict are kept.
     */
    public static List<String> applyOnHost(Path procSys, List<String> netdevs) throws IOException {
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> e : sysctls(netdevs).entrySet()) {
            Path p = procSys.resolve(e.getKey());
            String old = Files.readString(p).strip();
            if (Integer.parseInt(old) < Integer.parseInt(e.getValue())) {
                Files.writeString(p, e.getValue());
                changed.add(e.getKey() + ": " + old + " -> " + e.getValue());
            }
        }
        return changed;
    }
}
