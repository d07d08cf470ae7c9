package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code sluice rdma doctor} through the real launcher: on this host (no RDMA device: a clear
 * message and exit 2), and on a fake sysfs/procfs ({@code --sys}, {@code --proc}, {@code --dev})
 * for a full report. The fake devices sit on real netdevs of this host, which the doctor looks up
 * for real: {@code lo}, and in a sandbox with {@code --net none} a netdev that only the host's
 * namespace has.
 */
class RdmaDoctorE2ETest {

    private static void assumeNoRdma() {
        assumeFalse(
                Files.exists(Path.of("/sys/class/infiniband")),
                "skipped: this host has RDMA devices");
    }

    @Test
    @Timeout(60)
    void withoutRdmaDevicesItSaysSoAndExits2() {
        assumeNoRdma();
        Sluice.Result r = Sluice.run("rdma", "doctor");
        assertEquals(2, r.exitCode(), "no RDMA device\n" + r);
        assertTrue(r.stderr().contains("no RDMA devices"), "the message says why\n" + r);
        assertEquals("", r.stdout(), r.toString());
        assertFalse(r.hasStackTrace(), r.toString());
    }

    @Test
    @Timeout(60)
    void aFullReportFromFixtures() {
        Path host = fixture("rxe0", "lo");
        Sluice.Result r = Sluice.run("rdma", "doctor", roots(host));
        assertEquals(0, r.exitCode(), "a healthy device\n" + r);
        assertTrue(
                r.stdout()
                        .startsWith(
                                "rxe0 (uverbs0)  port 1 ACTIVE  link_layer Ethernet  netdev lo (mtu "),
                r.toString());
        assertTrue(r.stdout().contains("  addresses: 127.0.0.1/8 (GID 0)"), r.toString());
        assertTrue(
                r.stdout().contains("  GIDs: 0   ::ffff:127.0.0.1  RoCE v2     lo\n"),
                r.toString());
        assertTrue(
                r.stdout().contains("  arp_ignore=1 arp_announce=2 (max of all: 0/0, lo: 1/2)\n"),
                r.toString());
        assertTrue(
                r.stdout().contains("  placement: virtual (no PCI device), numa -"), r.toString());
        assertTrue(r.stdout().endsWith("1 RDMA device, no warnings\n"), r.toString());

        write(host.resolve("proc/sys/net/ipv4/conf/lo/arp_ignore"), "0");
        Sluice.Result weak = Sluice.run("rdma", "doctor", "--json", roots(host));
        assertEquals(1, weak.exitCode(), "weak ARP is a warning\n" + weak);
        JsonNode j = json(weak.stdout());
        assertEquals(1, j.get("warnings").asInt(), weak.toString());
        assertEquals(
                "WEAK_ARP",
                j.get("devices")
                        .get(0)
                        .get("ports")
                        .get(0)
                        .get("findings")
                        .get(0)
                        .get("kind")
                        .asText());
    }

    @Test
    @Timeout(60)
    void anUnknownDeviceIsAUsageError() {
        Path host = fixture("rxe0", "lo");
        Sluice.Result r = Sluice.run("rdma", "doctor", "--device", "mlx5_0", roots(host));
        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("--device mlx5_0: no such RDMA device"), r.toString());
    }

    /**
     * In a sandbox of its own network namespace, a host netdev is not there: the doctor says so.
     */
    @Test
    @RequiresRoot
    @Timeout(120)
    void insideASandboxWithoutTheHostsNetworkTheNetdevIsMissing() {
        Optional<String> hostNetdev = hostNetdev();
        assumeTrue(hostNetdev.isPresent(), "skipped: this host has no netdev besides lo");
        String netdev = hostNetdev.get();
        Path host = fixture("rxe0", netdev);

        Sluice.Result outside = Sluice.run("rdma", "doctor", "--json", roots(host));
        JsonNode port = json(outside.stdout()).get("devices").get(0).get("ports").get(0);
        assertTrue(
                port.get("netdevPresent").asBoolean(), netdev + " is here on the host\n" + outside);

        Sluice.Result inside =
                Sluice.run(
                        "run",
                        "--net",
                        "none",
                        "--",
                        Sluice.bin().toString(),
                        "rdma",
                        "doctor",
                        roots(host));
        assertEquals(1, inside.exitCode(), "a warning in the sandbox\n" + inside);
        assertTrue(
                inside.stdout()
                        .contains(
                                "WARN netdev "
                                        + netdev
                                        + " of rxe0 port 1 is not in this network namespace"),
                inside.toString());
    }

    // ---- fixtures ------------------------------------------------------------------------------

    private static List<String> roots(Path host) {
        return List.of(
                "--sys",
                host.resolve("sys").toString(),
                "--proc",
                host.resolve("proc").toString(),
                "--dev",
                host.resolve("dev").toString());
    }

    /**
     * A fake host under the e2e work directory (visible in a sandbox too): Soft-RoCE {@code ibdev}
     * on {@code netdev}.
     */
    private static Path fixture(String ibdev, String netdev) {
        Path host = Sluice.workDir().resolve(Sluice.unique("rdma-doctor"));
        Path sys = host.resolve("sys");
        Path dir = sys.resolve("devices/virtual/infiniband").resolve(ibdev);
        write(dir.resolve("parent"), netdev);
        write(dir.resolve("node_guid"), "5054:00ff:fe12:3456");
        Path port = dir.resolve("ports/1");
        write(port.resolve("state"), "4: ACTIVE");
        write(port.resolve("link_layer"), "Ethernet");
        // GIDs for 127.0.0.1 and ::1 (lo's addresses); other netdevs get a GID per address they
        // have
        write(port.resolve("gids/0"), "0000:0000:0000:0000:0000:ffff:7f00:0001");
        write(port.resolve("gid_attrs/types/0"), "RoCE v2");
        write(port.resolve("gid_attrs/ndevs/0"), netdev);
        write(port.resolve("gids/1"), "0000:0000:0000:0000:0000:0000:0000:0001");
        write(port.resolve("gid_attrs/types/1"), "RoCE v2");
        write(port.resolve("gid_attrs/ndevs/1"), netdev);
        write(port.resolve("gids/2"), "0000:0000:0000:0000:0000:0000:0000:0000");
        write(sys.resolve("class/infiniband_verbs/uverbs0/ibdev"), ibdev);
        link(
                sys.resolve("class/infiniband").resolve(ibdev),
                "../../devices/virtual/infiniband/" + ibdev);
        for (String conf : List.of("all", netdev)) {
            write(
                    host.resolve("proc/sys/net/ipv4/conf").resolve(conf).resolve("arp_ignore"),
                    conf.equals("all") ? "0" : "1");
            write(
                    host.resolve("proc/sys/net/ipv4/conf").resolve(conf).resolve("arp_announce"),
                    conf.equals("all") ? "0" : "2");
        }
        mkdirs(host.resolve("dev"));
        return host;
    }

    /** A netdev of the host's namespace other than lo. */
    private static Optional<String> hostNetdev() {
        try (Stream<Path> s = Files.list(Path.of("/sys/class/net"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals("lo"))
                    .sorted()
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    private static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void link(Path link, String target) {
        try {
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, Path.of(target));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void mkdirs(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
