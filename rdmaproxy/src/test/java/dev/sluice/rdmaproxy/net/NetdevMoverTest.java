package dev.sluice.rdmaproxy.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.faults.TestFaults;
import dev.sluice.sentry.launch.HostProcess;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

class NetdevMoverTest {
    @TempDir Path tmp;
    private FakeIpRoute2 ip;
    private Path journals;
    private final HostProcess self = HostProcess.of((int) ProcessHandle.current().pid());

    @BeforeEach
    void setUp() {
        ip = new FakeIpRoute2(tmp.resolve("netns"));
        ip.hostNetdev("eth2", "10.0.0.1/24");
        ip.hostNetdev("eth3", "10.0.1.1/24");
        journals = tmp.resolve("journals");
    }

    /** The mover as shipped, over the fake ip, settling netdevs with {@code arrival}. */
    static NetdevMover mover(
            FakeIpRoute2 ip,
            Path tmp,
            Path journals,
            Function<SnapshotRestorer, NetdevArrival> arrival) {
        SnapshotRestorer restorer =
                new SnapshotRestorer(
                        ip.ip(),
                        tmp.resolve("sys"),
                        tmp.resolve("procsysnet"),
                        Duration.ofSeconds(1));
        return new NetdevMover(
                ip.ip(),
                tmp.resolve("sys"),
                tmp.resolve("procsysnet"),
                new NetdevJournals(journals),
                restorer,
                arrival.apply(restorer));
    }

    private NetdevMover mover() {
        return mover(ip, tmp, journals, r -> r);
    }

    private static List<NetdevMover.Grant> grants(String... specs) {
        return java.util.Arrays.stream(specs).map(NetdevMover.Grant::parse).toList();
    }

    @Test
    void movesInWithTheAddressesAndBringsThemBack() {
        NetdevMover.Moved moved = mover().moveIn(grants("eth2=roce0"), self, "test");
        String ns = "sluice-" + self.pid() + "-" + self.startTime();
        assertEquals(ns, ip.where.get("roce0"), "moved and renamed");
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("roce0"), "the address again inside");
        assertTrue(Files.exists(NetdevJournal.file(journals, "eth2")), "journaled while inside");
        assertTrue(Files.exists(tmp.resolve("netns").resolve(ns)), "the namespace is pinned");

