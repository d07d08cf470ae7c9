package dev.sluice.rdmaproxy.net;

import dev.sluice.rdmaproxy.driver.HostDrivers;
import dev.sluice.rdmaproxy.driver.PluginChoice;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code sluice rdma doctor}: proves the RDMA direct path instead of assuming it. For each RDMA
 * device it reads what the workload would depend on — the uverbs node, each port's state, link
 * layer, GID table and netdev, the netdev's addresses and ARP settings, and where the NIC sits
 * relative to the granted GPUs — and reports the known failure modes as {@link Finding}s: an empty
 * GID table, an address without a GID, a RoCE netdev without an address, a port that is not ACTIVE,
 * ARP settings that allow ARP flux, a netdev missing from this network namespace, and a NIC on
 * another NUMA node than its GPU.
 *
 * <p>It also names the RDMAProxy driver plugin each device would get ({@link PluginChoice}, by the
 * host driver sysfs names and the choice about the generic plugin the doctor was given), so a
 * device that {@code sluice run --rdma} would refuse shows up before a sandbox is started.
 *
 * <p>Everything comes from sysfs and procfs under the given roots (normally {@code /sys} and {@code
 * /proc}) and from a {@link NetdevLookup}; nothing is written. In a sandbox {@code
 * /sys/class/infiniband} lists the granted devices only, so the doctor examines those.
 *
 * <p>Sysfs layout (drivers/infiniband/core/sysfs.c, device.c): {@code class/infiniband/IBDEV} with
 * {@code node_guid}, {@code fw_ver}, {@code ports/N/{state,link_layer,gids,gid_attrs}}, a {@code
 * device} link to the parent device (the PCI function for mlx5; none for rxe, whose {@code parent}
 * attribute names its netdev: drivers/infiniband/sw/rxe/rxe_verbs.c). The uverbs node is {@code
 * class/infiniband_verbs/uverbsN} with {@code ibdev} naming the device
 * (drivers/infiniband/core/uverbs_main.c).
 */
public final class RdmaDoctor {
    private final Path sys;
    private final Path proc;
    private final NetdevLookup net;
    private final PluginChoice.Generic generic;

    /**
     * @param sys the sysfs root ({@code /sys})
     * @param proc the procfs root ({@code /proc})
     * @param net how to look netdevs up in this network namespace
     * @param generic the choice about the generic plugin the plugins are named under ({@code sluice
     *     rdma doctor --rdma-generic[=force]}, as for {@code sluice run})
     */
    public RdmaDoctor(Path sys, Path proc, NetdevLookup net, PluginChoice.Generic generic) {
        this.sys = sys;
        this.proc = proc;
        this.net = net;
        this.generic = generic;
    }

    /** Plugins named without the generic plugin, as {@code sluice run} chooses them by default. */
    public RdmaDoctor(Path sys, Path proc, NetdevLookup net) {
        this(sys, proc, net, PluginChoice.Generic.OFF);
    }

