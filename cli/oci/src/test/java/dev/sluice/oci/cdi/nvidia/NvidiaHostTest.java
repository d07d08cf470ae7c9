package dev.sluice.oci.cdi.nvidia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class NvidiaHostTest {
    @TempDir Path root;

    @Test
    void discoversTheDriverOfAFakeTreeAsHostPaths() throws Exception {
        FakeNvidiaTree.create(root);
        NvidiaHost h = FakeNvidiaTree.discover(root);
        assertEquals("580.159.04", h.driverVersion());
        assertEquals(
                List.of(
                        new NvidiaHost.Gpu(0, FakeNvidiaTree.UUID0, "0000:19:00.0"),
                        new NvidiaHost.Gpu(1, FakeNvidiaTree.UUID1, "0000:0a:00.0")),
                h.gpus(),
                "sorted by minor, whatever the PCI order; keys and values trimmed");
        assertEquals(
                List.of("/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-modeset"),
                h.controlNodes(),
                "the missing nvidia-uvm-tools is tolerated");
        String lib = FakeNvidiaTree.LIB;
        assertEquals(
                List.of(
                        new NvidiaHost.Library(lib + "/libcuda.so.580.159.04", "libcuda.so.1"),
                        new NvidiaHost.Library(
                                lib + "/libnvidia-ml.so.580.159.04", "libnvidia-ml.so.1"),
                        new NvidiaHost.Library(
                                lib + "/libnvidia-ptxjitcompiler.so.580.159.04",
                                "libnvidia-ptxjitcompiler.so.1")),
                h.libraries(),
                "real files of this version, once each, x86-64 only; links resolved inside the"
                        + " tree; other versions, 32-bit and stale entries left out");
        assertEquals(
                List.of(
                        "/usr/bin/nvidia-smi",
                        "/usr/bin/nvidia-persistenced",
                        "/usr/local/bin/nvidia-cuda-mps-control"),
                h.binaries(),
                "executables on the PATH only");
        assertEquals(
                List.of(
                        "/lib/firmware/nvidia/580.159.04/gsp_ga10x.bin",
                        "/lib/firmware/nvidia/580.159.04/gsp_tu10x.bin"),
                h.firmware());
        assertEquals("/run/nvidia-persistenced/socket", h.persistencedSocket());
    }

    @Test
    void noDriverIsOneLineNamingTheMissingFile() {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> NvidiaHost.discover(root, "", List.of("/usr/bin")));
        assertEquals(
                "no NVIDIA driver loaded (/sys/module/nvidia/version missing)", e.getMessage());
    }

    @Test
    void aGpuWhoseNodeIsMissingIsAnError() throws Exception {
        FakeNvidiaTree.create(root);
        Files.delete(root.resolve("dev/nvidia1"));
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> FakeNvidiaTree.discover(root));
        assertEquals(
                "GPU 0000:0a:00.0 has device minor 1 but /dev/nvidia1 is missing", e.getMessage());
    }

    @Test
    void aHostWithoutSocketOrFirmwareHasNone() throws Exception {
        FakeNvidiaTree.create(root);
        Files.delete(root.resolve("run/nvidia-persistenced/socket"));
        Files.delete(root.resolve("lib/firmware/nvidia/580.159.04/gsp_ga10x.bin"));
        Files.delete(root.resolve("lib/firmware/nvidia/580.159.04/gsp_tu10x.bin"));
        NvidiaHost h = FakeNvidiaTree.discover(root);
        assertNull(h.persistencedSocket());
        assertEquals(List.of(), h.firmware());
    }

    @Test
    void ldconfigsListingIsParsedWithItsFlags() {
        List<LdCache.Entry> e = LdCache.parse(FakeNvidiaTree.LISTING);
        assertEquals(10, e.size(), "the header and trailer lines are not entries");
        LdCache.Entry abi = e.get(7);
        assertEquals("libcuda.so.1", abi.name());
        assertEquals(List.of("libc6", "x86-64", "OS ABI: Linux 3.2.0"), abi.flags());
        assertEquals(FakeNvidiaTree.LIB + "/libcuda.so.1", abi.path());
        assertEquals(false, e.get(6).isX86_64());
    }
}