        assertEquals(List.of(), moved.restore());
        assertTrue(
                ip.where.containsKey("eth2") && ip.where.get("eth2") == null,
                "back on the host under its own name");
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"), "with its address");
        assertFalse(Files.exists(NetdevJournal.file(journals, "eth2")), "no journal left");
        assertFalse(Files.exists(tmp.resolve("netns").resolve(ns)), "the pin is gone");
    }

    @Test
    void theJournalIsWrittenBeforeTheMove() {
        mover().moveIn(grants("eth2"), self, "test");
        NetdevJournal j = NetdevJournal.read(journals, "eth2").orElseThrow();
        assertEquals(
                List.of("10.0.0.1/24"),
                j.host().addresses().stream().map(a -> a.local() + "/" + a.prefixLen()).toList());
        assertEquals(9000, j.host().mtu());
        assertTrue(j.host().up());
        assertEquals(self.pid(), j.ownerPid());
        assertTrue(j.ownerAlive());
    }

    @Test
    void aFailureInsideRollsEveryMovedNetdevBack() {
        ip.failBatchContaining = "10.0.1.1";
        NetdevException e =
                assertThrows(
                        NetdevException.class,
                        () -> mover().moveIn(grants("eth2", "eth3"), self, "test"));
        assertTrue(e.getMessage().contains("ip -batch"), e.getMessage());
        for (String dev : List.of("eth2", "eth3")) {
            assertNull(ip.where.get(dev), dev + " is back on the host");
            assertTrue(ip.where.containsKey(dev));
            assertFalse(Files.exists(NetdevJournal.file(journals, dev)), "no journal for " + dev);
        }
        assertEquals(
                List.of("10.0.0.1/24"), ip.addresses.get("eth2"), "eth2 has its address again");
        assertFalse(
                Files.exists(
                        tmp.resolve("netns")
                                .resolve("sluice-" + self.pid() + "-" + self.startTime())),
                "the pin is gone");
    }

    @Test
    void anInjectedFaultAfterTheMoveRestores() {
        NetdevMover failing =
                mover(
                        ip,
                        tmp,
                        journals,
                        r ->
                                NetdevFaults.arrival(
                                        TestFaults.parse("netdev=after-move"), ip.ip(), r));
        NetdevException e =
                assertThrows(
                        NetdevException.class, () -> failing.moveIn(grants("eth2"), self, "test"));
        assertEquals("netdev eth2: injected fault after the move", e.getMessage());
        assertNull(ip.where.get("eth2"));
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"));
    }

    @Test
    void aPlainMoveLeavesTheNetdevWithoutItsAddressesInside() {
        NetdevMover plain =
                mover(
                        ip,
                        tmp,
                        journals,
                        r ->
                                NetdevFaults.arrival(
                                        TestFaults.parse("netdev=plain-move"), ip.ip(), r));
        NetdevMover.Moved moved = plain.moveIn(grants("eth2=roce0"), self, "test");
        String ns = "sluice-" + self.pid() + "-" + self.startTime();
        assertEquals(ns, ip.where.get("roce0"), "moved and renamed, as a plain runtime does");
        assertEquals(
                List.of(),
                ip.addresses.getOrDefault("roce0", List.of()),
                "no address inside: what the sandbox gets without the snapshot");
        assertTrue(ip.log.contains("ip -n " + ns + " link set dev roce0 up"), ip.log.toString());
        assertTrue(
                ip.log.stream().noneMatch(l -> l.startsWith("ip -n " + ns + " -batch")),
                "nothing restored inside\n" + ip.log);
        assertEquals(List.of(), moved.restore());
        assertEquals(
                List.of("10.0.0.1/24"),
                ip.addresses.get("eth2"),
                "back on the host with its address all the same");
    }

    @Test
    void withoutANetdevFaultTheArrivalIsTheShippedOne() {
        SnapshotRestorer shipped = new SnapshotRestorer(ip.ip(), tmp, tmp, Duration.ofSeconds(1));
        assertSame(shipped, NetdevFaults.arrival(TestFaults.NONE, ip.ip(), shipped));
        assertSame(shipped, NetdevFaults.arrival(TestFaults.parse("stall-ms=5"), ip.ip(), shipped));
    }

    @Test
    void aMissingNetdevMovesNothing() {
        NetdevException e =
                assertThrows(
                        NetdevException.class,
                        () -> mover().moveIn(grants("eth2", "nosuch"), self, "test"));
        assertTrue(e.getMessage().contains("netdev nosuch does not exist"), e.getMessage());
        assertNull(ip.where.get("eth2"), "checked before anything moved");
        assertTrue(
                ip.log.stream()
                        .noneMatch(
                                l ->
                                        l.contains("netns eth2")
                                                || l.contains("link set dev eth2 netns")),
                ip.log.toString());
    }

    @Test
    void aNetdevHeldByALiveSandboxIsRefused() {
        mover().moveIn(grants("eth2"), self, "first");
        NetdevException e =
                assertThrows(
                        NetdevException.class,
                        () -> mover().moveIn(grants("eth2"), self, "second"));
        assertTrue(e.getMessage().contains("already in another sandbox (first"), e.getMessage());
    }

    @Test
    void aNetdevLeftByADeadSandboxIsRestoredFirst() {
        HostProcess dead =
                new HostProcess(self.pid(), self.startTime() + 1); // same pid, another process
        mover().moveIn(grants("eth2"), dead, "gone");
        assertEquals("sluice-" + dead.pid() + "-" + dead.startTime(), ip.where.get("eth2"));
        assertEquals(List.of("eth2"), mover().recoverStale());
        assertNull(ip.where.get("eth2"));
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"));
        assertFalse(Files.exists(NetdevJournal.file(journals, "eth2")));
    }

    @Test
    void restoreIsIdempotent() {
        NetdevMover m = mover();
        NetdevJournal j = m.moveIn(grants("eth2"), self, "t").journals().get(0);
        m.restore(j);
        m.restore(j);
        assertNull(ip.where.get("eth2"));
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2").stream().distinct().toList());
    }

    @Test
    void aNetdevGoneWithItsNamespaceKeepsItsJournal() {
        NetdevMover m = mover();
        NetdevJournal j = m.moveIn(grants("eth2"), self, "t").journals().get(0);
        ip.where.remove("eth2"); // a veth deleted with its namespace
        NetdevException e = assertThrows(NetdevException.class, () -> m.restore(j));
        assertTrue(
                e.getMessage().contains("neither on the host nor in its sandbox's namespace"),
                e.getMessage());
        assertTrue(Files.exists(NetdevJournal.file(journals, "eth2")), "kept for a later try");
    }

    @Test
    void namesAreCheckedAsTheKernelWould() {
        for (String bad : List.of("", ".", "..", "a/b", "a:b", "a b", "sixteen-chars-xx")) {
            assertThrows(NetdevException.class, () -> NetdevMover.Grant.parse(bad), bad);
        }
        assertEquals(
                new NetdevMover.Grant("eth0.100", "roce0"),
                NetdevMover.Grant.parse("eth0.100=roce0"));
        assertThrows(
                NetdevException.class, () -> mover().moveIn(grants("eth2", "eth2"), self, "t"));
    }
}
