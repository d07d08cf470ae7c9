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
    @ValueSource(strings = {"/dev/nvidia0", "/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidia7"})
    void grantingAnNvidiaNodeIsRefused(String device) {
        NvProxyProvider p = new NvProxyProvider();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> p.create(granting(Path.of("/dev/null"), Path.of(device))),
                "an NVIDIA node is never granted without mediation");
        assertTrue(e.getMessage().contains(device), "the message names the device: " + e.getMessage());
    }

    @Test
    void isNvidiaNodeLooksAtTheFileName() {
        assertTrue(NvProxyProvider.isNvidiaNode(Path.of("/dev/nvidia0")), "/dev/nvidia0");
        assertFalse(NvProxyProvider.isNvidiaNode(Path.of("/dev/nvidia0").getRoot()), "the root has no file name");
        assertFalse(NvProxyProvider.isNvidiaNode(Path.of("/dev/dri/card0")), "a DRM node is not NVIDIA's");
    }
}
