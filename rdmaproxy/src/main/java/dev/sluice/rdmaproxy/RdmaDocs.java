package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.driver.DriverPlugins;
import dev.sluice.rdmaproxy.driver.GenericPlugin;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * RDMAProxy's tables as Markdown, for docs/ioctls.md. Every uverbs call is one request, {@code
 * RDMA_VERBS_IOCTL}; what it does is the (object, method) in its header, or the legacy command of
 * an {@code INVOKE_WRITE}. The rows here are what each driver plugin allows, with the disposition;
 * everything else is denied with EINVAL and a line naming object, method and attribute.
 */
final class RdmaDocs {
    private RdmaDocs() {}

    static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("## rdmaproxy: uverbs methods and legacy commands\n\n")
                .append(
                        "One request is trapped, `RDMA_VERBS_IOCTL` (`0xc0181b01`), DENY on fds RDMAProxy does not own.\n")
                .append(
                        "Each call is checked against the schema of its (object, method) and the driver plugin's rules\n")
                .append(
                        "(attributes, driver data, DEVX) before its disposition applies; see docs/security-model.md and\n")
                .append(
                        "docs/rdma-drivers.md. The driver plugin is chosen by the host driver of the granted device.\n")
                .append(
                        "EMULATE: the sentry runs the call on its own dup of the uverbs file with a private copy of every\n")
                .append(
                        "argument; CONTINUE: the kernel runs it in the caller's context after the checks.\n");
        List<RdmaDriverPlugin> plugins = new ArrayList<>(DriverPlugins.ALL);
        plugins.add(GenericPlugin.forHostDriver("")); // chosen only explicitly, any driver
        for (RdmaDriverPlugin p : plugins) {
            b.append("\n### ").append(p.name());
            if (p instanceof GenericPlugin) {
                b.append(
                        " (any host driver, only where the sandbox chose it: --rdma-generic; any"
                                + " driver id; every driver-data blob refused)\n\n");
            } else {
                b.append(" (host driver ")
                        .append(String.join(", ", new java.util.TreeSet<>(p.hostDrivers())))
                        .append(", driver id ")
                        .append(p.driverId())
                        .append(")\n\n");
            }
            b.append("| (object, method) | name | disposition | why |\n|---|---|---|---|\n");
            p.table().methods().stream()
                    .sorted(
                            Comparator.comparingInt((RdmaTable.MethodRow r) -> r.key().object())
                                    .thenComparingInt(r -> r.key().method()))
                    .forEach(
                            r ->
                                    b.append("| `")
                                            .append(r.key())
                                            .append("` | `")
                                            .append(r.name())
                                            .append("` | ")
                                            .append(r.disposition())
                                            .append(" | ")
                                            .append(r.why())
                                            .append(" |\n"));
            b.append(
                    "\nLegacy commands through `INVOKE_WRITE`:\n\n| command | name | disposition | why |\n|---|---|---|---|\n");
            p.table().writes().stream()
                    .sorted(
                            Comparator.comparing(RdmaTable.WriteRow::extended)
                                    .thenComparingInt(RdmaTable.WriteRow::command))
                    .forEach(
                            w ->
                                    b.append("| `")
                                            .append(w.extended() ? "ex " : "")
                                            .append(w.command())
                                            .append("` | `")
                                            .append(w.name())
                                            .append("` | ")
                                            .append(w.disposition())
                                            .append(" | ")
                                            .append(w.why())
                                            .append(" |\n"));
        }
        return b.toString();
    }
}
