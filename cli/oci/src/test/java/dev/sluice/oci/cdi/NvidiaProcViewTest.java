package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.sluice.sentry.launch.ProcView;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a GPU container sees of /proc/driver/nvidia, on a fake /proc. */
class NvidiaProcViewTest {
    private static final String PARAMS =
            "ResmanDebugLevel: 4294967295\nModifyDeviceFiles: 1\nEnableMSI: 1\n";

    @TempDir Path proc;

    private Path nvidia;

    @BeforeEach
    void driver() throws IOException {
        nvidia = Files.createDirectories(proc.resolve("driver/nvidia"));
        gpu("0000:01:00.0", 0);
        gpu("0000:41:00.0", 1);
        Files.writeString(nvidia.resolve("params"), PARAMS);
        Files.writeString(
                nvidia.resolve("version"),
                "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15\n");
    }

    private void gpu(String address, int minor) throws IOException {
        Path d = Files.createDirectories(nvidia.resolve("gpus").resolve(address));
        Files.writeString(
                d.resolve("information"),
                "Model: \t\t NVIDIA H100\nIRQ:   \t\t 42\nDevice Minor:\t "
                        + minor
                        + "\nBus Location: \t "
                        + address
                        + "\n");
    }

    @Test
    void grantingOneGpuNodeKeepsOnlyItsAddressAndTurnsOffNodeCreation() {
        ProcView v =
                NvidiaProcView.of(
                        proc, List.of("/dev/nvidiactl", "/dev/nvidia1", "/dev/nvidia-uvm"));
        assertEquals(
                new ProcView(
                        "driver/nvidia",
                        Map.of("gpus", Set.of("0000:41:00.0")),
                        Map.of(
                                "params",
                                "ResmanDebugLevel: 4294967295\nModifyDeviceFiles: 0\nEnableMSI: 1\n")),
                v);
    }

    @Test
    void grantingBothGpuNodesKeepsBothAddresses() {
        ProcView v = NvidiaProcView.of(proc, List.of("/dev/nvidia0", "/dev/nvidia1"));
        assertEquals(Set.of("0000:01:00.0", "0000:41:00.0"), v.filtered().get("gpus"));
    }

    @Test
    void aGrantedMinorNoAddressSaysKeepsNone() {
        ProcView v = NvidiaProcView.of(proc, List.of("/dev/nvidia7"));
        assertEquals(Map.of("gpus", Set.of()), v.filtered());
    }

    @Test
    void paramsWithoutTheLineGetItAppended() throws IOException {
        Files.writeString(nvidia.resolve("params"), "EnableMSI: 1\n");
        ProcView v = NvidiaProcView.of(proc, List.of("/dev/nvidia0"));
        assertEquals("EnableMSI: 1\nModifyDeviceFiles: 0\n", v.files().get("params"));
    }

    @Test
    void noGpuNodeMeansNoView() {
        assertSame(
                ProcView.NONE,
                NvidiaProcView.of(proc, List.of("/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/null")));
        assertSame(ProcView.NONE, NvidiaProcView.of(proc, List.of()));
        assertSame(
                ProcView.NONE,
                NvidiaProcView.of(proc, List.of("/dev/nvidia0x", "/dev/nvidia/0")),
                "only /dev/nvidiaN is a GPU node");
    }

    @Test
    void aHostWithoutTheDriversProcHasNoView() throws IOException {
        Path empty = Files.createDirectories(proc.resolve("elsewhere"));
        assertSame(ProcView.NONE, NvidiaProcView.of(empty, List.of("/dev/nvidia0")));
    }
}
