package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fake host for {@link RdmaDoctor}: a sysfs and a procfs tree laid out as the kernel lays them
 * out (class links into {@code /sys/devices}, relative symlinks), and the netdevs of a network
 * namespace.
 */
final class RdmaDoctorFixture implements NetdevLookup {
    final Path sys;
    final Path proc;
    private final Map<String, NetdevInfo> netdevs = new HashMap<>();

    /** A new host in a fresh directory under {@code root} (a test may build several). */
    RdmaDoctorFixture(Path root) {
        Path host;
        try {
            host = Files.createTempDirectory(root, "host");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.sys = host.resolve("sys");
        this.proc = host.resolve("proc");
        mkdirs(sys.resolve("class/infiniband"));
        mkdirs(sys.resolve("class/infiniband_verbs"));
        mkdirs(sys.resolve("class/net"));
        mkdirs(sys.resolve("bus/pci/devices"));
        arp("all", 0, 0);
    }

    RdmaDoctor doctor() {
        return new RdmaDoctor(sys, proc, this);
    }

    @Override
    public Optional<NetdevInfo> find(String name) {
        return Optional.ofNullable(netdevs.get(name));
    }

    /** A netdev in this namespace, with addresses like {@code 192.168.77.1/24}. */
    RdmaDoctorFixture netdev(String name, String... cidrs) {
        netdevs.put(
                name,
                new NetdevInfo(
                        name,
                        true,
                        1500,
                        java.util.Arrays.stream(cidrs)
                                .map(
                                        c -> {
                                            String[] f = c.split("/");
                                            return new NetdevAddress(f[0], Integer.parseInt(f[1]));
                                        })
                                .toList()));
        return this;
    }

    /**
     * Soft-RoCE on {@code netdev}: a parentless device under devices/virtual with a {@code parent}
     * attribute.
     */
    RdmaDoctorFixture rxe(String ibdev, String netdev, int uverbs) {
        Path dir = sys.resolve("devices/virtual/infiniband").resolve(ibdev);
        write(dir.resolve("parent"), netdev);
        write(dir.resolve("node_guid"), "5054:00ff:fe12:3456");
        write(dir.resolve("fw_ver"), "0.0.0");
        link(
                sys.resolve("class/infiniband").resolve(ibdev),
                "../../devices/virtual/infiniband/" + ibdev);
        uverbsNode("devices/virtual/infiniband_verbs/uverbs" + uverbs, ibdev);
        port(ibdev, 1, "4: ACTIVE", "Ethernet");
        return this;
    }

    /**
     * A ConnectX function at {@code pciPath} ({@code pci0000:16/0000:16:02.0/0000:17:00.0}) on NUMA
     * node {@code numa}, with its netdev under the function's {@code net/} and its uverbs node
     * under the function's {@code infiniband_verbs/} (no class link when {@code classLink} is
     * false).
     */
    RdmaDoctorFixture mlx5(
            String ibdev, String pciPath, int numa, String netdev, int uverbs, boolean classLink) {
        Path fn = sys.resolve("devices").resolve(pciPath);
        write(fn.resolve("numa_node"), Integer.toString(numa));
        link(fn.resolve("driver"), "../../../../bus/pci/drivers/mlx5_core");
        Path dir = fn.resolve("infiniband").resolve(ibdev);
        write(dir.resolve("node_guid"), "b8ce:f603:00a1:b2c3");
        write(dir.resolve("fw_ver"), "28.39.1002");
        link(dir.resolve("device"), "../../../" + fn.getFileName());
        link(
                sys.resolve("class/infiniband").resolve(ibdev),
                "../../devices/" + pciPath + "/infiniband/" + ibdev);
        Path vdir = fn.resolve("infiniband_verbs/uverbs" + uverbs);
        write(vdir.resolve("ibdev"), ibdev);
        if (classLink) {
            link(
                    sys.resolve("class/infiniband_verbs/uverbs" + uverbs),
                    "../../devices/" + pciPath + "/infiniband_verbs/uverbs" + uverbs);
        }
        Path net = fn.resolve("net").resolve(netdev);
        write(net.resolve("dev_port"), "0");
        link(net.resolve("device"), "../../../" + fn.getFileName());
        link(
                sys.resolve("class/net").resolve(netdev),
                "../../devices/" + pciPath + "/net/" + netdev);
        port(ibdev, 1, "4: ACTIVE", "Ethernet");
        return this;
    }

    /**
     * Binds the PCI function at {@code pciPath} (one {@link #mlx5} made) to {@code driver} instead,
     * as sysfs shows it: {@code device/driver}, a link whose name is the driver's.
     */
    RdmaDoctorFixture boundTo(String pciPath, String driver) {
        Path l = sys.resolve("devices").resolve(pciPath).resolve("driver");
        try {
            Files.deleteIfExists(l);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        link(l, "../../../../bus/pci/drivers/" + driver);
        return this;
    }

    /** A virtual netdev's sysfs entry (no {@code device} link): a veth, a dummy. */
    RdmaDoctorFixture virtualNet(String netdev) {
        mkdirs(sys.resolve("devices/virtual/net").resolve(netdev));
        link(sys.resolve("class/net").resolve(netdev), "../../devices/virtual/net/" + netdev);
        return this;
    }

    RdmaDoctorFixture port(String ibdev, int port, String state, String linkLayer) {
        Path p = portDir(ibdev, port);
        write(p.resolve("state"), state);
        write(p.resolve("link_layer"), linkLayer);
        mkdirs(p.resolve("gids"));
        mkdirs(p.resolve("gid_attrs/types"));
        mkdirs(p.resolve("gid_attrs/ndevs"));
        return this;
    }

    /**
     * A GID table slot: {@code gid} as the kernel prints it; null type/ndev: the attribute is
     * unreadable.
     */
    RdmaDoctorFixture gid(String ibdev, int port, int index, String gid, String type, String ndev) {
        Path p = portDir(ibdev, port);
        write(p.resolve("gids").resolve(Integer.toString(index)), gid);
        if (type != null) {
            write(p.resolve("gid_attrs/types").resolve(Integer.toString(index)), type);
        }
        if (ndev != null) {
            write(p.resolve("gid_attrs/ndevs").resolve(Integer.toString(index)), ndev);
        }
        return this;
    }

    /** The empty slots 0..n-1 of a table, as current kernels show them (zero GIDs). */
    RdmaDoctorFixture emptySlots(String ibdev, int port, int n) {
        for (int i = 0; i < n; i++) {
            gid(ibdev, port, i, "0000:0000:0000:0000:0000:0000:0000:0000", null, null);
        }
        return this;
    }

    RdmaDoctorFixture arp(String conf, int ignore, int announce) {
        Path c = proc.resolve("sys/net/ipv4/conf").resolve(conf);
        write(c.resolve("arp_ignore"), Integer.toString(ignore));
        write(c.resolve("arp_announce"), Integer.toString(announce));
        return this;
    }

    /** An NVIDIA GPU with minor {@code minor} at {@code pciPath} on NUMA node {@code numa}. */
    RdmaDoctorFixture gpu(int minor, String pciPath, int numa) {
        Path fn = sys.resolve("devices").resolve(pciPath);
        String addr = fn.getFileName().toString();
        write(fn.resolve("numa_node"), Integer.toString(numa));
        link(sys.resolve("bus/pci/devices").resolve(addr), "../../../devices/" + pciPath);
        write(
                proc.resolve("driver/nvidia/gpus").resolve(addr).resolve("information"),
                "Model: \t\t NVIDIA H100 80GB HBM3\nIRQ:   \t\t 0\nGPU UUID: \t GPU-00000000\nBus Type: \t PCIe\n"
                        + "Bus Location: \t "
                        + addr.toUpperCase(java.util.Locale.ROOT)
                        + "\nDevice Minor: \t "
                        + minor
                        + "\nGPU Excluded:\t No\n");
        return this;
    }

    List<Finding.Kind> kinds(RdmaDoctorReport r) {
        return r.devices().stream()
                .flatMap(d -> d.allFindings().stream())
                .map(Finding::kind)
                .toList();
    }

    private Path portDir(String ibdev, int port) {
        return sys.resolve("class/infiniband")
                .resolve(ibdev)
                .resolve("ports")
                .resolve(Integer.toString(port));
    }

    private void uverbsNode(String rel, String ibdev) {
        write(sys.resolve(rel).resolve("ibdev"), ibdev);
        String name = Path.of(rel).getFileName().toString();
        link(sys.resolve("class/infiniband_verbs").resolve(name), "../../" + rel);
    }

    static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void link(Path link, String target) {
        try {
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, Path.of(target));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void mkdirs(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
