package dev.sluice.rdmaproxy.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;

/** {@link GidTable} and the GID text forms of {@link GidEntry}. */
class GidTableTest {
    @TempDir Path root;

    @Test
    void readsValidSlotsWithTheirAttributes() throws Exception {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.rxe("rxe0", "sluice0", 0)
                .emptySlots("rxe0", 1, 12)
                .gid(
                        "rxe0",
                        1,
                        0,
                        "fe80:0000:0000:0000:5054:00ff:fe12:3456",
                        "IB/RoCE v1",
                        "sluice0")
                .gid("rxe0", 1, 10, "0000:0000:0000:0000:0000:ffff:c0a8:4d01", "RoCE v2", "sluice0")
                .gid("rxe0", 1, 2, "2001:0db8:0000:0000:0000:0000:0000:0007", "RoCE v2", "other0");
        GidTable t = GidTable.read(fx.sys, "rxe0", 1);
        assertEquals(
                List.of(
                        new GidEntry(0, "fe80::5054:ff:fe12:3456", "IB/RoCE v1", "sluice0"),
                        new GidEntry(2, "2001:db8::7", "RoCE v2", "other0"),
                        new GidEntry(10, "::ffff:192.168.77.1", "RoCE v2", "sluice0")),
                t.entries(),
                "numeric order, zero slots skipped");
        assertEquals(2, t.forNetdev("sluice0").size());
        assertEquals(10, t.find(InetAddress.getByName("192.168.77.1")).orElseThrow().index());
        assertEquals(2, t.find(InetAddress.getByName("2001:db8::7")).orElseThrow().index());
        assertTrue(t.find(InetAddress.getByName("192.168.77.2")).isEmpty());
    }

    @Test
    void anUnreadableSlotIsEmpty() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.rxe("rxe0", "sluice0", 0)
                .gid("rxe0", 1, 0, "", null, null)
                .gid("rxe0", 1, 1, "fe80:0000:0000:0000:5054:00ff:fe12:3456", null, null);
        assertEquals(
                List.of(new GidEntry(1, "fe80::5054:ff:fe12:3456", "", "")),
                GidTable.read(fx.sys, "rxe0", 1).entries());
    }

    @Test
    void gidTextForms() {
        assertEquals(
                "::ffff:10.0.0.2",
                GidEntry.format(GidEntry.parse("0000:0000:0000:0000:0000:ffff:0a00:0002")));
        assertEquals("::", GidEntry.format(new byte[16]));
        assertEquals("fe80::1", GidEntry.format(GidEntry.parse("fe80::1%eth0")));
        assertEquals(
                "2001:db8:0:1:1:1:1:1",
                GidEntry.format(GidEntry.parse("2001:db8:0:1:1:1:1:1")),
                "one zero group stays");
        assertEquals(
                "1:0:0:1::",
                GidEntry.format(GidEntry.parse("1:0:0:1:0:0:0:0")),
                "the longest run is compressed");
        assertArrayEquals(
                GidEntry.parse("::ffff:192.168.77.1"),
                GidEntry.parse("0000:0000:0000:0000:0000:ffff:c0a8:4d01"));
        assertThrows(IllegalArgumentException.class, () -> GidEntry.parse("1:2:3"));
        assertThrows(IllegalArgumentException.class, () -> GidEntry.parse("1::2::3"));
        assertThrows(IllegalArgumentException.class, () -> GidEntry.parse("::ffff:300.1.1.1"));
    }

    @Test
    void theGidOfAnAddress() throws Exception {
        assertArrayEquals(
                GidEntry.parse("::ffff:192.168.77.1"),
                GidTable.gidOf(InetAddress.getByName("192.168.77.1")));
        assertArrayEquals(
                GidEntry.parse("fe80::1"), GidTable.gidOf(InetAddress.getByName("fe80::1")));
    }
}
