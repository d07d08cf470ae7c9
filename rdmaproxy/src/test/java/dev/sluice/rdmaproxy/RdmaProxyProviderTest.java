package dev.sluice.rdmaproxy;

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

    @ParameterizedTest
    @ValueSource(strings = {"/dev/infiniband/uverbs0", "/dev/infiniband/uverbs12"})
    void grantingAUverbsNodeIsRefused(String device) {
        RdmaProxyProvider p = new RdmaProxyProvider();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> p.create(granting(Path.of("/dev/null"), Path.of(device))),
                "a uverbs node is never granted without mediation");
        assertTrue(e.getMessage().contains(device), "the message names the device: " + e.getMessage());
    }

    @Test
    void isUverbsNodeLooksAtTheFileName() {
        assertTrue(RdmaProxyProvider.isUverbsNode(Path.of("/dev/infiniband/uverbs3")), "uverbs3");
        assertFalse(RdmaProxyProvider.isUverbsNode(Path.of("/dev/infiniband/rdma_cm")), "rdma_cm is not a uverbs node");
        assertFalse(RdmaProxyProvider.isUverbsNode(Path.of("/")), "the root has no file name");
    }
}
