package dev.sluice.rdmaproxy.rdmacm;

import static dev.sluice.rdmaproxy.rdmacm.LibRdmaCm.*;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.rdmaproxy.net.GidEntry;
import dev.sluice.rdmaproxy.net.GidTable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** {@link RdmaCmSandbox} and the socket addresses {@link RdmaCmAddress} reads. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class RdmaCmSandboxTest {

    @Test
    void gidTablesGiveTheSandboxsPortsAndNetdevsOnly() throws Exception {
        GidTable roce =
                new GidTable(
                        "rxe0",
                        1,
                        List.of(
                                new GidEntry(0, "fe80::5054:ff:fe12:3456", "IB/RoCE v1", "eth1"),
                                new GidEntry(1, "fe80::5054:ff:fe12:3456", "RoCE v2", "eth1"),
                                new GidEntry(2, "::ffff:10.0.2.15", "RoCE v2", "eth1"),
                                new GidEntry(3, "fe80::1", "RoCE v2", "host0"),
                                new GidEntry(4, "::ffff:192.168.1.1", "RoCE v2", "host0")));
        GidTable ib =
                new GidTable(
                        "mlx5_0", 1, List.of(new GidEntry(0, "fe80::e41d:2d03:60:1001", "", "")));
        RdmaCmSandbox s =
                RdmaCmSandbox.of(
                        List.of(InetAddress.getByName("10.0.2.15")), List.of(roce, ib), false);
        assertEquals(
                Set.of("fe80::5054:ff:fe12:3456", "::ffff:10.0.2.15", "fe80::e41d:2d03:60:1001"),
                s.gids(),
                "eth1 carries 10.0.2.15, so its GIDs count; host0's do not; IB GIDs count");
        assertTrue(s.hasGid(GidEntry.parse("::ffff:10.0.2.15")), "hasGid compares bytes");
        assertFalse(s.hasGid(GidEntry.parse("::ffff:192.168.1.1")), "another netdev's address");
        assertFalse(s.privilegedPorts(), "as given");
    }

    @Test
    void gidsAreCanonical() {
        RdmaCmSandbox s =
                new RdmaCmSandbox(
                        Set.of(), Set.of("FE80:0000:0000:0000:5054:00FF:FE12:3456"), false);
        assertEquals(Set.of("fe80::5054:ff:fe12:3456"), s.gids(), "sysfs's form, canonical");
        assertEquals("none", s.addressList(), "no addresses");
    }

    private static RdmaCmAddress addressIn(byte[] bindWrite) {
        RdmaCmCommand c = (RdmaCmCommand) RdmaCmCommand.parse(bindWrite);
        return RdmaCmAddress.read(c, RdmaCmAbi.Bind.OFF_ADDR, RdmaCmAbi.SockaddrStorage.SIZE);
    }

    @Test
    void addressesAreReadAsTheKernelReadsThem() throws Exception {
        RdmaCmAddress v4 = addressIn(bind(1, sin("10.0.2.15", 7174)));
        assertEquals(RdmaCmAbi.AF_INET, v4.family(), "AF_INET");
        assertEquals(7174, v4.port(), "sin_port is big-endian");
        assertEquals(InetAddress.getByName("10.0.2.15"), v4.inet(), "sin_addr");
        assertEquals("10.0.2.15", v4.toString(), "printed as an address");
        assertEquals(16, v4.size(), "rdma_addr_size");

        RdmaCmAddress mapped = addressIn(bind(1, sin6("::ffff:10.0.2.15", 1)));
        assertEquals(
                InetAddress.getByName("10.0.2.15"), mapped.inet(), "a mapped address is its v4");
        assertEquals("::ffff:10.0.2.15", mapped.toString(), "but printed as written");

        RdmaCmAddress ib = addressIn(bind(1, sib("fe80::2", IB_IP_PS_TCP | 7471, -1L)));
        assertTrue(ib.ib(), "AF_IB");
        assertEquals(7471, ib.port(), "the port is the service id's low 16 bits");
        assertEquals(IB_IP_PS_TCP | 7471, ib.serviceId(), "sib_sid is big-endian");
        assertArrayEquals(GidEntry.parse("fe80::2"), ib.gid(), "sib_addr");
        assertNull(ib.inet(), "no IP address");
        assertEquals("GID fe80::2", ib.toString(), "printed as a GID");
        assertEquals(48, ib.size(), "sizeof sockaddr_ib");

        RdmaCmAddress masked = addressIn(bind(1, sib("fe80::2", IB_IP_PS_TCP | 7471, 0)));
        assertEquals(0, masked.port(), "a zero mask leaves no port");

        RdmaCmAddress unix = addressIn(bind(1, family(1)));
        assertFalse(unix.known(), "AF_UNIX is not an rdma_cm family");
        assertEquals(0, unix.size(), "rdma_addr_size gives 0");
        assertEquals("family 1", unix.toString(), "named by number");

        assertTrue(addressIn(bind(1, sin("0.0.0.0", 5))).wildcard(), "INADDR_ANY");
        assertTrue(addressIn(bind(1, sib("::", 0, 0))).wildcard(), "the zero GID");
        assertTrue(addressIn(bind(1, sin("224.0.0.1", 0))).multicast(), "224/4");
        assertFalse(addressIn(bind(1, sin("223.255.255.255", 0))).multicast(), "not 224/4");
        assertTrue(addressIn(bind(1, sin6("ff02::1", 0))).multicast(), "ff00::/8");
        assertTrue(addressIn(bind(1, sib("ff12:401b::1", 0, 0))).multicast(), "an MGID");
    }
}
