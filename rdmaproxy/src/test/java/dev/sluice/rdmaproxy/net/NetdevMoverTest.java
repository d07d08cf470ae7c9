package dev.sluice.rdmaproxy.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.HostProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetdevMoverTest {
    @TempDir
    Path tmp;
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

    private NetdevMover mover(NetdevMover.Fault fault) {
        return new NetdevMover(ip.ip(), tmp.resolve("sys"), tmp.resolve("procsysnet"), journals, fault, Duration.ofSeconds(1));
    }

    private static List<NetdevMover.Grant> grants(String... specs) {
        return java.util.Arrays.stream(specs).map(NetdevMover.Grant::parse).toList();
    }

    @Test
    void movesInWithTheAddressesAndBringsThemBack() {
        NetdevMover.Moved moved = mover(NetdevMover.Fault.NONE).moveIn(grants("eth2=roce0"), self, "test");
        String ns = "sluice-" + self.pid() + "-" + self.startTime();
        assertEquals(ns, ip.where.get("roce0"), "moved and renamed");
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("roce0"), "the address again inside");
        assertTrue(Files.exists(NetdevJournal.file(journals, "eth2")), "journaled while inside");
        assertTrue(Files.exists(tmp.resolve("netns").resolve(ns)), "the namespace is pinned");

        assertEquals(List.of(), moved.restore());
        assertTrue(ip.where.containsKey("eth2") && ip.where.get("eth2") == null, "back on the host under its own name");
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"), "with its address");
        assertFalse(Files.exists(NetdevJournal.file(journals, "eth2")), "no journal left");
        assertFalse(Files.exists(tmp.resolve("netns").resolve(ns)), "the pin is gone");
    }

    @Test
    void theJournalIsWrittenBeforeTheMove() {
        mover(NetdevMover.Fault.NONE).moveIn(grants("eth2"), self, "test");
        NetdevJournal j = NetdevJournal.read(journals, "eth2").orElseThrow();
        assertEquals(List.of("10.0.0.1/24"), j.host().addresses().stream().map(a -> a.local() + "/" + a.prefixLen()).toList());
        assertEquals(9000, j.host().mtu());
        assertTrue(j.host().up());
        assertEquals(self.pid(), j.ownerPid());
        assertTrue(j.ownerAlive());
    }

    @Test
    void aFailureInsideRollsEveryMovedNetdevBack() {
        ip.failBatchContaining = "10.0.1.1";
        NetdevException e = assertThrows(NetdevException.class,
                () -> mover(NetdevMover.Fault.NONE).moveIn(grants("eth2", "eth3"), self, "test"));
        assertTrue(e.getMessage().contains("ip -batch"), e.getMessage());
        for (String dev : List.of("eth2", "eth3")) {
            assertNull(ip.where.get(dev), dev + " is back on the host");
            assertTrue(ip.where.containsKey(dev));
            assertFalse(Files.exists(NetdevJournal.file(journals, dev)), "no journal for " + dev);
        }
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"), "eth2 has its address again");
        assertFalse(Files.exists(tmp.resolve("netns").resolve("sluice-" + self.pid() + "-" + self.startTime())), "the pin is gone");
    }

    @Test
    void anInjectedFaultAfterTheMoveRestores() {
        assertThrows(NetdevException.class, () -> mover(NetdevMover.Fault.AFTER_MOVE).moveIn(grants("eth2"), self, "test"));
        assertNull(ip.where.get("eth2"));
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"));
    }

    @Test
    void aMissingNetdevMovesNothing() {
        NetdevException e = assertThrows(NetdevException.class,
                () -> mover(NetdevMover.Fault.NONE).moveIn(grants("eth2", "nosuch"), self, "test"));
        assertTrue(e.getMessage().contains("netdev nosuch does not exist"), e.getMessage());
        assertNull(ip.where.get("eth2"), "checked before anything moved");
        assertTrue(ip.log.stream().noneMatch(l -> l.contains("netns eth2") || l.contains("link set dev eth2 netns")), ip.log.toString());
    }

    @Test
    void aNetdevHeldByALiveSandboxIsRefused() {
        mover(NetdevMover.Fault.NONE).moveIn(grants("eth2"), self, "first");
        NetdevException e = assertThrows(NetdevException.class,
                () -> mover(NetdevMover.Fault.NONE).moveIn(grants("eth2"), self, "second"));
        assertTrue(e.getMessage().contains("already in another sandbox (first"), e.getMessage());
    }

    @Test
    void aNetdevLeftByADeadSandboxIsRestoredFirst() {
        HostProcess dead = new HostProcess(self.pid(), self.startTime() + 1); // same pid, another process
        mover(NetdevMover.Fault.NONE).moveIn(grants("eth2"), dead, "gone");
        assertEquals("sluice-" + dead.pid() + "-" + dead.startTime(), ip.where.get("eth2"));
        assertEquals(List.of("eth2"), mover(NetdevMover.Fault.NONE).recoverStale());
        assertNull(ip.where.get("eth2"));
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2"));
        assertFalse(Files.exists(NetdevJournal.file(journals, "eth2")));
    }

    @Test
    void restoreIsIdempotent() {
        NetdevMover m = mover(NetdevMover.Fault.NONE);
        NetdevJournal j = m.moveIn(grants("eth2"), self, "t").journals().get(0);
        m.restore(j);
        m.restore(j);
        assertNull(ip.where.get("eth2"));
        assertEquals(List.of("10.0.0.1/24"), ip.addresses.get("eth2").stream().distinct().toList());
    }

    @Test
    void aNetdevGoneWithItsNamespaceKeepsItsJournal() {
        NetdevMover m = mover(NetdevMover.Fault.NONE);
        NetdevJournal j = m.moveIn(grants("eth2"), self, "t").journals().get(0);
        ip.where.remove("eth2"); // a veth deleted with its namespace
        NetdevException e = assertThrows(NetdevException.class, () -> m.restore(j));
        assertTrue(e.getMessage().contains("neither on the host nor in its sandbox's namespace"), e.getMessage());
        assertTrue(Files.exists(NetdevJournal.file(journals, "eth2")), "kept for a later try");
    }

    @Test
    void namesAreCheckedAsTheKernelWould() {
        for (String bad : List.of("", ".", "..", "a/b", "a:b", "a b", "sixteen-chars-xx")) {
            assertThrows(NetdevException.class, () -> NetdevMover.Grant.parse(bad), bad);
        }
        assertEquals(new NetdevMover.Grant("eth0.100", "roce0"), NetdevMover.Grant.parse("eth0.100=roce0"));
        assertThrows(NetdevException.class, () -> mover(NetdevMover.Fault.NONE).moveIn(grants("eth2", "eth2"), self, "t"));
    }
}
