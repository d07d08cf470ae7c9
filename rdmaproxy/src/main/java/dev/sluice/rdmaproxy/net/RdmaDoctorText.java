package dev.sluice.rdmaproxy.net;

import dev.sluice.rdmaproxy.driver.GenericPlugin;
import dev.sluice.rdmaproxy.driver.PluginChoice;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The human-readable form of an {@link RdmaDoctorReport}: a block per device port, then a summary
 * line.
 */
public final class RdmaDoctorText {
    private RdmaDoctorText() {}

    public static String render(RdmaDoctorReport report) {
        StringBuilder sb = new StringBuilder();
        for (RdmaDeviceReport d : report.devices()) {
            device(sb, d);
            sb.append('\n');
        }
        long warnings = report.warnings();
        int n = report.devices().size();
        sb.append(n)
                .append(n == 1 ? " RDMA device, " : " RDMA devices, ")
                .append(
                        warnings == 0
                                ? "no warnings"
                                : warnings + (warnings == 1 ? " warning" : " warnings"))
                .append('\n');
        return sb.toString();
    }

    private static void device(StringBuilder sb, RdmaDeviceReport d) {
        String name =
                d.ibdev() + " (" + (d.uverbs().isEmpty() ? "no uverbs node" : d.uverbs()) + ")";
        if (d.ports().isEmpty()) {
            sb.append(name).append("  no ports visible\n");
            common(sb, d);
        }
        for (int i = 0; i < d.ports().size(); i++) {
            RdmaPortReport p = d.ports().get(i);
            sb.append(name)
                    .append("  port ")
                    .append(p.port())
                    .append(' ')
                    .append(or(p.state()))
                    .append("  link_layer ")
                    .append(or(p.linkLayer()))
                    .append("  netdev ");
            if (p.netdev().isEmpty()) {
                sb.append('-');
            } else if (!p.netdevPresent()) {
                sb.append(p.netdev()).append(" (not in this network namespace)");
            } else {
                sb.append(p.netdev())
                        .append(" (mtu ")
                        .append(p.mtu())
                        .append(", ")
                        .append(p.up() ? "up" : "down")
                        .append(')');
            }
            sb.append('\n');
            if (p.netdevPresent()) {
                sb.append("  addresses: ")
                        .append(
                                p.addresses().isEmpty()
                                        ? "none"
                                        : p.addresses().stream()
                                                .map(RdmaDoctorText::address)
                                                .collect(Collectors.joining(", ")))
                        .append('\n');
            }
            gids(sb, p.gids());
            if (p.arp() != null) {
                ArpSettings a = p.arp();
                sb.append("  arp_ignore=")
                        .append(num(a.arpIgnore()))
                        .append(" arp_announce=")
                        .append(num(a.arpAnnounce()))
                        .append(" (max of all: ")
                        .append(num(a.allIgnore()))
                        .append('/')
                        .append(num(a.allAnnounce()))
                        .append(", ")
                        .append(p.netdev())
                        .append(": ")
                        .append(num(a.devIgnore()))
                        .append('/')
                        .append(num(a.devAnnounce()))
                        .append(")\n");
            }
            sb.append("  placement: ").append(d.placement().describe());
            if (!p.netdev().isEmpty()) {
                sb.append("; netdev ")
                        .append(p.netdev())
                        .append(": ")
                        .append(p.netdevPlacement().describe());
            }
            sb.append('\n');
            if (i == 0) {
                common(sb, d);
            }
            findings(sb, p.findings());
        }
        findings(sb, d.findings());
    }

    private static void common(StringBuilder sb, RdmaDeviceReport d) {
        sb.append("  plugin: ").append(d.plugin()).append(" (").append(d.pluginReason());
        if (d.plugin().equals(PluginChoice.REFUSED)) {
            sb.append("; sluice run --rdma-generic serves it with the generic plugin");
        } else if (d.plugin().equals(GenericPlugin.NAME)) {
            sb.append("; core verbs only, no driver data");
        }
        sb.append(")\n");
        List<String> ids = new ArrayList<>();
        if (!d.nodeGuid().isEmpty()) {
            ids.add("node_guid " + d.nodeGuid());
        }
        if (!d.fwVer().isEmpty()) {
            ids.add("fw_ver " + d.fwVer());
        }
        if (!ids.isEmpty()) {
            sb.append("  ").append(String.join("  ", ids)).append('\n');
        }
        if (d.gpu() != null) {
            GpuPlacement g = d.gpu();
            sb.append("  GPU: ")
                    .append(g.name())
                    .append(" (")
                    .append(g.placement().describe())
                    .append("), the closest granted GPU in PCI topology\n");
        }
    }

    private static void gids(StringBuilder sb, List<GidEntry> gids) {
        if (gids.isEmpty()) {
            sb.append("  GIDs: none\n");
            return;
        }
        int w = gids.stream().mapToInt(g -> g.gid().length()).max().orElse(0);
        for (int i = 0; i < gids.size(); i++) {
            GidEntry g = gids.get(i);
            sb.append(i == 0 ? "  GIDs: " : "        ")
                    .append(
                            String.format(
                                            "%-3d %-" + w + "s  %-10s  %s",
                                            g.index(),
                                            g.gid(),
                                            or(g.type()),
                                            or(g.netdev()))
                                    .stripTrailing())
                    .append('\n');
        }
    }

    private static void findings(StringBuilder sb, List<Finding> findings) {
        for (Finding f : findings) {
            sb.append("  ").append(f.severity()).append(' ').append(f.message()).append('\n');
            sb.append(f.severity() == Finding.Severity.WARN ? "       fix: " : "       ")
                    .append(f.advice())
                    .append('\n');
        }
    }

    private static String address(RdmaPortReport.Address a) {
        String gid =
                a.gidIndices().isEmpty()
                        ? "no GID"
                        : (a.gidIndices().size() == 1 ? "GID " : "GIDs ")
                                + a.gidIndices().stream()
                                        .map(String::valueOf)
                                        .collect(Collectors.joining(","));
        return a.address() + "/" + a.prefixLength() + " (" + gid + ")";
    }

    private static String or(String s) {
        return s.isEmpty() ? "-" : s;
    }

    private static String num(int n) {
        return n < 0 ? "-" : Integer.toString(n);
    }
}
