package dev.sluice.rdmaproxy.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.driver.DriverPlugins;
import dev.sluice.rdmaproxy.driver.PluginChoice;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.rdmaproxy.net.Finding.Kind;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/** {@link RdmaDoctor} on fake sysfs/procfs trees: each finding present and absent. */
class RdmaDoctorTest {
    @TempDir Path root;

    static final String LL = "fe80:0000:0000:0000:5054:00ff:fe12:3456";
    static final String V4 = "0000:0000:0000:0000:0000:ffff:c0a8:4d01"; // ::ffff:192.168.77.1

    /**
     * A healthy Soft-RoCE device: rxe0 on sluice0 (192.168.77.1/24), GIDs for both addresses,
     * strong ARP.
     */
    private RdmaDoctorFixture healthyRxe() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.rxe("rxe0", "sluice0", 0)
                .virtualNet("sluice0")
                .netdev("sluice0", "192.168.77.1/24", "fe80::5054:ff:fe12:3456/64")
                .gid("rxe0", 1, 0, LL, "IB/RoCE v1", "sluice0")
                .gid("rxe0", 1, 1, LL, "RoCE v2", "sluice0")
                .gid("rxe0", 1, 2, V4, "IB/RoCE v1", "sluice0")
                .gid("rxe0", 1, 3, V4, "RoCE v2", "sluice0")
                .gid("rxe0", 1, 4, "0000:0000:0000:0000:0000:0000:0000:0000", null, null)
                .arp("sluice0", 1, 2);
        return fx;
    }

    private static RdmaDoctorReport examine(RdmaDoctorFixture fx, List<Integer> gpus) {
        return fx.doctor().examine(RdmaDoctor.visibleDevices(fx.sys), gpus);
    }

    @Test
    void aHealthyRxeDeviceHasNoFindings() {
        RdmaDoctorFixture fx = healthyRxe();
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(List.of(), fx.kinds(r));
        assertEquals(0, r.warnings());
        RdmaDeviceReport d = r.devices().get(0);
        assertEquals("rxe0", d.ibdev());
        assertEquals("uverbs0", d.uverbs());
        assertFalse(d.placement().located(), "rxe has no parent device");
        RdmaPortReport p = d.ports().get(0);
        assertEquals("ACTIVE", p.state());
        assertEquals("Ethernet", p.linkLayer());
        assertEquals("sluice0", p.netdev());
        assertTrue(p.netdevPresent());
        assertEquals(4, p.gids().size(), "the zero GID in slot 4 is an empty slot");
        assertEquals("::ffff:192.168.77.1", p.gids().get(3).gid());
        assertEquals("RoCE v2", p.gids().get(3).type());
        assertEquals(List.of(2, 3), p.addresses().get(0).gidIndices());
        assertEquals(List.of(0, 1), p.addresses().get(1).gidIndices());
        assertTrue(p.addresses().get(1).linkLocal());
        assertEquals(1, p.arp().arpIgnore());
        assertEquals(2, p.arp().arpAnnounce());
        assertEquals("rdma_rxe", d.hostDriver(), "rxe is told by its parent attribute");
        assertEquals("rxe", d.plugin(), "served by the rxe plugin");

        String text = RdmaDoctorText.render(r);
        assertTrue(text.contains("  plugin: rxe (host driver rdma_rxe)\n"), text);
        assertTrue(
                text.startsWith(
                        "rxe0 (uverbs0)  port 1 ACTIVE  link_layer Ethernet  netdev sluice0 (mtu 1500, up)\n"),
                text);
        assertTrue(
                text.contains(
                        "  addresses: 192.168.77.1/24 (GIDs 2,3), fe80::5054:ff:fe12:3456/64 (GIDs 0,1)\n"),
                text);
        assertTrue(
                text.contains("  GIDs: 0   fe80::5054:ff:fe12:3456  IB/RoCE v1  sluice0\n"), text);
        assertTrue(
                text.contains("        3   ::ffff:192.168.77.1      RoCE v2     sluice0\n"), text);
        assertTrue(
                text.contains("  arp_ignore=1 arp_announce=2 (max of all: 0/0, sluice0: 1/2)\n"),
                text);
        assertTrue(
                text.contains(
                        "  placement: virtual (no PCI device), numa -; netdev sluice0: virtual (no PCI device), numa -\n"),
                text);
        assertTrue(text.endsWith("1 RDMA device, no warnings\n"), text);
    }

    @Test
    void anEmptyGidTableIsAWarning() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.rxe("rxe0", "sluice0", 0)
                .virtualNet("sluice0")
                .netdev("sluice0", "192.168.77.1/24")
                .emptySlots("rxe0", 1, 8)
                .arp("sluice0", 1, 2);
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(
                List.of(Kind.EMPTY_GID_TABLE),
                fx.kinds(r),
                "no NO_GID_FOR_ADDRESS on top of an empty table");
        assertEquals(1, r.warnings());
        String text = RdmaDoctorText.render(r);
        assertTrue(text.contains("  GIDs: none\n"), text);
        assertTrue(text.contains("  WARN rxe0 port 1 has an empty GID table"), text);
        assertTrue(text.contains("       fix: give sluice0 the IP address the peers use"), text);
        assertTrue(text.endsWith("1 RDMA device, 1 warning\n"), text);
        assertFalse(fx.kinds(examine(healthyRxe(), List.of())).contains(Kind.EMPTY_GID_TABLE));
    }

    @Test
    void aGidTableWithoutItsSlotsReadsAsEmpty() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.rxe("rxe0", "sluice0", 0);
        assertTrue(GidTable.read(fx.sys, "rxe0", 1).empty());
        assertTrue(GidTable.read(fx.sys, "rxe0", 2).empty(), "no such port");
        assertTrue(GidTable.read(fx.sys, "nosuch", 1).empty(), "no such device");
    }

    @Test
    void anAddressWithoutAGidIsAWarning() {
        RdmaDoctorFixture fx = healthyRxe();
        fx.netdev("sluice0", "192.168.77.1/24", "10.9.8.7/16", "2001:db8::7/64", "fe80::1234/64");
        RdmaDoctorReport r = examine(fx, List.of());
        List<Finding> f = r.devices().get(0).allFindings();
        assertEquals(
                List.of(Kind.NO_GID_FOR_ADDRESS, Kind.NO_GID_FOR_ADDRESS),
                fx.kinds(r),
                "the routable addresses without a GID; a link-local address without one is not a warning");
        assertEquals("10.9.8.7", f.get(0).subject());
        assertEquals("2001:db8::7", f.get(1).subject());
        assertTrue(RdmaDoctorText.render(r).contains("10.9.8.7/16 (no GID)"));
        assertFalse(fx.kinds(examine(healthyRxe(), List.of())).contains(Kind.NO_GID_FOR_ADDRESS));
    }

    @Test
    void aRoceNetdevWithoutRoutableAddressesIsAWarning() {
        RdmaDoctorFixture fx = healthyRxe();
        fx.netdev("sluice0");
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(List.of(Kind.NO_ADDRESSES), fx.kinds(r));
        assertTrue(
                r.devices()
                        .get(0)
                        .allFindings()
                        .get(0)
                        .message()
                        .startsWith("sluice0 has no IP address"));
        assertTrue(RdmaDoctorText.render(r).contains("  addresses: none\n"));

        fx.netdev("sluice0", "fe80::5054:ff:fe12:3456/64");
        r = examine(fx, List.of());
        assertEquals(List.of(Kind.NO_ADDRESSES), fx.kinds(r), "link-local only");
        assertTrue(r.devices().get(0).allFindings().get(0).message().contains("link-local only"));
        assertFalse(fx.kinds(examine(healthyRxe(), List.of())).contains(Kind.NO_ADDRESSES));
    }

    @Test
    void anInfinibandPortNeedsNoAddressesNorArp() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.mlx5("mlx5_0", "pci0000:16/0000:16:02.0/0000:17:00.0", 0, "ib0", 0, true)
                .port("mlx5_0", 1, "4: ACTIVE", "InfiniBand")
                .gid("mlx5_0", 1, 0, "fe80:0000:0000:0000:b8ce:f603:00a1:b2c3", null, null)
                .netdev("ib0")
                .arp("ib0", 0, 0);
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(List.of(), fx.kinds(r));
        assertEquals(
                "ib0",
                r.devices().get(0).ports().get(0).netdev(),
                "the IPoIB netdev under the PCI function");
    }

    @Test
    void aPortThatIsNotActiveIsAWarning() {
        RdmaDoctorFixture fx = healthyRxe();
        fx.port("rxe0", 1, "1: DOWN", "Ethernet");
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(List.of(Kind.PORT_NOT_ACTIVE), fx.kinds(r));
        assertEquals("DOWN", r.devices().get(0).ports().get(0).state());
        assertTrue(RdmaDoctorText.render(r).startsWith("rxe0 (uverbs0)  port 1 DOWN  "));
        assertFalse(fx.kinds(examine(healthyRxe(), List.of())).contains(Kind.PORT_NOT_ACTIVE));
    }

    @Test
    void weakArpIsAWarningAndTheLargerOfAllAndTheNetdevCounts() {
        RdmaDoctorFixture fx = healthyRxe();
        fx.arp("sluice0", 0, 0);
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(List.of(Kind.WEAK_ARP), fx.kinds(r));
        assertTrue(
                r.devices()
                        .get(0)
                        .allFindings()
                        .get(0)
                        .message()
                        .contains("ARP flux: another interface may answer for this address"));

        fx.arp("sluice0", 1, 1);
        assertEquals(
                List.of(Kind.WEAK_ARP),
                fx.kinds(examine(fx, List.of())),
                "arp_announce 1 is not enough");
        fx.arp("sluice0", 0, 2);
        assertEquals(
                List.of(Kind.WEAK_ARP),
                fx.kinds(examine(fx, List.of())),
                "arp_ignore 0 is not enough");

        fx.arp("sluice0", 0, 0).arp("all", 1, 2);
        r = examine(fx, List.of());
        assertEquals(List.of(), fx.kinds(r), "conf/all's stronger settings win");
        assertEquals(1, r.devices().get(0).ports().get(0).arp().arpIgnore());

        fx.arp("sluice0", 1, 2).arp("all", 0, 0);
        assertEquals(
                List.of(), fx.kinds(examine(fx, List.of())), "the netdev's stronger settings win");
        fx.arp("sluice0", 8, 2);
        assertEquals(List.of(), fx.kinds(examine(fx, List.of())), "stronger than needed");
    }

    @Test
    void aNetdevOutsideThisNamespaceIsAWarning() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.rxe("rxe0", "eth7", 0).gid("rxe0", 1, 0, V4, "RoCE v2", "eth7");
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals(
                List.of(Kind.NETDEV_NOT_IN_NAMESPACE),
                fx.kinds(r),
                "no address or ARP findings on top");
        RdmaPortReport p = r.devices().get(0).ports().get(0);
        assertFalse(p.netdevPresent());
        assertNull(p.arp());
        String text = RdmaDoctorText.render(r);
        assertTrue(text.contains("netdev eth7 (not in this network namespace)"), text);
        assertFalse(text.contains("addresses:"), text);
        assertFalse(
                fx.kinds(examine(healthyRxe(), List.of())).contains(Kind.NETDEV_NOT_IN_NAMESPACE));
    }

    /**
     * mlx5_0 at 0000:17:00.0 (numa 0) under root port 16:02.0; GPUs 0 (18:00.0, numa gpu0Numa)
     * beside it, 1 (98:00.0, numa 1) far.
     */
    private RdmaDoctorFixture connectx(int nicNuma, int gpu0Numa) {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.mlx5("mlx5_0", "pci0000:16/0000:16:02.0/0000:17:00.0", nicNuma, "eth2", 0, true)
                .netdev("eth2", "10.0.0.2/24")
                .gid("mlx5_0", 1, 0, "0000:0000:0000:0000:0000:ffff:0a00:0002", "RoCE v2", "eth2")
                .arp("eth2", 1, 2)
                .gpu(0, "pci0000:16/0000:16:01.0/0000:18:00.0", gpu0Numa)
                .gpu(1, "pci0000:97/0000:97:01.0/0000:98:00.0", 1);
        return fx;
    }

    @Test
    void theNicIsPairedWithTheClosestGrantedGpu() {
        RdmaDoctorFixture fx = connectx(0, 0);
        RdmaDoctorReport r = examine(fx, List.of(0, 1));
        RdmaDeviceReport d = r.devices().get(0);
        assertEquals(List.of(), fx.kinds(r));
        assertEquals("0000:17:00.0", d.placement().pciAddress());
        assertEquals(0, d.placement().numaNode());
        assertEquals(0, d.gpu().minor(), "same root complex");
        assertEquals("0000:18:00.0", d.gpu().pciAddress());
        assertEquals("eth2", d.ports().get(0).netdev(), "from the GIDs' ndev");
        assertEquals("0000:17:00.0", d.ports().get(0).netdevPlacement().pciAddress());
        assertEquals(2, r.gpus().size());
        String text = RdmaDoctorText.render(r);
        assertTrue(
                text.contains(
                        "  placement: 0000:17:00.0, numa 0; netdev eth2: 0000:17:00.0, numa 0\n"),
                text);
        assertTrue(text.contains("  node_guid b8ce:f603:00a1:b2c3  fw_ver 28.39.1002\n"), text);
        assertTrue(
                text.contains(
                        "  GPU: nvidia0 (0000:18:00.0, numa 0), the closest granted GPU in PCI topology\n"),
                text);
    }

    @Test
    void aNicOnAnotherNumaNodeThanItsGpuIsAWarning() {
        RdmaDoctorFixture fx = connectx(0, 0);
        RdmaDoctorReport r = examine(fx, List.of(1));
        assertEquals(List.of(Kind.NUMA_MISMATCH), fx.kinds(r), "only the far GPU is granted");
        assertEquals(1, r.devices().get(0).gpu().minor());
        Finding f = r.devices().get(0).findings().get(0);
        assertTrue(
                f.message()
                        .contains(
                                "mlx5_0 (0000:17:00.0) is on NUMA node 0 but its closest granted GPU nvidia1 (0000:98:00.0) is on node 1"),
                f.message());
        assertTrue(
                RdmaDoctorText.render(r)
                        .contains("  WARN mlx5_0 (0000:17:00.0) is on NUMA node 0"));

        assertEquals(
                List.of(Kind.NUMA_MISMATCH),
                fx.kinds(examine(connectx(0, 1), List.of(0))),
                "beside it but on another node");
    }

    @Test
    void noNumaWarningWhenANodeIsUnknownOrNoGpuIsGranted() {
        assertEquals(
                List.of(),
                new RdmaDoctorFixture(root).kinds(examine(connectx(-1, 0), List.of(1))),
                "NIC node unknown");
        assertEquals(
                List.of(),
                new RdmaDoctorFixture(root).kinds(examine(connectx(0, -1), List.of(0))),
                "GPU node unknown");
        RdmaDoctorReport r = examine(connectx(0, 0), List.of());
        assertNull(r.devices().get(0).gpu(), "no GPU granted");
        assertEquals(0, r.warnings());
        r = examine(connectx(0, 0), List.of(5));
        assertNull(r.devices().get(0).gpu(), "a GPU node the driver does not list");
        assertEquals("", r.gpus().get(0).pciAddress());
    }

    @Test
    void rxeOnAVirtualNetdevIsNotPaired() {
        RdmaDoctorFixture fx = healthyRxe();
        fx.gpu(0, "pci0000:16/0000:16:01.0/0000:18:00.0", 0);
        RdmaDoctorReport r = examine(fx, List.of(0));
        assertEquals(List.of(Kind.NO_GPU_PAIRING), fx.kinds(r));
        assertEquals(0, r.warnings(), "a note, not a warning");
        assertTrue(
                RdmaDoctorText.render(r)
                        .contains(
                                "  INFO rxe0 has no PCI device (nor has its netdev): not paired with a GPU\n"));
    }

    @Test
    void rxeOnAPhysicalNetdevIsPairedThroughTheNetdev() {
        RdmaDoctorFixture fx = connectx(1, 0);
        fx.rxe("rxe0", "eth2", 1)
                .gid("rxe0", 1, 0, "0000:0000:0000:0000:0000:ffff:0a00:0002", "RoCE v2", "eth2");
        RdmaDoctorReport r = fx.doctor().examine(List.of("rxe0"), List.of(0, 1));
        RdmaDeviceReport d = r.devices().get(0);
        assertEquals("uverbs1", d.uverbs());
        assertEquals(0, d.gpu().minor());
        assertEquals(
                List.of(Kind.NUMA_MISMATCH),
                fx.kinds(r),
                "eth2's function is on node 1, GPU 0 on node 0");
    }

    @Test
    void theUverbsNodeIsFoundUnderTheParentDeviceWithoutAClassLink() {
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.mlx5("mlx5_3", "pci0000:16/0000:16:02.0/0000:17:00.1", 0, "eth3", 7, false)
                .netdev("eth3", "10.0.1.2/24")
                .gid("mlx5_3", 1, 0, "0000:0000:0000:0000:0000:ffff:0a00:0102", "RoCE v2", null)
                .arp("eth3", 1, 2);
        RdmaDoctorReport r = examine(fx, List.of());
        assertEquals("uverbs7", r.devices().get(0).uverbs());
        assertEquals(
                "eth3",
                r.devices().get(0).ports().get(0).netdev(),
                "from the function's net/ when the GIDs name none");
        assertEquals(List.of(), fx.kinds(r));
    }

    /** A ConnectX-like function at 0000:17:00.0 bound to {@code driver}, as irdma0. */
    private RdmaDoctorFixture boundTo(String ibdev, String driver) {
        String pci = "pci0000:16/0000:16:02.0/0000:17:00.0";
        RdmaDoctorFixture fx = new RdmaDoctorFixture(root);
        fx.mlx5(ibdev, pci, 0, "eth2", 0, true)
                .netdev("eth2", "10.0.0.2/24")
                .gid(ibdev, 1, 0, "0000:0000:0000:0000:0000:ffff:0a00:0002", "RoCE v2", "eth2")
                .arp("eth2", 1, 2);
        return driver.equals("mlx5_core") ? fx : fx.boundTo(pci, driver);
    }

    @Test
    void eachDeviceIsNamedWithThePluginOfItsHostDriver() {
        RdmaDoctorReport r = examine(connectx(0, 0), List.of());
        RdmaDeviceReport d = r.devices().get(0);
        assertEquals("mlx5_core", d.hostDriver(), "the PCI function's driver");
        assertEquals("mlx5", d.plugin(), "ConnectX");
        assertTrue(
                RdmaDoctorText.render(r).contains("  plugin: mlx5 (host driver mlx5_core)\n"),
                RdmaDoctorText.render(r));
        // Every plugin DriverPlugins knows, by each of its host drivers: the report follows the
        // registry, not a list of its own.
        for (RdmaDriverPlugin p : DriverPlugins.ALL) {
            for (String driver : p.hostDrivers()) {
                RdmaDeviceReport b = examine(boundTo("dev0", driver), List.of()).devices().get(0);
                assertEquals(driver, b.hostDriver(), "bound to " + driver);
                assertEquals(p.name(), b.plugin(), "a device bound to " + driver);
            }
        }
    }

    @Test
    void aDeviceWhoseDriverHasNoPluginIsNamedRefusedAndGenericOnlyWithTheChoice() {
        RdmaDoctorFixture fx = boundTo("irdma0", "irdma");
        RdmaDoctorReport r = examine(fx, List.of());
        RdmaDeviceReport d = r.devices().get(0);
        assertEquals("irdma", d.hostDriver(), "the function's driver");
        assertEquals("none: refused", d.plugin(), "sluice run --rdma irdma0 is refused");
        assertEquals(List.of(), fx.kinds(r), "a fact, not a finding: no warning");
        String text = RdmaDoctorText.render(r);
        assertTrue(
                text.contains(
                                "  plugin: none: refused (host driver irdma, which has no plugin (supported: ")
                        && text.contains("mlx5_core")
                        && text.contains(
                                "; sluice run --rdma-generic serves it with the generic plugin)\n"),
                text);

        RdmaDoctor withGeneric = new RdmaDoctor(fx.sys, fx.proc, fx, PluginChoice.Generic.FALLBACK);
        RdmaDoctorReport g = withGeneric.examine(List.of("irdma0"), List.of());
        assertEquals("generic", g.devices().get(0).plugin(), "with --rdma-generic");
        assertTrue(
                RdmaDoctorText.render(g)
                        .contains(
                                "  plugin: generic (host driver irdma, which has no plugin of its own;"
                                        + " core verbs only, no driver data)\n"),
                RdmaDoctorText.render(g));

        RdmaDoctorFixture rxe = healthyRxe();
        assertEquals(
                "rxe",
                new RdmaDoctor(rxe.sys, rxe.proc, rxe, PluginChoice.Generic.FALLBACK)
                        .examine(List.of("rxe0"), List.of())
                        .devices()
                        .get(0)
                        .plugin(),
                "with --rdma-generic, a driver with a plugin keeps it");
        RdmaDoctorReport forced =
                new RdmaDoctor(rxe.sys, rxe.proc, rxe, PluginChoice.Generic.FORCE)
                        .examine(List.of("rxe0"), List.of());
        assertEquals("generic", forced.devices().get(0).plugin(), "--rdma-generic=force");
        assertTrue(
                RdmaDoctorText.render(forced)
                        .contains(
                                "  plugin: generic (host driver rdma_rxe; forced, instead of its own rxe plugin;"),
                RdmaDoctorText.render(forced));
    }

    @Test
    void aParentlessDeviceThatIsNotRxeHasNoHostDriver() throws java.io.IOException {
        RdmaDoctorFixture fx = healthyRxe();
        java.nio.file.Files.delete(fx.sys.resolve("devices/virtual/infiniband/rxe0/parent"));
        RdmaDeviceReport d = fx.doctor().examine(List.of("rxe0"), List.of()).devices().get(0);
        assertEquals("", d.hostDriver(), "siw-like: sysfs names no driver");
        assertEquals("none: refused", d.plugin(), "refused");
        assertTrue(d.pluginReason().startsWith("no host driver in sysfs"), d.pluginReason());
    }

    @Test
    void noDevicesAreVisibleWithoutTheClass() {
        assertEquals(List.of(), RdmaDoctor.visibleDevices(root.resolve("nosuch")));
        assertEquals(List.of("rxe0"), RdmaDoctor.visibleDevices(healthyRxe().sys));
    }
}