    /** The RDMA devices {@code sys/class/infiniband} lists, sorted; empty when there is none. */
    public static List<String> visibleDevices(Path sys) {
        TreeSet<String> out = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(sys.resolve("class/infiniband"))) {
            for (Path p : ds) {
                out.add(p.getFileName().toString());
            }
        } catch (IOException e) {
            // no RDMA core loaded: none
        }
        return List.copyOf(out);
    }

    /**
     * Examines {@code ibdevs}, pairing each with the closest of the GPUs {@code gpuMinors} ({@code
     * /dev/nvidiaN} seen by the caller).
     */
    public RdmaDoctorReport examine(List<String> ibdevs, List<Integer> gpuMinors) {
        List<GpuPlacement> gpus = GpuPlacement.read(proc, sys, gpuMinors);
        List<RdmaDeviceReport> devices = new ArrayList<>();
        for (String ib : ibdevs) {
            devices.add(device(ib, gpus));
        }
        return new RdmaDoctorReport(devices, gpus);
    }

    /** One device. */
    RdmaDeviceReport device(String ibdev, List<GpuPlacement> gpus) {
        Path dev = sys.resolve("class/infiniband").resolve(ibdev);
        PciPlacement placement = PciPlacement.of(sys, dev.resolve("device"));
        List<RdmaPortReport> ports = new ArrayList<>();
        for (int port : ports(dev)) {
            ports.add(port(ibdev, dev, port));
        }
        List<Finding> findings = new ArrayList<>();
        GpuPlacement gpu = pairGpu(ibdev, placement, ports, gpus, findings);
        String uverbs = uverbs(ibdev, dev);
        String driver = uverbs.isEmpty() ? "" : HostDrivers.ofNode(sys, uverbs);
        if (driver.isEmpty()) {
            driver = HostDrivers.ofDevice(sys, ibdev);
        }
        PluginChoice plugin = PluginChoice.of(driver, generic);
        return new RdmaDeviceReport(
                ibdev,
                uverbs,
                driver,
                plugin.summary(),
                plugin.reason(),
                SysFiles.read(dev.resolve("node_guid")),
                SysFiles.read(dev.resolve("fw_ver")),
                placement,
                gpu,
                ports,
                findings);
    }

    /** The port numbers under {@code ports/}, sorted. */
    private static List<Integer> ports(Path dev) {
        TreeSet<Integer> out = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dev.resolve("ports"))) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.matches("\\d{1,3}")) {
                    out.add(Integer.parseInt(n));
                }
            }
        } catch (IOException e) {
            // no ports visible
        }
        return List.copyOf(out);
    }

    /**
     * The uverbs node serving {@code ibdev}: the {@code class/infiniband_verbs/uverbsN} whose
     * {@code ibdev} names it, else the one under the parent device ({@code
     * IBDEV/device/infiniband_verbs/uverbsN}: uverbs gives its char device the RDMA device's
     * parent, uverbs_main.c). Empty when neither is visible.
     */
    private String uverbs(String ibdev, Path dev) {
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(sys.resolve("class/infiniband_verbs"), "uverbs*")) {
            TreeMap<String, String> nodes = new TreeMap<>();
            for (Path p : ds) {
                nodes.put(p.getFileName().toString(), SysFiles.read(p.resolve("ibdev")));
            }
            for (var e : nodes.entrySet()) {
                if (e.getValue().equals(ibdev)) {
                    return e.getKey();
                }
            }
        } catch (IOException e) {
            // fall through
        }
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(dev.resolve("device/infiniband_verbs"), "uverbs*")) {
            for (Path p : ds) {
                return p.getFileName().toString();
            }
        } catch (IOException e) {
            // none
        }
        return "";
    }

    /**
     * The netdev of a port: rxe's {@code parent} attribute; else the netdev of the port's GIDs
     * ({@code gid_attrs/ndevs}); else the parent device's netdevs ({@code IBDEV/device/net/*}), the
     * one whose {@code dev_port} (net/core/net-sysfs.c: the port index on a multi-port function,
     * from 0) is {@code port - 1} when there are several. Empty for a port without one.
     */
    private String netdev(Path dev, int port, GidTable gids) {
        String parent = SysFiles.read(dev.resolve("parent"));
        if (!parent.isEmpty()) {
            return parent;
        }
        for (GidEntry e : gids.entries()) {
            if (!e.netdev().isEmpty()) {
                return e.netdev();
            }
        }
        TreeSet<String> names = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dev.resolve("device/net"))) {
            for (Path p : ds) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException e) {
            return "";
        }
        if (names.size() > 1) {
            for (String n : names) {
                if (SysFiles.readInt(dev.resolve("device/net").resolve(n).resolve("dev_port"), -1)
                        == port - 1) {
                    return n;
                }
            }
        }
        return names.isEmpty() ? "" : names.first();
    }

    /** One port of a device, with its findings. */
    RdmaPortReport port(String ibdev, Path dev, int port) {
        Path dir = dev.resolve("ports").resolve(Integer.toString(port));
        // ports/N/state reads "4: ACTIVE" (sysfs.c state_show, enum ib_port_state)
        String state = SysFiles.read(dir.resolve("state"));
        int colon = state.indexOf(':');
        if (colon >= 0) {
            state = state.substring(colon + 1).trim();
        }
        String linkLayer = SysFiles.read(dir.resolve("link_layer"));
        GidTable gids = GidTable.read(sys, ibdev, port);
        String netdev = netdev(dev, port, gids);
        Optional<NetdevInfo> info = netdev.isEmpty() ? Optional.empty() : net.find(netdev);
        String subject = ibdev + " port " + port;
        boolean roce = linkLayer.equals("Ethernet");

        List<Finding> findings = new ArrayList<>();
        if (!state.isEmpty() && !state.equals("ACTIVE")) {
            findings.add(
                    Finding.warn(
                            Finding.Kind.PORT_NOT_ACTIVE,
                            subject,
                            subject
                                    + " is "
                                    + state
                                    + ", not ACTIVE: queue pairs on it cannot reach RTS",
                            roce
                                    ? "bring "
                                            + (netdev.isEmpty() ? "its netdev" : netdev)
                                            + " up and check its link (ip link set "
                                            + (netdev.isEmpty() ? "DEV" : netdev)
                                            + " up)"
                                    : "check the cable and the subnet manager (ibstat)"));
        }
        if (gids.empty()) {
            findings.add(
                    Finding.warn(
                            Finding.Kind.EMPTY_GID_TABLE,
                            subject,
                            subject
                                    + " has an empty GID table: no peer can address it, and ibv_modify_qp to RTR fails",
                            roce
                                    ? "give "
                                            + (netdev.isEmpty() ? "its netdev" : netdev)
                                            + " the IP address the peers use and bring it up: the kernel adds a GID per address"
                                    : "the port gets its GIDs when it is up and the subnet manager has configured it"));
        }

        List<RdmaPortReport.Address> addresses = new ArrayList<>();
        ArpSettings arp = null;
        if (!netdev.isEmpty() && info.isEmpty()) {
            findings.add(
                    Finding.warn(
                            Finding.Kind.NETDEV_NOT_IN_NAMESPACE,
                            netdev,
                            "netdev "
                                    + netdev
                                    + " of "
                                    + subject
                                    + " is not in this network namespace: its addresses,"
                                    + " and so the GIDs peers connect to, are not usable from here",
                            "use the host's network (sluice run --net host), or move "
                                    + netdev
                                    + " into this namespace and assign its addresses again"));
        }
        if (info.isPresent()) {
            arp = ArpSettings.read(proc, netdev);
            boolean routable = false;
            // IPv4 first, as `ip addr` shows them; NetworkInterface lists IPv6 first
            List<NetdevAddress> ordered =
                    info.get().addresses().stream()
                            .sorted(
                                    java.util.Comparator.comparing(
                                            (NetdevAddress a) -> a.address().indexOf(':') >= 0))
                            .toList();
            for (NetdevAddress a : ordered) {
                List<Integer> idx =
                        gids.forAddress(a.inet()).stream().map(GidEntry::index).toList();
                addresses.add(
                        new RdmaPortReport.Address(
                                a.address(), a.prefixLength(), a.linkLocal(), idx));
                if (!a.linkLocal()) {
                    routable = true;
                    if (roce && idx.isEmpty() && !gids.empty()) {
                        findings.add(
                                Finding.warn(
                                        Finding.Kind.NO_GID_FOR_ADDRESS,
                                        a.address(),
                                        a.address()
                                                + " on "
                                                + netdev
                                                + " has no GID in "
                                                + subject
                                                + "'s table: a peer that connects to this address is dropped silently",
                                        "put the address on "
                                                + netdev
                                                + " itself (not on a bridge or bond above it),"
                                                + " keep "
                                                + netdev
                                                + " up, and check that "
                                                + ibdev
                                                + " is bound to "
                                                + netdev));
                    }
                }
            }
            if (roce && !routable) {
                findings.add(
                        Finding.warn(
                                Finding.Kind.NO_ADDRESSES,
                                netdev,
                                netdev
                                        + " has no "
                                        + (info.get().addresses().isEmpty()
                                                ? "IP address"
                                                : "routable IP address (link-local only)")
                                        + ": RoCE takes its GIDs from the netdev's addresses, so peers have nothing to connect to",
                                "assign the address the peers use (ip addr add ADDR/LEN dev "
                                        + netdev
                                        + "); a netdev moved to another network namespace loses its addresses"));
            }
            if (roce && arp.weak()) {
                findings.add(
                        Finding.warn(
                                Finding.Kind.WEAK_ARP,
                                netdev,
                                "arp_ignore="
                                        + arp.arpIgnore()
                                        + " arp_announce="
                                        + arp.arpAnnounce()
                                        + " on "
                                        + netdev
                                        + ": ARP flux: another interface may answer for this address, and RDMA traffic to the"
                                        + " wrong NIC is dropped",
                                "sysctl -w net.ipv4.conf."
                                        + netdev
                                        + ".arp_ignore=1 net.ipv4.conf."
                                        + netdev
                                        + ".arp_announce=2 (or the same on conf.all)"));
            }
        }
        PciPlacement netdevPlacement =
                netdev.isEmpty()
                        ? PciPlacement.VIRTUAL
                        : PciPlacement.of(
                                sys, sys.resolve("class/net").resolve(netdev).resolve("device"));
        return new RdmaPortReport(
                port,
                state,
                linkLayer,
                netdev,
                info.isPresent(),
                info.map(NetdevInfo::mtu).orElse(-1),
                info.map(NetdevInfo::up).orElse(false),
                addresses,
                gids.entries(),
                arp,
                netdevPlacement,
                findings);
    }

    /**
     * The granted GPU closest to the NIC in PCI topology: the longest shared prefix of their {@code
     * /sys/devices} paths (same PCIe switch before same root port before same root complex); ties
     * go to the lower minor. The NIC is the RDMA device's parent, or for a device without one (rxe)
     * its netdev's device. Warns when both NUMA nodes are known and differ.
     */
    private static GpuPlacement pairGpu(
            String ibdev,
            PciPlacement placement,
            List<RdmaPortReport> ports,
            List<GpuPlacement> gpus,
            List<Finding> findings) {
        if (gpus.isEmpty()) {
            return null;
        }
        PciPlacement nic = placement;
        if (!nic.located()) {
            nic =
                    ports.stream()
                            .map(RdmaPortReport::netdevPlacement)
                            .filter(PciPlacement::located)
                            .findFirst()
                            .orElse(PciPlacement.VIRTUAL);
        }
        if (!nic.located()) {
            findings.add(
                    Finding.info(
                            Finding.Kind.NO_GPU_PAIRING,
                            ibdev,
                            ibdev
                                    + " has no PCI device (nor has its netdev): not paired with a GPU",
                            "nothing to do for a software device; a NIC's placement decides GPUDirect RDMA paths"));
            return null;
        }
        GpuPlacement best = null;
        int bestDepth = -1;
        for (GpuPlacement g : gpus) {
            if (!g.placement().located()) {
                continue;
            }
            int d = nic.sharedDepth(g.placement());
            if (d > bestDepth) {
                best = g;
                bestDepth = d;
            }
        }
        if (best == null) {
            return null;
        }
        int a = nic.numaNode();
        int b = best.placement().numaNode();
        if (a >= 0 && b >= 0 && a != b) {
            findings.add(
                    Finding.warn(
                            Finding.Kind.NUMA_MISMATCH,
                            ibdev,
                            ibdev
                                    + " ("
                                    + nic.pciAddress()
                                    + ") is on NUMA node "
                                    + a
                                    + " but its closest granted GPU "
                                    + best.name()
                                    + " ("
                                    + best.pciAddress()
                                    + ") is on node "
                                    + b
                                    + ": GPUDirect RDMA crosses the inter-socket link",
                            "grant a NIC and a GPU of the same NUMA node (sluice run --rdma DEV --gpus N), or choose them per"
                                    + " rank (NCCL_IB_HCA, CUDA_VISIBLE_DEVICES)"));
        }
        return best;
    }
}
