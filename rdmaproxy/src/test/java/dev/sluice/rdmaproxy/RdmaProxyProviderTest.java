package dev.sluice.rdmaproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.driver.EfaPlugin;
import dev.sluice.rdmaproxy.driver.GenericPlugin;
import dev.sluice.rdmaproxy.driver.Mlx5Plugin;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RdmaProxyProviderTest {

    private static ProxyConfig granting(Path... devices) {
        return new ProxyConfig(List.of(devices), Set.of(), Map.of());
    }

    @Test
    void serviceLoaderFindsTheProvider() {
        List<DeviceProxyProvider> found =
                ServiceLoader.load(DeviceProxyProvider.class).stream()
                        .map(ServiceLoader.Provider::get)
                        .filter(p -> p instanceof RdmaProxyProvider)
                        .toList();
        assertEquals(1, found.size(), "META-INF/services registers RdmaProxyProvider once");
        assertEquals("rdmaproxy", found.get(0).name(), "its name");
        assertFalse(found.get(0).description().isBlank(), "a description for `sluice proxies`");
    }

    @Test
    void noDevicesNoProxy() {
        RdmaProxyProvider p = new RdmaProxyProvider();
        assertTrue(p.create(granting()).isEmpty(), "nothing granted: no proxy");
        assertTrue(
                p.create(new ProxyConfig(List.of(), Set.of("rdmaproxy"), Map.of())).isEmpty(),
                "rdmaproxy is activated by devices, not by --proxy");
        assertTrue(
                p.create(granting(Path.of("/dev/null"), Path.of("/dev/nvidia0"))).isEmpty(),
                "other devices do not activate it");
    }

    @TempDir Path tmp;

    /** A fake /sys with abi_version {@code abi} (absent if null) and a /proc/devices. */
    private RdmaProxyProvider fakeHost(String abi, String procDevices) throws IOException {
        Path sys = tmp.resolve("sys");
        Path cls = sys.resolve("class/infiniband_verbs");
        Files.createDirectories(cls);
        if (abi != null) {
            Files.writeString(cls.resolve("abi_version"), abi + "\n");
        }
        Path devices = tmp.resolve("devices");
        Files.writeString(devices, procDevices);
        return new RdmaProxyProvider(sys, devices);
    }

    /**
     * A uverbs node in the fake /sys: {@code class/infiniband_verbs/NODE/{dev,ibdev}} and, as the
     * kernel lays it out, either a parent device bound to {@code driver} (a PCI function) or, with
     * {@code driver} null, a parentless RDMA device with rxe's {@code parent} attribute when {@code
     * rxe}.
     */
    private void node(String node, String dev, String ibdev, String driver, boolean rxe)
            throws IOException {
        Path sys = tmp.resolve("sys");
        Path n = Files.createDirectories(sys.resolve("class/infiniband_verbs").resolve(node));
        Files.writeString(n.resolve("dev"), dev + "\n");
        Files.writeString(n.resolve("ibdev"), ibdev + "\n");
        Path ib = Files.createDirectories(sys.resolve("class/infiniband").resolve(ibdev));
        if (driver != null) {
            Path pci = Files.createDirectories(n.resolve("device"));
            Files.createSymbolicLink(
                    pci.resolve("driver"), Path.of("../../../../bus/pci/drivers/" + driver));
            Files.createSymbolicLink(ib.resolve("device"), pci);
        } else if (rxe) {
            Files.writeString(ib.resolve("parent"), "dummy0\n");
        }
    }

    private static final String PROC_DEVICES =
            "Character devices:\n  1 mem\n231 infiniband_mad\n231 infiniband_verbs\n"
                    + "511 infiniband_verbs\n\nBlock devices:\n  8 sd\n231 infiniband_verbs\n";

    @Test
    void mediatesDecidesByNumberAloneWithOrWithoutIbUverbs() throws IOException {
        RdmaProxyProvider loaded = fakeHost("6", PROC_DEVICES);
        assertTrue(loaded.mediates(new CharDevice(231, 192)), "uverbs0");
        assertTrue(loaded.mediates(new CharDevice(511, 0)), "a dynamic infiniband_verbs major");
        assertFalse(loaded.mediates(new CharDevice(231, 0)), "umad0 shares 231 below 192");
        assertFalse(loaded.mediates(new CharDevice(1, 3)), "/dev/null");
        assertTrue(loaded.mediates(new CharDevice(231, CharDevice.ANY)), "231:* holds uverbs0");
        assertTrue(loaded.mediates(new CharDevice(511, CharDevice.ANY)), "a dynamic major:*");
        assertFalse(loaded.mediates(new CharDevice(1, CharDevice.ANY)), "mem:* is not RDMA's");
        // the same host files, rewritten: ib_uverbs not loaded
        RdmaProxyProvider none = fakeHost("6", "Character devices:\n  1 mem\n");
        assertTrue(
                none.mediates(new CharDevice(231, 193)),
                "231:192+ is uverbs even before ib_uverbs is loaded");
        assertFalse(none.mediates(new CharDevice(511, 0)), "an unregistered major is nobody's");
        assertTrue(
                none.mediates(new CharDevice(CharDevice.ANY, CharDevice.ANY)),
                "*:* holds the uverbs numbers");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/infiniband/uverbs0", "/dev/infiniband/uverbs12"})
    void grantingAUverbsNodeActivatesTheProxy(String device) throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        String node = Path.of(device).getFileName().toString();
        node(node, "231:" + (192 + Integer.parseInt(node.substring(6))), "rxe0", null, true);
        DeviceProxy proxy = p.create(granting(Path.of("/dev/null"), Path.of(device))).orElseThrow();
        assertEquals("rdmaproxy", proxy.name(), "RDMAProxy");
        assertTrue(proxy.owns(new CharDevice(231, 192)), "uverbs0");
        assertTrue(proxy.owns(new CharDevice(511, 3)), "the dynamic major, char devices only");
        assertEquals(
                List.of(231, 511),
                UverbsDevices.majors(tmp.resolve("devices")),
                "block devices are not read");
        assertSame(
                RxePlugin.INSTANCE,
                ((RdmaProxy) proxy).plugin(UverbsDevices.charDevice(tmp.resolve("sys"), node)),
                "a Soft-RoCE device is served by the rxe plugin");
    }

    @Test
    void eachGrantedNodeGetsThePluginOfItsHostDriver() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs0", "231:192", "mlx5_0", "mlx5_core", false);
        node("uverbs1", "231:193", "rxe0", null, true);
        node("uverbs2", "231:194", "mlx5_1", "mlx5_core", false);
        node("uverbs3", "231:195", "efa_0", "efa", false);
        Path cm = tmp.resolve("sys/class/misc/rdma_cm");
        Files.createDirectories(cm);
        Files.writeString(cm.resolve("dev"), "10:58\n");
        RdmaProxy proxy =
                (RdmaProxy)
                        p.create(
                                        granting(
                                                Path.of("/dev/infiniband/uverbs0"),
                                                Path.of("/dev/infiniband/uverbs1"),
                                                Path.of("/dev/infiniband/uverbs3"),
                                                Path.of("/dev/infiniband/rdma_cm")))
                                .orElseThrow();
        assertSame(
                Mlx5Plugin.INSTANCE, proxy.plugin(new CharDevice(231, 192)), "mlx5_0 is ConnectX");
        assertSame(RxePlugin.INSTANCE, proxy.plugin(new CharDevice(231, 193)), "rxe0 is Soft-RoCE");
        assertSame(
                EfaPlugin.INSTANCE,
                proxy.plugin(new CharDevice(231, 195)),
                "efa_0, whose PCI function is bound to efa, is AWS EFA");
        assertNull(proxy.plugin(new CharDevice(231, 194)), "uverbs2 was not granted: no plugin");
        assertTrue(proxy.owns(new CharDevice(10, 58)), "the granted rdma_cm file is mediated");
        assertTrue(proxy.mediatesWrites(), "its interface is write(): the family is trapped");
    }

    @Test
    void rdmaCmIsContinuedByDefaultAndOpenedAndExecutedByTheSentryInExecuteMode()
            throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs1", "231:193", "rxe0", null, true);
        Path cm = tmp.resolve("sys/class/misc/rdma_cm");
        Files.createDirectories(cm);
        Files.writeString(cm.resolve("dev"), "10:58\n");
        Path node = Path.of("/dev/infiniband/rdma_cm");
        List<Path> devices = List.of(Path.of("/dev/infiniband/uverbs1"), node);
        try (RdmaProxy kernelRun =
                (RdmaProxy) p.create(new ProxyConfig(devices, Set.of(), Map.of())).orElseThrow()) {
            assertEquals(
                    List.of(),
                    kernelRun.opensDevices(),
                    "by default (the OCI path) the guest opens rdma_cm itself");
            assertTrue(kernelRun.racyRows().contains("rdma_cm"), kernelRun.racyRows());
        }
        Map<String, String> execute =
                Map.of(RdmaProxyProvider.OPT_RDMA_CM, RdmaProxyProvider.RDMA_CM_EXECUTE);
        try (RdmaProxy executes =
                (RdmaProxy) p.create(new ProxyConfig(devices, Set.of(), execute)).orElseThrow()) {
            assertEquals(
                    List.of(node),
                    executes.opensDevices(),
                    "in execute mode the sentry opens rdma_cm (nodev bind, opens trapped)");
            assertTrue(executes.mediatesWrites(), "its writes are trapped");
            assertFalse(executes.racyRows().contains("rdma_cm"), executes.racyRows());
        }
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                p.create(
                                        new ProxyConfig(
                                                devices,
                                                Set.of(),
                                                Map.of(RdmaProxyProvider.OPT_RDMA_CM, "strict"))));
        assertTrue(
                e.getMessage().contains("rdmaproxy.rdma-cm")
                        && e.getMessage().contains("execute or kernel-run"),
                e.getMessage());
    }

    @Test
    void aGrantedRdmaCmWhoseCharDeviceIsUnknownStopsTheSandbox() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs1", "231:193", "rxe0", null, true);
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                p.create(
                                        granting(
                                                Path.of("/dev/infiniband/uverbs1"),
                                                Path.of("/dev/infiniband/rdma_cm"))));
        assertTrue(
                e.getMessage().contains("rdma_cm"), "never granted unmediated: " + e.getMessage());
    }

    @Test
    void hostDriverComesFromTheNodeTheRdmaDeviceOrRxesParentAttribute() throws IOException {
        Path sys = tmp.resolve("sys");
        node("uverbs0", "231:192", "mlx5_0", "mlx5_core", false);
        node("uverbs1", "231:193", "rxe0", null, true);
        node("uverbs2", "231:194", "siw0", null, false);
        node("uverbs3", "231:195", "mlx4_0", "mlx4_core", false);
        assertEquals(
                "mlx5_core",
                UverbsDevices.hostDriver(sys, "uverbs0"),
                "device/driver of the uverbs node");
        assertEquals(
                "rdma_rxe",
                UverbsDevices.hostDriver(sys, "uverbs1"),
                "parentless with rxe's parent attribute");
        assertEquals("", UverbsDevices.hostDriver(sys, "uverbs2"), "parentless, not rxe: unknown");
        assertEquals(
                "mlx4_core",
                UverbsDevices.hostDriver(sys, "uverbs3"),
                "any bound driver is reported");
        assertEquals("", UverbsDevices.hostDriver(sys, "uverbs9"), "no such node");
        // the RDMA device's own link serves when the uverbs node has none
        Files.delete(sys.resolve("class/infiniband_verbs/uverbs0/device/driver"));
        Path ibDev = Files.createDirectories(tmp.resolve("pci0"));
        Files.delete(sys.resolve("class/infiniband/mlx5_0/device"));
        Files.createSymbolicLink(sys.resolve("class/infiniband/mlx5_0/device"), ibDev);
        Files.createSymbolicLink(
                ibDev.resolve("driver"), Path.of("/sys/bus/pci/drivers/mlx5_core"));
        assertEquals(
                "mlx5_core",
                UverbsDevices.hostDriver(sys, "uverbs0"),
                "class/infiniband/IBDEV/device/driver");
        assertEquals(
                new CharDevice(231, 193),
                UverbsDevices.charDevice(sys, "uverbs1"),
                "from the dev attribute");
        assertEquals("rxe0", UverbsDevices.ibdev(sys, "uverbs1"), "ibdev");
    }

    @Test
    void refusesANodeWhoseDriverHasNoPluginNamingItAndTheSupportedOnes() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs0", "231:192", "mlx5_0", "mlx5_core", false);
        node("uverbs3", "231:195", "mlx4_0", "mlx4_core", false);
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                p.create(
                                        granting(
                                                Path.of("/dev/infiniband/uverbs0"),
                                                Path.of("/dev/infiniband/uverbs3"))));
        for (String s :
                List.of(
                        "mlx4_core",
                        "mlx4_0",
                        "/dev/infiniband/uverbs3",
                        "mlx5_core",
                        "rdma_rxe",
                        "supported",
                        "--rdma-generic",
                        "dev.sluice.rdmaproxy.generic")) {
            assertTrue(e.getMessage().contains(s), s + " in: " + e.getMessage());
        }
        node("uverbs2", "231:194", "siw0", null, false);
        e =
                assertThrows(
                        IllegalStateException.class,
                        () -> p.create(granting(Path.of("/dev/infiniband/uverbs2"))));
        assertTrue(
                e.getMessage().contains("names no driver") && e.getMessage().contains("siw0"),
                e.getMessage());
    }

    private static ProxyConfig granting(String generic, Path... devices) {
        return new ProxyConfig(
                List.of(devices), Set.of(), Map.of(RdmaProxyProvider.OPT_GENERIC, generic));
    }

    @Test
    void theGenericPluginServesADriverWithoutAPluginOnlyWhenChosen() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs0", "231:192", "mlx5_0", "mlx5_core", false);
        node("uverbs1", "231:193", "rxe0", null, true);
        node("uverbs2", "231:194", "siw0", null, false);
        node("uverbs3", "231:195", "irdma0", "irdma", false);
        Path[] all = {
            Path.of("/dev/infiniband/uverbs0"),
            Path.of("/dev/infiniband/uverbs1"),
            Path.of("/dev/infiniband/uverbs2"),
            Path.of("/dev/infiniband/uverbs3")
        };
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> p.create(granting("false", all)),
                        "false is the default: irdma has no plugin");
        assertTrue(e.getMessage().contains("--rdma-generic"), e.getMessage());

        RdmaProxy proxy = (RdmaProxy) p.create(granting("true", all)).orElseThrow();
        assertSame(
                Mlx5Plugin.INSTANCE,
                proxy.plugin(new CharDevice(231, 192)),
                "mlx5_0 keeps its own plugin");
        assertSame(
                RxePlugin.INSTANCE, proxy.plugin(new CharDevice(231, 193)), "rxe0 keeps its own");
        GenericPlugin siw =
                assertInstanceOf(
                        GenericPlugin.class,
                        proxy.plugin(new CharDevice(231, 194)),
                        "siw0, whose driver sysfs does not name, is served by the generic plugin");
        assertEquals("unknown", siw.hostDriver(), "and its lines say so");
        GenericPlugin irdma =
                assertInstanceOf(
                        GenericPlugin.class,
                        proxy.plugin(new CharDevice(231, 195)),
                        "irdma0 is served by the generic plugin");
        assertEquals("irdma", irdma.hostDriver(), "naming irdma in its lines");
        assertTrue(
                proxy.racyRows().contains("irdma"),
                "the start warning names the unvetted driver: " + proxy.racyRows());
    }

    @Test
    void forcedTheGenericPluginServesEveryNodeRxeIncluded() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs0", "231:192", "mlx5_0", "mlx5_core", false);
        node("uverbs1", "231:193", "rxe0", null, true);
        RdmaProxy proxy =
                (RdmaProxy)
                        p.create(
                                        granting(
                                                "force",
                                                Path.of("/dev/infiniband/uverbs0"),
                                                Path.of("/dev/infiniband/uverbs1")))
                                .orElseThrow();
        for (int minor : List.of(192, 193)) {
            RdmaDriverPlugin plugin = proxy.plugin(new CharDevice(231, minor));
            assertInstanceOf(GenericPlugin.class, plugin, "231:" + minor + " is forced to generic");
        }
        assertEquals(
                "rdma_rxe",
                ((GenericPlugin) proxy.plugin(new CharDevice(231, 193))).hostDriver(),
                "rxe0's lines name rdma_rxe");
        assertEquals(
                "mlx5_core",
                ((GenericPlugin) proxy.plugin(new CharDevice(231, 192))).hostDriver(),
                "mlx5_0's lines name mlx5_core");
    }

    @Test
    void anUnknownGenericValueIsRefusedNamingTheOption() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs1", "231:193", "rxe0", null, true);
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> p.create(granting("yes", Path.of("/dev/infiniband/uverbs1"))));
        assertTrue(
                e.getMessage().contains("rdmaproxy.generic")
                        && e.getMessage().contains("false, true, force"),
                e.getMessage());
    }

    @Test
    void refusesANodeWithoutItsCharDevice() throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        node("uverbs0", "231:192", "rxe0", null, true);
        Files.writeString(tmp.resolve("sys/class/infiniband_verbs/uverbs0/dev"), "garbage\n");
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> p.create(granting(Path.of("/dev/infiniband/uverbs0"))));
        assertTrue(
                e.getMessage().contains("uverbs0") && e.getMessage().contains("garbage"),
                e.getMessage());
    }

    @Test
    void refusesWithoutAbi6() throws IOException {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                fakeHost(null, PROC_DEVICES)
                                        .create(granting(Path.of("/dev/infiniband/uverbs0"))));
        assertTrue(
                e.getMessage().contains("abi_version") && e.getMessage().contains("missing"),
                e.getMessage());
        e =
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                fakeHost("5", PROC_DEVICES)
                                        .create(granting(Path.of("/dev/infiniband/uverbs0"))));
        assertTrue(
                e.getMessage().contains("reads 5")
                        && e.getMessage().contains("/dev/infiniband/uverbs0"),
                e.getMessage());
    }

    @Test
    void refusesWithoutAUverbsChardev() throws IOException {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                fakeHost("6", "Character devices:\n  1 mem\n")
                                        .create(granting(Path.of("/dev/infiniband/uverbs0"))));
        assertTrue(e.getMessage().contains("infiniband_verbs"), e.getMessage());
    }

    @Test
    void resolvesAnRdmaDeviceToItsUverbsNode() throws IOException {
        Path sys = tmp.resolve("sys2");
        for (String[] d : new String[][] {{"uverbs0", "mlx5_0"}, {"uverbs1", "rxe0"}}) {
            Path dir = Files.createDirectories(sys.resolve("class/infiniband_verbs").resolve(d[0]));
            Files.writeString(dir.resolve("ibdev"), d[1] + "\n");
        }
        assertEquals(Path.of("/dev/infiniband/uverbs1"), UverbsDevices.node(sys, "rxe0"), "rxe0");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> UverbsDevices.node(sys, "rxe9"));
        assertTrue(
                e.getMessage().contains("rxe9") && e.getMessage().contains("mlx5_0"),
                e.getMessage());
    }

    @Test
    void isUverbsNodeLooksAtTheFileName() {
        assertTrue(RdmaProxyProvider.isUverbsNode(Path.of("/dev/infiniband/uverbs3")), "uverbs3");
        assertFalse(
                RdmaProxyProvider.isUverbsNode(Path.of("/dev/infiniband/rdma_cm")),
                "rdma_cm is not a uverbs node");
        assertFalse(RdmaProxyProvider.isUverbsNode(Path.of("/")), "the root has no file name");
    }
}
