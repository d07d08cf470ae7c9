package dev.sluice.rdmaproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RdmaProxyProviderTest {

    private static ProxyConfig granting(Path... devices) {
        return new ProxyConfig(List.of(devices), Set.of(), Map.of());
    }

    @Test
    void serviceLoaderFindsTheProvider() {
        List<DeviceProxyProvider> found = ServiceLoader.load(DeviceProxyProvider.class).stream()
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
        assertTrue(p.create(new ProxyConfig(List.of(), Set.of("rdmaproxy"), Map.of())).isEmpty(),
                "rdmaproxy is activated by devices, not by --proxy");
        assertTrue(p.create(granting(Path.of("/dev/null"), Path.of("/dev/nvidia0"))).isEmpty(),
                "other devices do not activate it");
    }

    @TempDir
    Path tmp;

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

    private static final String PROC_DEVICES = "Character devices:\n  1 mem\n231 infiniband_mad\n231 infiniband_verbs\n"
            + "511 infiniband_verbs\n\nBlock devices:\n  8 sd\n231 infiniband_verbs\n";

    @ParameterizedTest
    @ValueSource(strings = {"/dev/infiniband/uverbs0", "/dev/infiniband/uverbs12"})
    void grantingAUverbsNodeActivatesTheProxy(String device) throws IOException {
        RdmaProxyProvider p = fakeHost("6", PROC_DEVICES);
        DeviceProxy proxy = p.create(granting(Path.of("/dev/null"), Path.of(device))).orElseThrow();
        assertEquals("rdmaproxy", proxy.name(), "RDMAProxy");
        assertTrue(proxy.owns(new CharDevice(231, 192)), "uverbs0");
        assertTrue(proxy.owns(new CharDevice(511, 3)), "the dynamic major, char devices only");
        assertEquals(List.of(231, 511), UverbsDevices.majors(tmp.resolve("devices")), "block devices are not read");
    }

    @Test
    void refusesWithoutAbi6() throws IOException {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> fakeHost(null, PROC_DEVICES).create(granting(Path.of("/dev/infiniband/uverbs0"))));
        assertTrue(e.getMessage().contains("abi_version") && e.getMessage().contains("missing"), e.getMessage());
        e = assertThrows(IllegalStateException.class,
                () -> fakeHost("5", PROC_DEVICES).create(granting(Path.of("/dev/infiniband/uverbs0"))));
        assertTrue(e.getMessage().contains("reads 5") && e.getMessage().contains("/dev/infiniband/uverbs0"), e.getMessage());
    }

    @Test
    void refusesWithoutAUverbsChardev() throws IOException {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> fakeHost("6", "Character devices:\n  1 mem\n").create(granting(Path.of("/dev/infiniband/uverbs0"))));
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
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UverbsDevices.node(sys, "rxe9"));
        assertTrue(e.getMessage().contains("rxe9") && e.getMessage().contains("mlx5_0"), e.getMessage());
    }

    @Test
    void isUverbsNodeLooksAtTheFileName() {
        assertTrue(RdmaProxyProvider.isUverbsNode(Path.of("/dev/infiniband/uverbs3")), "uverbs3");
        assertFalse(RdmaProxyProvider.isUverbsNode(Path.of("/dev/infiniband/rdma_cm")), "rdma_cm is not a uverbs node");
        assertFalse(RdmaProxyProvider.isUverbsNode(Path.of("/")), "the root has no file name");
    }
}
