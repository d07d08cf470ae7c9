package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * RDMA netdevs moved into a sandbox's network namespace (docs/rdma-networking.md), on real
 * namespaces with a veth pair standing in for a RoCE NIC: {@code sluice run --rdma-netdev} and OCI
 * {@code linux.netDevices}. The kernel drops a netdev's addresses when it changes namespace; these
 * tests check that the sandbox gets them (with MTU and routes) and the strict ARP settings, that
 * the host gets them back, and that bad input and a runtime killed half way leave the host's netdev
 * with its addresses.
 */
@RequiresRoot
class RdmaNetdevE2ETest {
    private static final Path JOURNALS = Path.of("/run/sluice/netdevs");
    private static final String ADDR4 = "10.231.0.1/24";
    private static final String ADDR6 = "fd31::1/64";
    private static final String ROUTE = "10.232.0.0/16 via 10.231.0.2";
    private static final int MTU = 4000;

    @RegisterExtension final OciRoot oci = new OciRoot();

    private String dev;
    private String peer;

    @BeforeEach
    void veth() {
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/sbin/ip"))
                        || Files.isExecutable(Path.of("/sbin/ip")),
                "SKIPPED: iproute2 (ip) is missing");
        long n = ProcessHandle.current().pid() % 10000 + System.nanoTime() % 1000;
        dev = "slt" + n;
        peer = "slp" + n;
        sh("ip link add " + dev + " type veth peer name " + peer);
        sh("ip link set " + peer + " up");
        sh("ip link set " + dev + " mtu " + MTU + " up");
        sh("ip addr add " + ADDR4 + " dev " + dev);
        sh("ip addr add " + ADDR6 + " dev " + dev + " nodad");
        sh("ip route add " + ROUTE + " dev " + dev);
    }

    @AfterEach
    void cleanup() throws IOException {
        // Whatever a failed test left: the journal, a pinned namespace holding the netdev, the
        // pair.
        Path j = JOURNALS.resolve(dev + ".json");
        if (Files.exists(j)) {
            Sluice.run("rdma", "restore");
        }
        Files.deleteIfExists(j);
        run("ip link del " + dev);
        run("ip link del " + peer);
    }

    @Test
    void theSandboxGetsTheAddressesMtuRoutesAndStrictArpAndTheHostGetsThemBack() {
        Sluice.Result r =
                Sluice.run(
                        "run",
                        "--rdma-netdev",
                        dev + "=roce0",
                        "--",
                        "sh",
                        "-c",
                        "ip -o addr show dev roce0; echo mtu=$(cat /sys/class/net/roce0/mtu); ls /sys/class/net; ip route show dev roce0;"
                                + " for i in all roce0; do echo arp_$i=$(cat /proc/sys/net/ipv4/conf/$i/arp_ignore)"
                                + "$(cat /proc/sys/net/ipv4/conf/$i/arp_announce); done; ip -o link show | grep -c ': "
                                + dev
                                + "[@:]' || true");
        assertEquals(0, r.exitCode(), r.toString());
        String out = r.stdout();
        assertTrue(out.contains("inet " + ADDR4), "the IPv4 address is back inside\n" + r);
        assertTrue(out.contains("inet6 " + ADDR6), "the IPv6 address is back inside\n" + r);
        assertTrue(
                out.contains("mtu=" + MTU), "the MTU, in the sandbox's own /sys/class/net\n" + r);
        assertFalse(
                out.contains(peer),
                "the host's netdevs are not in the sandbox's /sys/class/net\n" + r);
        assertTrue(out.contains(ROUTE), "the static route\n" + r);
        assertTrue(
                out.contains("arp_all=12") && out.contains("arp_roce0=12"),
                "arp_ignore=1 and arp_announce=2 on all and the netdev\n" + r);
        assertTrue(out.strip().endsWith("0"), "the netdev is renamed roce0 inside\n" + r);
        assertHostRestored();
    }

    @Test
    void aNetdevThatDoesNotExistIsAClearErrorAndNothingMoves() {
        Sluice.Result r =
                Sluice.run("run", "--rdma-netdev", "nosuch0", "--rdma-netdev", dev, "--", "true");
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("netdev nosuch0 does not exist"), r.toString());
        assertFalse(r.hasStackTrace(), r.toString());
        assertHostRestored();
    }

    @Test
    void aBadNameIsRefusedBeforeAnythingRuns() {
        Sluice.Result r = Sluice.run("run", "--rdma-netdev", "../etc", "--", "true");
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("is not a netdev name"), r.toString());
        assertFalse(r.hasStackTrace(), r.toString());
    }

    @Test
    void aMoveThatFailsHalfWayPutsTheNetdevBackWithItsAddresses() {
        Sluice.Result r =
                Sluice.command("run", "--rdma-netdev", dev, "--", "true")
                        .faults("netdev=after-move")
                        .run();
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("injected fault after the move"), r.toString());
        assertHostRestored();
    }

    @Test
    void aNetdevInAnotherSandboxIsRefusedAndThatSandboxKeepsIt() {
        try (Sluice.Running first =
                Sluice.command(
                                "run",
                                "--rdma-netdev",
                                dev,
                                "--",
                                "sh",
                                "-c",
                                "ip -o addr show dev " + dev + "; echo in; exec sleep 120")
                        .start()) {
            first.awaitStdoutLine(l -> l.equals("in"), Duration.ofSeconds(60));
            Sluice.Result second = Sluice.run("run", "--rdma-netdev", dev, "--", "true");
            assertEquals(125, second.exitCode(), second.toString());
            assertTrue(
                    second.stderr().contains("netdev " + dev + " is already in another sandbox"),
                    second.toString());
            assertTrue(
                    first.stdoutSoFar().contains("inet " + ADDR4),
                    "the first sandbox has it\n" + first.stdoutSoFar());
            first.signal("TERM");
            Sluice.Result r = first.await(Duration.ofSeconds(60));
            assertEquals(143, r.exitCode(), "SIGTERM reached the sandbox\n" + r);
        }
        assertHostRestored();
    }

    @Test
    void aRuntimeKilledMidRunLeavesTheNetdevPinnedAndRestoreBringsItBack() throws Exception {
        Sluice.Running run =
                Sluice.command(
                                "run",
                                "--rdma-netdev",
                                dev,
                                "--",
                                "sh",
                                "-c",
                                "echo in; exec sleep 600")
                        // The runtime killed is the JVM that moved the netdev; through the service
                        // that is a spare sentry, which outlives its caller and puts it back
                        // itself.
                        .ownJvm()
                        .start();
        run.awaitStdoutLine(l -> l.equals("in"), Duration.ofSeconds(60));
        run.signal("KILL");
        run.process().waitFor(30, TimeUnit.SECONDS);
        assertTrue(
                Files.exists(JOURNALS.resolve(dev + ".json")), "the journal outlives the runtime");
        assertEquals(
                1,
                run("ip link show dev " + dev).exit(),
                "the netdev is not on the host until restored");
        // The sandbox dies with its runtime; the pinned namespace keeps the netdev (a veth would be
        // deleted with it).
        awaitDead(dev);
        Sluice.Result r = Sluice.run("rdma", "restore");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains(dev + ": restored from sluice run"), r.toString());
        assertHostRestored();
    }

    @Test
    void aNetdevAndNetHostDoNotMix() {
        Sluice.Result r = Sluice.run("run", "--net", "host", "--rdma-netdev", dev, "--", "true");
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("not with --net host"), r.toString());
        assertHostRestored();
    }

    @Test
    void ociNetDevicesMoveInAtCreateAndComeBackAtDelete() throws IOException {
        Path bundle =
                OciBundle.create(
                        "netdev",
                        List.of(
                                "sh",
                                "-c",
                                "ip -o addr show dev roce0; cat /proc/sys/net/ipv4/conf/roce0/arp_ignore /proc/sys/net/ipv4/conf/all/arp_announce"),
                        c -> {
                            ObjectNode nd = ((ObjectNode) c.get("linux")).putObject("netDevices");
                            nd.putObject(dev).put("name", "roce0");
                        });
        Files.createSymbolicLink(bundle.resolve("rootfs/bin/ip"), Path.of("busybox"));
        String id = Sluice.unique("nd");
        Sluice.Result r = oci.run("run", "--bundle", bundle.toString(), id);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(
                r.stdout().contains("inet " + ADDR4),
                "the container's netdev has its address\n" + r);
        assertTrue(
                r.stdout().replaceAll("\\s+", " ").contains(" 1 2"),
                "arp_ignore=1, arp_announce=2\n" + r);
        assertHostRestored();
    }

    @Test
    void ociNetDevicesNeedANetworkNamespace() throws IOException {
        Path bundle =
                OciBundle.create(
                        "netdev-nons",
                        List.of("true"),
                        c -> {
                            ObjectNode linux = (ObjectNode) c.get("linux");
                            linux.putObject("netDevices").putObject(dev);
                            var ns = linux.withArray("namespaces");
                            for (int i = ns.size() - 1; i >= 0; i--) {
                                if (ns.get(i).path("type").asText().equals("network")) {
                                    ns.remove(i);
                                }
                            }
                        });
        Sluice.Result r = oci.run("create", "--bundle", bundle.toString(), Sluice.unique("nd"));
        assertTrue(r.exitCode() != 0, r.toString());
        assertTrue(
                r.stderr().contains("linux.netDevices") && r.stderr().contains("network namespace"),
                r.toString());
        assertHostRestored();
    }

    /**
     * The host's netdev has its addresses, MTU, route and link back, and nothing of Sluice's is
     * left.
     */
    private void assertHostRestored() {
        Out a = run("ip -o addr show dev " + dev);
        assertEquals(0, a.exit(), "the netdev is on the host: " + a.text());
        assertTrue(a.text().contains("inet " + ADDR4), a.text());
        assertTrue(a.text().contains("inet6 " + ADDR6), a.text());
        Out l = run("ip -o link show dev " + dev);
        assertTrue(l.text().contains("mtu " + MTU) && l.text().contains(",UP"), l.text());
        Out rt = run("ip route show dev " + dev);
        assertTrue(rt.text().contains(ROUTE), rt.text());
        assertFalse(Files.exists(JOURNALS.resolve(dev + ".json")), "no journal left");
    }

    private static void awaitDead(String dev) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            Path j = JOURNALS.resolve(dev + ".json");
            try {
                String json = Files.readString(j, StandardCharsets.UTF_8);
                int pid = new ObjectMapper().readTree(json).path("ownerPid").asInt();
                if (!Files.exists(Path.of("/proc", Integer.toString(pid)))) {
                    return;
                }
            } catch (IOException e) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the sandbox outlived its runtime");
    }

    private record Out(int exit, String text) {}

    private static Out run(String cmd) {
        try {
            Process p =
                    new ProcessBuilder(new ArrayList<>(List.of("sh", "-c", cmd)))
                            .redirectErrorStream(true)
                            .start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return new Out(p.exitValue(), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void sh(String cmd) {
        Out o = run(cmd);
        if (o.exit() != 0) {
            throw new AssertionError(cmd + " failed: " + o.text());
        }
    }
}
