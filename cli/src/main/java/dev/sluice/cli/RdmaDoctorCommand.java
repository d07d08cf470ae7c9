package dev.sluice.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.nvproxy.driver.NvidiaDevices;
import dev.sluice.rdmaproxy.driver.PluginChoice;
import dev.sluice.rdmaproxy.net.NetdevLookup;
import dev.sluice.rdmaproxy.net.RdmaDoctor;
import dev.sluice.rdmaproxy.net.RdmaDoctorReport;
import dev.sluice.rdmaproxy.net.RdmaDoctorText;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code sluice rdma doctor}: for each RDMA device visible here (inside a sandbox: the granted
 * ones), its uverbs node, netdev, addresses, GID table, ARP settings and PCI/NUMA placement, with a
 * warning per known failure mode ({@link RdmaDoctor}). Exits 0 without warnings, 1 with warnings, 2
 * on a usage error or when there is no RDMA device.
 */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = {
            "Check the RDMA direct path of the RDMA devices visible here.",
            "For each device (in a sandbox: each granted one): the RDMAProxy driver plugin `sluice run --rdma` would"
                    + " serve it with (or that it would be refused), its uverbs node, netdev, addresses, GID table, "
                    + "ARP settings and PCI/NUMA placement against the granted GPUs, with a warning for each known "
                    + "failure mode: an empty GID table, an address without a GID, a RoCE netdev without an address, "
                    + "a port not ACTIVE, weak ARP settings (ARP flux), a netdev outside this network namespace, "
                    + "a NIC on another NUMA node than its GPU."
        },
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {
            "0:no warnings",
            "1:at least one warning",
            "2:usage error, or no RDMA device"
        })
final class RdmaDoctorCommand implements Callable<Integer> {
    static final int OK = 0;
    static final int WARNINGS = 1;
    static final int USAGE = 2;

    @Spec CommandSpec spec;

    @Option(
            names = "--device",
            paramLabel = "NAME",
            description =
                    "An RDMA device to check (repeatable; default: every device in /sys/class/infiniband).")
    List<String> devices = new ArrayList<>();

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Option(
            names = "--rdma-generic",
            arity = "0..1",
            paramLabel = "force",
            fallbackValue = "true",
            preprocessor = AttachedValueOnly.class,
            description =
                    "Name the plugins as `sluice run --rdma-generic[=force]` would choose them: the generic plugin"
                            + " for devices whose driver has no plugin (or, with =force, for every device).")
    String rdmaGeneric;

    @Option(
            names = "--sys",
            hidden = true,
            paramLabel = "DIR",
            defaultValue = "/sys",
            description = "sysfs root (tests).")
    Path sys;

    @Option(
            names = "--proc",
            hidden = true,
            paramLabel = "DIR",
            defaultValue = "/proc",
            description = "procfs root (tests).")
    Path proc;

    @Option(
            names = "--dev",
            hidden = true,
            paramLabel = "DIR",
            defaultValue = "/dev",
            description = "Where the GPU nodes /dev/nvidiaN are (tests).")
    Path dev;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PluginChoice.Generic generic;
        try {
            generic = PluginChoice.Generic.parse(rdmaGeneric);
        } catch (IllegalArgumentException e) {
            err.println("sluice rdma doctor: --rdma-generic: " + e.getMessage());
            err.flush();
            return USAGE;
        }
        List<String> visible = RdmaDoctor.visibleDevices(sys);
        Path cls = sys.resolve("class/infiniband");
        if (visible.isEmpty()) {
            err.println(
                    "sluice rdma doctor: no RDMA devices: "
                            + cls
                            + " lists none (no RDMA driver on this host,"
                            + " or none granted to this sandbox: sluice run --rdma DEV)");
            err.flush();
            return USAGE;
        }
        List<String> chosen = new ArrayList<>(new LinkedHashSet<>(devices));
        for (String d : chosen) {
            if (!visible.contains(d)) {
                err.println(
                        "sluice rdma doctor: --device "
                                + d
                                + ": no such RDMA device; "
                                + cls
                                + " lists "
                                + String.join(", ", visible));
                err.flush();
                return USAGE;
            }
        }
        if (chosen.isEmpty()) {
            chosen = visible;
        }
        RdmaDoctorReport report =
                new RdmaDoctor(sys, proc, NetdevLookup.system(), generic)
                        .examine(chosen, gpuMinors(dev));
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode root = mapper.valueToTree(report);
            root.put("warnings", report.warnings());
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        } else {
            out.print(RdmaDoctorText.render(report));
        }
        out.flush();
        return report.warnings() == 0 ? OK : WARNINGS;
    }

    /**
     * The minors of the GPU nodes {@code dev/nvidiaN} visible here (in a sandbox: the granted
     * ones).
     */
    static List<Integer> gpuMinors(Path dev) {
        try (Stream<Path> s = Files.list(dev)) {
            return s.map(NvidiaDevices::minorOf).flatMap(Optional::stream).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
