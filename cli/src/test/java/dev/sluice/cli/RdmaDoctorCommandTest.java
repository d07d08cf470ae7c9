package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code sluice rdma doctor} in process, on a fake sysfs/procfs ({@code --sys}, {@code --proc},
 * {@code --dev}). The netdevs are looked up for real, so the fixture's RDMA devices sit on {@code
 * lo}, which every network namespace has, or on a netdev that does not exist.
 */
class RdmaDoctorCommandTest {
    @TempDir Path root;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private List<String> roots() {
        return List.of(
                "--sys",
                root.resolve("sys").toString(),
                "--proc",
                root.resolve("proc").toString(),
                "--dev",
                root.resolve("dev").toString());
    }

    private CliRun doctor(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("rdma", "doctor"));
        args.addAll(roots());
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    /** Soft-RoCE device {@code ibdev} on {@code netdev}, with GIDs for lo's addresses. */
    private void rxe(String ibdev, String netdev, int uverbs) throws IOException {
        Path sys = root.resolve("sys");
        Path dir = sys.resolve("devices/virtual/infiniband").resolve(ibdev);
        write(dir.resolve("parent"), netdev);
        Path port = dir.resolve("ports/1");
        write(port.resolve("state"), "4: ACTIVE");
        write(port.resolve("link_layer"), "Ethernet");
        write(port.resolve("gids/0"), "0000:0000:0000:0000:0000:ffff:7f00:0001");
        write(port.resolve("gid_attrs/types/0"), "RoCE v2");
        write(port.resolve("gid_attrs/ndevs/0"), netdev);
        write(port.resolve("gids/1"), "0000:0000:0000:0000:0000:0000:0000:0001");
        write(port.resolve("gid_attrs/types/1"), "RoCE v2");
        write(port.resolve("gid_attrs/ndevs/1"), netdev);
        write(port.resolve("gids/2"), "0000:0000:0000:0000:0000:0000:0000:0000");
        Files.createDirectories(sys.resolve("class/infiniband"));
        Files.createSymbolicLink(
                sys.resolve("class/infiniband").resolve(ibdev),
                Path.of("../../devices/virtual/infiniband/" + ibdev));
        write(sys.resolve("class/infiniband_verbs/uverbs" + uverbs + "/ibdev"), ibdev);
        write(root.resolve("proc/sys/net/ipv4/conf/all/arp_ignore"), "0");
        write(root.resolve("proc/sys/net/ipv4/conf/all/arp_announce"), "0");
        write(root.resolve("proc/sys/net/ipv4/conf/" + netdev + "/arp_ignore"), "1");
        write(root.resolve("proc/sys/net/ipv4/conf/" + netdev + "/arp_announce"), "2");
        Files.createDirectories(root.resolve("dev"));
    }

