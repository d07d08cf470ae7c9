package dev.sluice.nvproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.driver.NvidiaDevices;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NvProxyProviderTest {

    private static ProxyConfig granting(Path... devices) {
        return new ProxyConfig(List.of(devices), Set.of(), Map.of());
    }

    @Test
    void serviceLoaderFindsTheProvider() {
        List<DeviceProxyProvider> found =
                ServiceLoader.load(DeviceProxyProvider.class).stream()
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
        assertTrue(
                p.create(new ProxyConfig(List.of(), Set.of("nvproxy"), Map.of())).isEmpty(),
                "nvproxy is activated by devices, not by --proxy");
        assertTrue(
                p.create(granting(Path.of("/dev/null"), Path.of("/dev/infiniband/uverbs0")))
                        .isEmpty(),
                "other devices do not activate it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/nvidia0", "/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia7"})
    void withoutADriverToAskGrantingAnNvidiaNodeFailsClearly(String device) {
        org.junit.jupiter.api.Assumptions.assumeFalse(
                java.nio.file.Files.exists(Path.of("/dev/nvidiactl")),
                "skipped: this host has an NVIDIA driver (the GPU suite covers it)");
        NvProxyProvider p = new NvProxyProvider();
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> p.create(granting(Path.of("/dev/null"), Path.of(device))),
                        "no driver version, no tables: the sandbox must not start");
        assertTrue(
                e.getMessage().contains("/dev/nvidiactl"),
                "the message says what could not be asked: " + e.getMessage());
    }

    @Test
    void isNvidiaNodeLooksAtTheFileName() {
        assertTrue(NvidiaDevices.isNvidiaNode(Path.of("/dev/nvidia0")), "/dev/nvidia0");
        assertFalse(
                NvidiaDevices.isNvidiaNode(Path.of("/dev/nvidia0").getRoot()),
                "the root has no file name");
        assertFalse(
                NvidiaDevices.isNvidiaNode(Path.of("/dev/dri/card0")),
                "a DRM node is not NVIDIA's");
        assertEquals(
                java.util.Optional.of(7),
                NvidiaDevices.minorOf(Path.of("/dev/nvidia7")),
                "minor of nvidia7");
        assertTrue(
                NvidiaDevices.minorOf(Path.of("/dev/nvidiactl")).isEmpty(), "nvidiactl is no GPU");
    }

    @Test
    void chardevsReadTheNvidiaMajorsOfTheCharacterSection(@TempDir Path dir) throws Exception {
        Path devices = dir.resolve("devices");
        Files.writeString(
                devices,
                "Character devices:\n  1 mem\n195 nvidia\n238 nvidia-uvm\n239 nvidia-caps\n"
                        + "240 rdma_cm\n\nBlock devices:\n238 nvidia-uvm\n241 nvidia-fake-block\n");
        NvidiaChardevs c = NvidiaChardevs.read(devices);
        assertEquals(238, c.uvmMajor(), "char major of nvidia-uvm");
        assertEquals(
                Map.of(238, "nvidia-uvm", 239, "nvidia-caps"),
                c.dynamicMajors(),
                "only the char majors of NVIDIA drivers, 195 aside (it is always NVIDIA's)");
        assertEquals(
                -1,
                NvidiaChardevs.read(dir.resolve("absent")).uvmMajor(),
                "no /proc/devices: no nvidia-uvm");
    }

    @Test
    void mediatesDecidesByNumberAloneWithOrWithoutTheDriver(@TempDir Path dir) throws Exception {
        NvProxyProvider loaded = provider(dir, Map.of());
        assertTrue(loaded.mediates(new CharDevice(195, 0)), "a GPU");
        assertTrue(loaded.mediates(new CharDevice(195, 255)), "nvidiactl");
        assertTrue(loaded.mediates(new CharDevice(238, 0)), "nvidia-uvm, a dynamic major");
        assertTrue(loaded.mediates(new CharDevice(239, 7)), "nvidia-caps: refused, not unmediated");
        assertFalse(loaded.mediates(new CharDevice(1, 3)), "/dev/null");
        NvProxyProvider none = new NvProxyProvider(dir.resolve("absent"), p -> Optional.empty());
        assertTrue(
                none.mediates(new CharDevice(195, 1)),
                "195 is NVIDIA's even before its driver is loaded");
        assertFalse(none.mediates(new CharDevice(238, 0)), "an unregistered major is nobody's");
        assertTrue(loaded.mediates(new CharDevice(195, CharDevice.ANY)), "195:*");
        assertTrue(loaded.mediates(new CharDevice(239, CharDevice.ANY)), "nvidia-caps:*");
        assertTrue(
                none.mediates(new CharDevice(CharDevice.ANY, CharDevice.ANY)),
                "*:* holds NVIDIA's numbers");
        assertFalse(loaded.mediates(new CharDevice(10, CharDevice.ANY)), "misc:* is not NVIDIA's");
    }

    // ---- nodes no table covers (security issue 15, item 4) ----

    private static final String PROC_DEVICES =
            "Character devices:\n195 nvidia\n236 nvidia-nvlink\n237 nvidia-nvswitch\n"
                    + "238 nvidia-uvm\n239 nvidia-caps\n240 nvidia-caps-imex-channels\n\nBlock devices:\n";

    /**
     * A provider whose nodes are the device numbers in {@code numbers} and whose /proc/devices is
     * {@link #PROC_DEVICES}.
     */
    private static NvProxyProvider provider(Path dir, Map<Path, CharDevice> numbers)
            throws Exception {
        Path devices = dir.resolve("devices");
        Files.writeString(devices, PROC_DEVICES);
        return new NvProxyProvider(devices, p -> Optional.ofNullable(numbers.get(p)));
    }

    @ParameterizedTest
    @CsvSource({
        "195, 250, nvidia", // unused minors of the frontend major
        "195, 248, nvidia",
        "239, 1, nvidia-caps", // MIG config capability
        "240, 0, nvidia-caps-imex-channels",
        "236, 0, nvidia-nvlink",
        "237, 3, nvidia-nvswitch",
        "238, 2, nvidia-uvm", // a UVM minor that is neither the device nor its tools
    })
    void aNodeNoTableCoversIsRefusedAtStartNamingIt(
            int major, int minor, String driver, @TempDir Path dir) throws Exception {
        Path node = dir.resolve("renamed-node"); // the name must not matter
        NvProxyProvider p =
                provider(
                        dir,
                        Map.of(
                                node,
                                new CharDevice(major, minor),
                                dir.resolve("nvidiactl"),
                                new CharDevice(195, 255)));
        ProxyConfig config = granting(node, dir.resolve("nvidiactl"));
        assertTrue(
                p.wanted(config),
                "an NVIDIA device number makes NVProxy wanted, whatever the node's name");
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> p.create(config),
                        "a node no table covers must not be granted");
        assertTrue(
                e.getMessage().contains(node.toString()),
                "the message names the node: " + e.getMessage());
        assertTrue(
                e.getMessage().contains(major + ":" + minor) && e.getMessage().contains(driver),
                "and its device number and driver: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("no NVProxy table covers"),
                "and says why: " + e.getMessage());
        assertFalse(
                e.getMessage().contains("nvidiactl failed")
                        || e.getMessage().contains("cannot open"),
                "refused before the driver is asked anything: " + e.getMessage());
    }

    @Test
    void everyUncoveredNodeIsNamedInOneMessage(@TempDir Path dir) throws Exception {
        Path caps = dir.resolve("nvidia-cap1");
        Path link = dir.resolve("nvidia-nvlink");
        NvProxyProvider p =
                provider(dir, Map.of(caps, new CharDevice(239, 1), link, new CharDevice(236, 0)));
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> p.create(granting(caps, link)));
        assertTrue(
                e.getMessage().contains(caps.toString())
                        && e.getMessage().contains(link.toString()),
                "both nodes named: " + e.getMessage());
    }

    @Test
    void aNodeOfAnotherDriverNamedNvidiaIsNotNvidias(@TempDir Path dir) throws Exception {
        Path fake = dir.resolve("nvidia0");
        Files.createFile(fake); // exists, and is no char device of an NVIDIA driver
        NvProxyProvider p = provider(dir, Map.of(dir.resolve("nvidia-null"), new CharDevice(1, 3)));
        assertFalse(
                p.wanted(granting(dir.resolve("nvidia-null"))),
                "/dev/null named nvidia-null is not NVIDIA's");
        assertFalse(
                p.wanted(granting(fake)), "an existing non-device named nvidia0 is not NVIDIA's");
        assertTrue(p.create(granting(dir.resolve("nvidia-null"), fake)).isEmpty(), "so no proxy");
    }

    @Test
    void coveredNodesAreClassifiedByNumber(@TempDir Path dir) throws Exception {
        NvidiaChardevs c =
                NvidiaChardevs.read(Files.writeString(dir.resolve("devices"), PROC_DEVICES));
        assertEquals(NvidiaNode.CONTROL, c.classify(195, 255), "nvidiactl");
        assertEquals(NvidiaNode.GPU, c.classify(195, 0), "nvidia0");
        assertEquals(NvidiaNode.GPU, c.classify(195, 247), "the last regular minor");
        assertEquals(
                NvidiaNode.MODESET, c.classify(195, 254), "nvidia-modeset: a table of its own");
        assertEquals(NvidiaNode.UVM, c.classify(238, 0), "nvidia-uvm");
        assertEquals(
                NvidiaNode.UVM_TOOLS, c.classify(238, 1), "nvidia-uvm-tools: a table of its own");
        assertEquals(NvidiaNode.NOT_NVIDIA, c.classify(1, 3), "/dev/null");
        assertEquals(NvidiaNode.NOT_NVIDIA, c.classify(231, 192), "a uverbs node");
        for (NvidiaNode n : NvidiaNode.values()) {
            assertEquals(
                    n == NvidiaNode.UNCOVERED || n == NvidiaNode.NOT_NVIDIA,
                    n.table() == null,
                    n + ": a table exactly for the covered kinds");
        }
    }

    @Test
    void theNodesOfANameThatCannotBeLookedAtAreJudgedByName() {
        assertEquals(
                NvidiaNode.GPU, NvidiaChardevs.classifyByName(Path.of("/dev/nvidia3")), "nvidia3");
        assertEquals(
                NvidiaNode.UVM_TOOLS,
                NvidiaChardevs.classifyByName(Path.of("/dev/nvidia-uvm-tools")),
                "tools");
        assertEquals(
                NvidiaNode.MODESET,
                NvidiaChardevs.classifyByName(Path.of("/dev/nvidia-modeset")),
                "modeset");
        assertEquals(
                NvidiaNode.UNCOVERED,
                NvidiaChardevs.classifyByName(Path.of("/dev/nvidia-caps/nvidia-cap2")),
                "a capability node");
        assertEquals(
                NvidiaNode.NOT_NVIDIA,
                NvidiaChardevs.classifyByName(Path.of("/dev/dri/renderD128")),
                "DRM");
    }

    @Test
    void gpusGrantsNoDrmOrOtherNvidiaNodes(@TempDir Path dev) throws Exception {
        for (String n :
                new String[] {
                    "nvidiactl",
                    "nvidia-uvm",
                    "nvidia-uvm-tools",
                    "nvidia-modeset",
                    "nvidia0",
                    "nvidia1",
                    "nvidia-nvswitchctl"
                }) {
            Files.createFile(dev.resolve(n));
        }
        Files.createDirectories(dev.resolve("dri"));
        Files.createFile(dev.resolve("dri/card0"));
        Files.createFile(dev.resolve("dri/renderD128"));
        Files.createDirectories(dev.resolve("nvidia-caps"));
        Files.createFile(dev.resolve("nvidia-caps/nvidia-cap1"));
        assertEquals(
                List.of(
                        dev.resolve("nvidiactl"),
                        dev.resolve("nvidia-uvm"),
                        dev.resolve("nvidia0"),
                        dev.resolve("nvidia1")),
                NvidiaDevices.nodes(dev, "all"),
                "--gpus all: the control node, UVM and the GPUs; /dev/dri only when asked for with --device");
        assertEquals(
                List.of(
                        dev.resolve("nvidiactl"),
                        dev.resolve("nvidia-uvm"),
                        dev.resolve("nvidia1")),
                NvidiaDevices.nodes(dev, "1"),
                "--gpus 1");
    }
}
