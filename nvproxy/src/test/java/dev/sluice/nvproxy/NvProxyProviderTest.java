package dev.sluice.nvproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NvProxyProviderTest {

    private static ProxyConfig granting(Path... devices) {
        return new ProxyConfig(List.of(devices), Set.of(), Map.of());
    }

    @Test
    void serviceLoaderFindsTheProvider() {
        List<DeviceProxyProvider> found = ServiceLoader.load(DeviceProxyProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof NvProxyProvider)
                .toList();
        assertEquals(1, found.size(), "META-INF/services registers NvProxyProvider once");
        assertEquals("nvproxy", found.get(0).name(), "its name");
        assertFalse(found.get(0).description().isBlank(), "a description for `sluice proxies`");
    }

    @Test
    void noDevicesNoProxy() {
        NvProxyProvider p = new NvProxyProvider();
        assertTrue(p.create(granting()).isEmpty(), "nothing granted: no proxy");
        assertTrue(p.create(new ProxyConfig(List.of(), Set.of("nvproxy"), Map.of())).isEmpty(),
                "nvproxy is activated by devices, not by --proxy");
        assertTrue(p.create(granting(Path.of("/dev/null"), Path.of("/dev/infiniband/uverbs0"))).isEmpty(),
                "other devices do not activate it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/nvidia0", "/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia7"})
    void withoutADriverToAskGrantingAnNvidiaNodeFailsClearly(String device) {
        org.junit.jupiter.api.Assumptions.assumeFalse(java.nio.file.Files.exists(Path.of("/dev/nvidiactl")),
                "skipped: this host has an NVIDIA driver (the GPU suite covers it)");
        NvProxyProvider p = new NvProxyProvider();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> p.create(granting(Path.of("/dev/null"), Path.of(device))),
                "no driver version, no tables: the sandbox must not start");
        assertTrue(e.getMessage().contains("/dev/nvidiactl"), "the message says what could not be asked: "
                + e.getMessage());
    }

    @Test
    void isNvidiaNodeLooksAtTheFileName() {
        assertTrue(NvidiaDevices.isNvidiaNode(Path.of("/dev/nvidia0")), "/dev/nvidia0");
        assertFalse(NvidiaDevices.isNvidiaNode(Path.of("/dev/nvidia0").getRoot()), "the root has no file name");
        assertFalse(NvidiaDevices.isNvidiaNode(Path.of("/dev/dri/card0")), "a DRM node is not NVIDIA's");
        assertEquals(java.util.Optional.of(7), NvidiaDevices.minorOf(Path.of("/dev/nvidia7")), "minor of nvidia7");
        assertTrue(NvidiaDevices.minorOf(Path.of("/dev/nvidiactl")).isEmpty(), "nvidiactl is no GPU");
    }

    @Test
    void charMajorReadsTheCharacterSection(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path devices = dir.resolve("devices");
        java.nio.file.Files.writeString(devices, "Character devices:\n  1 mem\n195 nvidia\n238 nvidia-uvm\n\n"
                + "Block devices:\n238 nvidia-uvm\n");
        assertEquals(238, NvProxyProvider.charMajor(devices, "nvidia-uvm"), "char major of nvidia-uvm");
        assertEquals(-1, NvProxyProvider.charMajor(devices, "nvidia-caps"), "absent driver");
    }
}