    private static void write(Path p, String s) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, s + "\n");
    }

    @Test
    void noRdmaDeviceExits2WithAClearMessage() {
        CliRun r = doctor();
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("no RDMA devices"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void aHealthyDeviceExits0() throws IOException {
        rxe("rxe0", "lo", 0);
        CliRun r = doctor();
        assertEquals(0, r.status(), r.toString());
        assertTrue(
                r.out()
                        .startsWith(
                                "rxe0 (uverbs0)  port 1 ACTIVE  link_layer Ethernet  netdev lo (mtu "),
                r.out());
        assertTrue(r.out().contains("127.0.0.1/8 (GID 0)"), r.out());
        assertTrue(
                r.out().contains("arp_ignore=1 arp_announce=2 (max of all: 0/0, lo: 1/2)"),
                r.out());
        assertTrue(r.out().endsWith("1 RDMA device, no warnings\n"), r.out());
    }

    @Test
    void warningsExit1() throws IOException {
        rxe("rxe0", "lo", 0);
        rxe("rxe1", "sluice-absent0", 1);
        CliRun r = doctor();
        assertEquals(1, r.status(), r.toString());
        assertTrue(
                r.out()
                        .contains(
                                "WARN netdev sluice-absent0 of rxe1 port 1 is not in this network namespace"),
                r.out());
        assertTrue(r.out().endsWith("2 RDMA devices, 1 warning\n"), r.out());

        CliRun only = doctor("--device", "rxe0");
        assertEquals(0, only.status(), "--device picks rxe0 only\n" + only);
        assertFalse(only.out().contains("rxe1"), only.out());
    }

    @Test
    void jsonIsTheWholeReport() throws IOException {
        rxe("rxe1", "sluice-absent0", 1);
        CliRun r = doctor("--json");
        assertEquals(1, r.status(), r.toString());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(1, j.get("warnings").asInt());
        JsonNode d = j.get("devices").get(0);
        assertEquals("rxe1", d.get("ibdev").asText());
        assertEquals("uverbs1", d.get("uverbs").asText());
        JsonNode p = d.get("ports").get(0);
        assertEquals("sluice-absent0", p.get("netdev").asText());
        assertFalse(p.get("netdevPresent").asBoolean());
        assertEquals(2, p.get("gids").size());
        assertEquals("::ffff:127.0.0.1", p.get("gids").get(0).get("gid").asText());
        JsonNode f = p.get("findings").get(0);
        assertEquals("WARN", f.get("severity").asText());
        assertEquals("NETDEV_NOT_IN_NAMESPACE", f.get("kind").asText());
        assertEquals("rdma_rxe", d.get("hostDriver").asText(), "the host driver, in JSON");
        assertEquals("rxe", d.get("plugin").asText(), "the plugin, in JSON");
        assertEquals("host driver rdma_rxe", d.get("pluginReason").asText(), "and why");
    }

    @Test
    void rdmaGenericNamesThePluginsAsSluiceRunWouldChooseThem() throws IOException {
        rxe("rxe0", "lo", 0);
        CliRun plain = doctor();
        assertTrue(
                plain.out().contains("  plugin: rxe (host driver rdma_rxe)\n"), plain.toString());
        CliRun fallback = doctor("--rdma-generic");
        assertTrue(
                fallback.out().contains("  plugin: rxe (host driver rdma_rxe)\n"),
                "rxe has a plugin, so --rdma-generic changes nothing: " + fallback);
        CliRun forced = doctor("--rdma-generic=force", "--json");
        JsonNode d = new ObjectMapper().readTree(forced.out()).get("devices").get(0);
        assertEquals("generic", d.get("plugin").asText(), "--rdma-generic=force: " + forced);
        assertTrue(
                d.get("pluginReason").asText().contains("forced, instead of its own rxe plugin"),
                d.toString());
        CliRun bad = doctor("--rdma-generic=yes");
        assertEquals(2, bad.status(), "a bad value is a usage error: " + bad);
        assertTrue(bad.err().contains("--rdma-generic: \"yes\" is not one of"), bad.toString());
    }

    @Test
    void anUnknownDeviceExits2() throws IOException {
        rxe("rxe0", "lo", 0);
        CliRun r = doctor("--device", "mlx5_9");
        assertEquals(2, r.status(), r.toString());
        assertTrue(
                r.err()
                        .contains(
                                "--device mlx5_9: no such RDMA device; "
                                        + root.resolve("sys/class/infiniband")
                                        + " lists rxe0"),
                r.err());
    }

    @Test
    void usageErrorsExit2() {
        CliRun r = run("rdma", "doctor", "--bogus");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("Unknown option: '--bogus'"), r.err());
        CliRun bare = run("rdma");
        assertEquals(2, bare.status(), "rdma without a subcommand\n" + bare);
        assertTrue(bare.err().contains("doctor"), bare.err());
        assertEquals(0, run("rdma", "doctor", "--help").status());
    }

    @Test
    void gpuNodesAreTheNvidiaMinors() throws IOException {
        Path dev = root.resolve("dev");
        Files.createDirectories(dev);
        for (String n : List.of("nvidia0", "nvidia3", "nvidiactl", "nvidia-uvm", "null")) {
            Files.createFile(dev.resolve(n));
        }
        assertEquals(List.of(0, 3), RdmaDoctorCommand.gpuMinors(dev));
        assertEquals(List.of(), RdmaDoctorCommand.gpuMinors(root.resolve("nosuch")));
    }
}
