package dev.sluice.rdmaproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.sentry.launch.SysView;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

class UverbsSysViewTest {
    @TempDir Path tmp;

    /**
     * {@code class/CLASS/NAME -> ../../devices/virtual/CLASS/NAME} with an {@code ibdev} attribute.
     */
    private void entry(Path sys, String cls, String name, String ibdev) throws IOException {
        Path dir =
                Files.createDirectories(sys.resolve("devices/virtual").resolve(cls).resolve(name));
        Files.writeString(dir.resolve("ibdev"), ibdev + "\n");
        Path c = Files.createDirectories(sys.resolve("class").resolve(cls));
        Files.createSymbolicLink(
                c.resolve(name), Path.of("../../devices/virtual").resolve(cls).resolve(name));
    }

    @Test
    void theViewKeepsTheGrantedNodesTheirDevicesAndTheirMadPortsAndRefusesRdmaNetlink()
            throws IOException {
        Path sys = tmp.resolve("sys");
        entry(sys, "infiniband_verbs", "uverbs0", "rxe0");
        entry(sys, "infiniband_verbs", "uverbs1", "rxe1");
        entry(sys, "infiniband_verbs", "uverbs2", "mlx5_0");
        entry(sys, "infiniband_mad", "umad0", "mlx5_0");
        entry(sys, "infiniband_mad", "issm0", "mlx5_0");
        entry(sys, "infiniband_mad", "umad1", "mlx5_1");
        Files.writeString(sys.resolve("class/infiniband_mad/abi_version"), "5\n");
        SysView v = UverbsDevices.sysView(sys, List.of("uverbs0", "uverbs2"));
        assertEquals(
                List.of(
                        new SysView.SysClass("infiniband", Set.of("rxe0", "mlx5_0")),
                        new SysView.SysClass("infiniband_verbs", Set.of("uverbs0", "uverbs2")),
                        new SysView.SysClass("infiniband_mad", Set.of("umad0", "issm0"))),
                v.classes(),
                "the granted nodes, their RDMA devices (ibdev) and those devices' umad/issm entries");
        assertEquals(
                Set.of(UverbsDevices.NETLINK_RDMA),
                v.refusedNetlink(),
                "RDMA netlink would list every device");
        assertEquals(
                20, UverbsDevices.NETLINK_RDMA, "NETLINK_RDMA in include/uapi/linux/netlink.h");
    }

    @Test
    void withoutUmadTheMadClassKeepsNothing() throws IOException {
        Path sys = tmp.resolve("sys");
        entry(sys, "infiniband_verbs", "uverbs0", "rxe0");
        SysView v = UverbsDevices.sysView(sys, List.of("uverbs0"));
        assertEquals(
                new SysView.SysClass("infiniband_mad", Set.of()),
                v.classes().get(2),
                "no class/infiniband_mad: none kept");
    }
}
