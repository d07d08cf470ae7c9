package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.driver.HostDrivers;
import dev.sluice.sentry.launch.SysView;
import dev.sluice.sentry.spi.CharDevice;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Host facts about uverbs devices, read from {@code /proc/devices} and {@code /sys}: which char
 * devices are uverbs nodes, which node serves an RDMA device, the char device and host driver of a
 * node, and the uverbs ABI version.
 *
 * <p>The uverbs char devices (drivers/infiniband/core/uverbs_main.c): the first 32 devices are
 * major {@value #IB_UVERBS_MAJOR}, minors from {@value #IB_UVERBS_BASE_MINOR}; further ones get a
 * dynamic major. Both regions are named {@code infiniband_verbs} in {@code /proc/devices}. Major
 * 231 is shared with umad ({@code infiniband_mad}, minors 0-127), so the minor range matters.
 */
public final class UverbsDevices {
    public static final int IB_UVERBS_MAJOR = 231;
    public static final int IB_UVERBS_BASE_MINOR = 192;
    public static final int IB_UVERBS_NUM_FIXED_MINOR = 32;

    /** The ABI this proxy's schema describes (IB_USER_VERBS_ABI_VERSION). */
    public static final int SUPPORTED_ABI = 6;

    public static final String CHRDEV_NAME = "infiniband_verbs";

    private UverbsDevices() {}

    /** Majors named {@code infiniband_verbs} under "Character devices:" in {@code procDevices}. */
    public static List<Integer> majors(Path procDevices) throws IOException {
        List<Integer> majors = new ArrayList<>();
        boolean chars = false;
        for (String line : Files.readAllLines(procDevices)) {
            String t = line.trim();
            if (t.endsWith(":")) {
                chars = t.equals("Character devices:");
                continue;
            }
            String[] f = t.split("\\s+");
            if (chars && f.length == 2 && f[1].equals(CHRDEV_NAME)) {
                majors.add(Integer.parseInt(f[0]));
            }
        }
        return majors;
    }

    /** Whether major:minor is a uverbs node, given the {@code infiniband_verbs} majors. */
    public static boolean isUverbs(List<Integer> majors, int major, int minor) {
        if (!majors.contains(major)) {
            return false;
        }
        if (major == IB_UVERBS_MAJOR) {
            return minor >= IB_UVERBS_BASE_MINOR
                    && minor < IB_UVERBS_BASE_MINOR + IB_UVERBS_NUM_FIXED_MINOR;
        }
        return true;
    }

    /** {@code /sys/class/infiniband_verbs/abi_version}, or -1 if absent or unreadable. */
    public static int abiVersion(Path sys) {
        try {
            return Integer.parseInt(
                    Files.readString(sys.resolve("class/infiniband_verbs/abi_version")).trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The RDMA device a uverbs node serves ({@code class/infiniband_verbs/NODE/ibdev}), or empty.
     */
    public static String ibdev(Path sys, String node) {
        return read(sys.resolve("class/infiniband_verbs").resolve(node).resolve("ibdev"));
    }

    /**
     * The char device of a uverbs node, from {@code class/infiniband_verbs/NODE/dev} ({@code
     * 231:192}).
     *
     * @throws IllegalStateException when sysfs does not say
     */
    public static CharDevice charDevice(Path sys, String node) {
        return parseDev(sys.resolve("class/infiniband_verbs").resolve(node).resolve("dev"), node);
    }

    /** The node name of the RDMA connection manager under {@code /dev/infiniband}. */
    public static final String RDMA_CM = "rdma_cm";

    /**
     * The char device of {@code /dev/infiniband/rdma_cm}, a misc device ({@code
     * class/misc/rdma_cm/dev}, the minor dynamic).
     */
    public static CharDevice rdmaCmDevice(Path sys) {
        return parseDev(sys.resolve("class/misc").resolve(RDMA_CM).resolve("dev"), RDMA_CM);
    }

    private static CharDevice parseDev(Path dev, String node) {
        String s = read(dev);
        String[] f = s.split(":");
        try {
            if (f.length == 2) {
                return new CharDevice(Integer.parseInt(f[0]), Integer.parseInt(f[1]));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalStateException(
                "RDMAProxy cannot tell the char device of "
                        + node
                        + ": "
                        + dev
                        + (s.isEmpty() ? " is missing" : " reads '" + s + "'"));
    }

    /**
     * The name of the host driver behind uverbs node {@code node} ({@link HostDrivers#ofNode}),
     * which chooses the driver plugin. Empty when sysfs names none.
     */
    public static String hostDriver(Path sys, String node) {
        return HostDrivers.ofNode(sys, node);
    }

    /** The host driver of RDMA device {@code ibdev} itself ({@link HostDrivers#ofDevice}). */
    public static String hostDriverOfDevice(Path sys, String ibdev) {
        return HostDrivers.ofDevice(sys, ibdev);
    }

    /**
     * {@code NETLINK_RDMA} (include/uapi/linux/netlink.h): the RDMA subsystem's netlink protocol.
     */
    public static final int NETLINK_RDMA = 20;

    /** The sysfs classes that list RDMA devices or their per-device nodes. */
    static final String CLASS_IB = "infiniband";

    static final String CLASS_VERBS = "infiniband_verbs";
    static final String CLASS_MAD = "infiniband_mad";

    /**
     * What a sandbox granted the uverbs nodes {@code nodes} ({@code uverbs0}) sees of RDMA in /sys:
     * {@code class/infiniband} with only their RDMA devices, {@code class/infiniband_verbs} with
     * only these nodes (and {@code abi_version}), {@code class/infiniband_mad} with only the
     * granted devices' umad/issm entries; and no RDMA netlink socket.
     *
     * <p>Why the netlink: libibverbs (rdma-core 28 and later, {@code ibdev_nl.c}) enumerates
     * devices with {@code RDMA_NLDEV_CMD_GET} and, in the kernel's default shared RDMA namespace
     * mode, that lists every RDMA device of the host, granted or not, whatever /sys shows. When the
     * socket cannot be opened it falls back to reading {@code /sys/class/infiniband_verbs} (as on
     * kernels without RDMA netlink), and also checks there that {@code /dev/infiniband/uverbsN}
     * exists. librdmacm falls back to {@code class/misc/rdma_cm/abi_version} the same way.
     */
    public static SysView sysView(Path sys, List<String> nodes) {
        Set<String> ibdevs = new LinkedHashSet<>();
        for (String n : nodes) {
            String ib = ibdev(sys, n);
            if (!ib.isEmpty()) {
                ibdevs.add(ib);
            }
        }
        Set<String> mads = new LinkedHashSet<>();
        Path madClass = sys.resolve("class").resolve(CLASS_MAD);
        if (Files.isDirectory(madClass)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(madClass)) {
                for (Path p : ds) {
                    if (Files.isSymbolicLink(p) && ibdevs.contains(read(p.resolve("ibdev")))) {
                        mads.add(p.getFileName().toString());
                    }
                }
            } catch (IOException e) {
                // unreadable: show none of them
            }
        }
        return new SysView(
                List.of(
                        new SysView.SysClass(CLASS_IB, ibdevs),
                        new SysView.SysClass(CLASS_VERBS, new LinkedHashSet<>(nodes)),
                        new SysView.SysClass(CLASS_MAD, mads)),
                Set.of(NETLINK_RDMA));
    }

    /**
     * The kernel module of Soft-RoCE, the name {@link #hostDriver} gives its parentless devices.
     */
    public static final String RXE_MODULE = HostDrivers.RXE_MODULE;

    private static String read(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The uverbs node of an RDMA device ({@code rxe0} gives {@code /dev/infiniband/uverbs0}): the
     * {@code /sys/class/infiniband_verbs/uverbsN} whose {@code ibdev} reads {@code ibdev}.
     */
    public static Path node(Path sys, String ibdev) {
        Path cls = sys.resolve("class/infiniband_verbs");
        List<String> seen = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(cls, "uverbs*")) {
            for (Path p : ds) {
                String dev = Files.readString(p.resolve("ibdev")).trim();
                seen.add(dev);
                if (dev.equals(ibdev)) {
                    return Path.of("/dev/infiniband", p.getFileName().toString());
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--rdma "
                            + ibdev
                            + ": cannot list "
                            + cls
                            + " (is ib_uverbs loaded?): "
                            + e.getMessage());
        }
        throw new IllegalArgumentException(
                "--rdma "
                        + ibdev
                        + ": no such RDMA device; "
                        + cls
                        + " lists "
                        + (seen.isEmpty() ? "none" : String.join(", ", seen)));
    }
}
